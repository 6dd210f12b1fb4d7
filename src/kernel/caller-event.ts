/**
 * The audit event of a change a management caller made (CONTRACT §9 audit, §10 webhooks): what
 * happened, in which tenant and org, done by the principal, with its details. Built here once for
 * the management features; the event journal records it inside the change's unit.
 */
import { actorOf, type Principal } from "./authz";

export const callerEvent = (
  p: Principal,
  type: string,
  tenantId: number,
  org: { id: number; path: string } | null | undefined,
  data: Record<string, unknown>,
) => ({ type, tenantId, org, actor: actorOf(p), data });
