/**
 * Back-channel logout notices (OpenID Connect Back-Channel Logout 1.0, CONTRACT §13): when sessions
 * end, each client of theirs that registered a `backchannelLogoutUri` is told. The sessions
 * feature's ending records these notices with its event; the outbox delivers each as a logout
 * token signed at delivery (src/jobs/webhook-delivery.ts, the tokens feature's `mintLogoutToken`).
 */
import type { ClientDirectory } from "../../../features/clients";
import type { LogoutNotice } from "../../../features/events";
import type { LogoutNoticesOf } from "../../../features/sessions";

/**
 * The logout notices for `clientIds` (those of the tenant with a back-channel URI), naming the
 * browser session `sid` when given (Back-Channel Logout 1.0 §2.4: without `sid`, every session of
 * the user at the OP ended).
 */
export function backchannelNotices(directory: Pick<ClientDirectory, "resolve">): LogoutNoticesOf {
  return async (tenantId, userId, clientIds, sid) => {
    const out: LogoutNotice[] = [];
    for (const clientId of new Set(clientIds)) {
      const r = await directory.resolve(clientId);
      const url = r?.client.backchannelLogoutUri;
      if (!r || r.client.tenantId !== tenantId || !url) continue;
      out.push({ clientId, url, sub: String(userId), ...(sid ? { sid } : {}) });
    }
    return out;
  };
}
