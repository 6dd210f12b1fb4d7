/**
 * Read replica routing (DATABASE_READ_URL; docs/decisions.md, "Read replica"). The whole list of
 * reads a streaming replica may serve is REPLICA_READS below: listings and logs shown to an operator,
 * where an answer a few seconds old is acceptable. Every other read stays on the primary, in
 * particular everything that signs in, mints or refreshes a token, checks an authorization, decides
 * a write, or reads back what the same client has just written (create-then-get).
 *
 * A method listed here must only be called to show a listing: it may miss rows committed in the
 * last moments (the replica's replay lag), e.g. a user created a moment ago may be absent from the
 * org's user list. Units of work never see the replica (their repositories are built over the
 * transaction), so nothing inside a unit can read from it.
 */
import type { Repos } from "../../src/stores";

export const REPLICA_READS = {
  /** GET /api/audit: the audit trail of an org's subtree. */
  audit: ["query"],
  /** GET /api/organizations, /api/organizations/search, /api/tenant-hierarchy/visible-orgs/{id}. */
  orgs: ["listReachable", "search", "children"],
  /** GET /api/users?organizationId= (the users and their roles at that org), GET /api/roles. */
  users: ["listByOrg"],
  roles: ["listByOrg", "rolesAt"],
  /** GET /api/clients and GET /api/webhooks (lists only; a single record is read from the primary). */
  clients: ["listByOrg"],
  webhooks: ["listByOrg"],
  /** GET /api/webhooks/{id}/deliveries, and the webhook_outbox_backlog gauge of /metrics. */
  outbox: ["listByWebhook", "backlog"],
  /** GET /api/import/jobs. */
  imports: ["listJobs"],
} as const satisfies { [K in keyof Repos]?: readonly (keyof Repos[K] & string)[] };

/** `primary` with the methods of REPLICA_READS taken from `replica` (repositories over the replica). */
export function routeReads(primary: Repos, replica: Repos): Repos {
  const routed: Record<string, unknown> = { ...primary };
  for (const [port, methods] of Object.entries(REPLICA_READS) as [keyof Repos, readonly string[]][]) {
    const p = primary[port] as unknown as Record<string, unknown>;
    const r = replica[port] as unknown as Record<string, unknown>;
    routed[port] = { ...p, ...Object.fromEntries(methods.map((m) => [m, r[m]])) };
  }
  return routed as unknown as Repos;
}
