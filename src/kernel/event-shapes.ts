/**
 * The two shapes of audit event the features word most (CONTRACT §9 audit, §10 webhooks): a change
 * a management caller made, and something that happened to a user (a sign-in step, a password or
 * passkey change). Built here once; the event journal records them inside the change's unit.
 */
import { actorOf, type Principal } from "./authz";

/** `type` done by the management caller `p` in `tenantId` (at `org`), with its details. */
export const callerEvent = (
  p: Principal,
  type: string,
  tenantId: number,
  org: { id: number; path: string } | null | undefined,
  data: Record<string, unknown>,
) => ({ type, tenantId, org, actor: actorOf(p), data });

/** `type` that happened to `user` (its home `org`), done by `actor` (the user, or only an address), with its details. */
export const userEvent = (
  user: { id: number; tenantId: number },
  org: { id: number; path: string } | null | undefined,
  type: string,
  actor: { userId?: number | null; ip: string | null },
  data: Record<string, unknown>,
) => ({ type, tenantId: user.tenantId, org, actor, target: { userId: user.id }, data });
