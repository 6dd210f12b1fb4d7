/**
 * API clients (machine identities): registration and listing for management callers
 * (SPEC 4.3, CONTRACT §5). Secrets are 32 random bytes shown once; only their SHA-256 is stored
 * (a high-entropy secret needs no slow hash).
 */
import { actorOf, requirePermission, requireReach, tenantOf, type Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import { fieldError, notFound, validation, type FieldError } from "../../kernel/errors";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { AppRepo } from "../apps/ports";
import type { EventJournal } from "../events";
import type { OrgRepo } from "../orgs/ports";
import type { ApiClient, ClientRepo } from "./ports";

/** SPEC 8: the scope a client gets when none are given. */
export const DEFAULT_SCOPE = "api.default";
/** CONTRACT §5: scope grammar. */
export const SCOPE_RE = /^[A-Za-z0-9._:/-]{1,128}$/;

export interface ClientServiceDeps {
  clients: ClientRepo;
  orgs: OrgRepo;
  apps: AppRepo;
  /** Runs the create and its audit entry atomically. */
  unit: Unit<{ clients: ClientRepo; events: EventJournal }>;
  clock: Clock;
}

export interface NewClientInput {
  name: string;
  orgId: number;
  applicationId?: number;
  scopes?: string[];
}

export interface RegisteredClient {
  client: ApiClient;
  /** Plaintext secret: returned to the caller once, never stored. */
  clientSecret: string;
}

/** Deduplicates in order; omitted or empty means the default scope. */
export function normalizeScopes(scopes: string[] | undefined): string[] {
  const list = scopes && scopes.length ? scopes : [DEFAULT_SCOPE];
  return [...new Set(list)];
}

export function createClientService(deps: ClientServiceDeps) {
  /**
   * Registers a client in `orgId`. Needs CLIENT_MANAGE and the org inside the caller's reach
   * (another tenant's org is 404, an out-of-reach org of the own tenant 403). A bound client
   * (`applicationId`, same tenant) may hold only `api.default` and that application's permission
   * codes; anything else is 400 listing every refused scope. Writes `client.created` to the audit
   * trail in the same transaction and tells every instance's client cache.
   */
  async function register(p: Principal, input: NewClientInput): Promise<RegisteredClient> {
    requirePermission(p, "CLIENT_MANAGE");
    const org = await deps.orgs.get(tenantOf(p), input.orgId);
    requireReach(p, org);
    const name = input.name.trim();
    if (!name) throw fieldError("name", "must not be blank");
    const scopes = normalizeScopes(input.scopes);
    const errors: FieldError[] = [];
    scopes.forEach((s, i) => {
      if (!SCOPE_RE.test(s)) errors.push({ field: `scopes.${i}`, message: "must match ^[A-Za-z0-9._:/-]{1,128}$" });
    });
    let applicationId: number | null = null;
    if (input.applicationId !== undefined) {
      const app = await deps.apps.get(org.tenantId, input.applicationId);
      if (!app) throw notFound("Application");
      if (app.isSystem)
        throw fieldError("applicationId", "the service's own management application cannot be a client audience");
      // Like a role's vocabulary: an org may use the applications of itself and its ancestors, never a
      // sibling's or a descendant's (whose APIs would otherwise accept this client's tokens).
      const owner = await deps.orgs.get(org.tenantId, app.organizationId);
      if (!owner || !org.path.startsWith(owner.path))
        throw fieldError(
          "applicationId",
          "must be an application of the client's organization or of one of its ancestors",
        );
      applicationId = app.id;
      const allowed = new Set([
        DEFAULT_SCOPE,
        ...(await deps.apps.listPermissions(org.tenantId, app.id)).map((x) => x.code),
      ]);
      scopes.forEach((s, i) => {
        if (SCOPE_RE.test(s) && !allowed.has(s))
          errors.push({
            field: `scopes.${i}`,
            message: `"${s}" is neither api.default nor a permission code of application ${app.id}`,
          });
      });
    }
    if (errors.length)
      throw validation(`Refused scopes: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}.`, errors);

    const clientSecret = randomToken(32);
    const record: ApiClient = {
      clientId: `cli_${randomToken(16)}`,
      tenantId: org.tenantId,
      organizationId: org.id,
      applicationId,
      name,
      secretHash: sha256Hex(clientSecret),
      scopes,
      createdAt: deps.clock.now(),
    };
    const client = await deps.unit("clients.register", ["clients", "events"], async ({ clients, events }) => {
      const created = await clients.create(record);
      await events.record({
        type: "client.created",
        tenantId: org.tenantId,
        org,
        actor: actorOf(p),
        data: { clientId: created.clientId, name, applicationId, scopes },
      });
      return created;
    });
    return { client, clientSecret };
  }

  /** Clients of `orgId` (CLIENT_MANAGE + reach, as for register). Never returns secrets to the wire. */
  async function list(p: Principal, orgId: number): Promise<ApiClient[]> {
    requirePermission(p, "CLIENT_MANAGE");
    const org = await deps.orgs.get(tenantOf(p), orgId);
    requireReach(p, org);
    return deps.clients.listByOrg(org.tenantId, org.id);
  }

  return { register, list };
}

export type ClientService = ReturnType<typeof createClientService>;
