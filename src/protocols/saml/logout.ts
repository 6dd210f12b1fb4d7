/**
 * Single logout (CONTRACT §17, §13): a LogoutRequest from a registered SP ends the browser session
 * it names through the sessions feature, and the LogoutResponse goes back over HTTP-Redirect with
 * its query signed by the service's key.
 */
import type { Clock } from "../../kernel/clock";
import type { UserRepo } from "../../kernel/users";
import type { BrowserContext, JourneyOutcome, JourneyService } from "../../features/journey";
import { idpUrls, type SamlProviderRepo } from "../../features/saml-providers";
import type { BrowserSession } from "../../features/sessions";
import type { XmlSigningKey } from "../../features/tokens";
import { logoutResponseXml, STATUS } from "./messages";
import { samlAnswer as answer, samlError as errorPage } from "./outcomes";
import { type Incoming, logoutSubject, readMessage, type ReadMessage } from "./request";
import { redirectQuery, SamlMessageError } from "./xml";

export interface SingleLogoutDeps {
  issuer: string;
  clock: Clock;
  samlProviders: Pick<SamlProviderRepo, "findByEntityId">;
  users: Pick<UserRepo, "get">;
  journey: Pick<JourneyService, "currentSession">;
  xmlSigning(): Promise<{ current: XmlSigningKey; certificates: string[] }>;
  /** The sessions feature's ending of a browser session (CONTRACT §13). */
  endSignIn(
    tenantId: number,
    sid: string,
    ctx: { actor: { userId?: number | null; ip: string | null }; via: string },
  ): Promise<BrowserSession | null>;
}

export function createSingleLogout(deps: SingleLogoutDeps) {
  const now = () => deps.clock.now();
  const idp = (tenantId: number) => idpUrls(deps.issuer, tenantId);
  /**
   * `GET|POST /saml/{tenantId}/slo`: a LogoutRequest from a registered SP with an SLO URL (signed
   * when the SP registered a certificate) ends the browser session it names as §13 does, and the
   * LogoutResponse goes back over HTTP-Redirect (its query signed with our key).
   */
  async function logout(tenantId: number, incoming: Incoming, browser: BrowserContext): Promise<JourneyOutcome> {
    let m: ReadMessage;
    try {
      m = readMessage(incoming, "LogoutRequest");
    } catch (e) {
      return errorPage(
        "bad_request",
        "LogoutRequest readable",
        e instanceof SamlMessageError ? e.reason : "unreadable",
      );
    }
    const sp = await deps.samlProviders.findByEntityId(tenantId, m.issuer);
    if (!sp) return errorPage("unknown_client", "Issuer is a registered SP of the tenant", "Unknown SP.", m.issuer);
    if (!sp.sloUrl) return errorPage("bad_redirect", "the SP registered an SLO URL", "No SLO URL registered.");
    const signed = !!sp.certificate && m.signed(sp.certificate);
    if (sp.certificate && !signed)
      return errorPage(
        "bad_request",
        "LogoutRequest signed by the SP",
        "The request's signature is missing or invalid.",
      );
    const { nameId, sessionIndexes } = logoutSubject(m);
    const session = await deps.journey.currentSession(tenantId, browser.sessionCookie);
    let clear = false;
    const ctx = (userId: number) => ({ actor: { userId, ip: browser.ip }, via: "saml_logout" });
    // An unsigned request must name the session (its SessionIndex, the sid): a page elsewhere that
    // knows only a user id cannot sign the browser out (logout CSRF).
    if (session && (sessionIndexes.includes(session.sid) || (signed && !sessionIndexes.length))) {
      const user = await deps.users.get(tenantId, session.userId);
      const names = user ? [String(user.id), user.email] : [];
      if (user && names.includes(nameId)) {
        await deps.endSignIn(tenantId, session.sid, ctx(user.id));
        clear = true;
      }
    } else if (signed && sessionIndexes.length) {
      // A signed request from the SP that got these sessions ends them without the browser's cookie.
      for (const sid of sessionIndexes)
        await deps.endSignIn(tenantId, sid, { actor: { ip: browser.ip }, via: "saml_logout" });
    }
    // Success whether or not a session was live: the SP's session ends either way (SAML core §3.7.3.2).
    const xml = logoutResponseXml(idp(tenantId), sp.sloUrl, m.id, STATUS.success, now());
    const key = (await deps.xmlSigning()).current;
    const url = new URL(sp.sloUrl);
    const query = redirectQuery("SAMLResponse", xml, incoming.relayState, key.privateKey);
    const target = `${sp.sloUrl}${url.search ? "&" : "?"}${query}`;
    return answer({ kind: "saml_redirect", url: target }, clear ? { session: null } : undefined);
  }

  return logout;
}
