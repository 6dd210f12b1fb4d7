/**
 * API clients: registration, listing, reading and updating for management callers (SPEC 4.3,
 * CONTRACT §5 and §12). Machine clients and browser/native applications share one record.
 * Secrets are 32 random bytes shown once; only their SHA-256 is stored (a high-entropy secret
 * needs no slow hash). Public clients get no secret at all.
 */
import { actorOf, requirePermission, tenantOf, type Principal } from "../../kernel/authz";
import { callerEvent } from "../../kernel/event-shapes";
import type { Clock } from "../../kernel/clock";
import { fieldError, notFound, validation, type FieldError } from "../../kernel/errors";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { AppRepo } from "../apps/ports";
import type { EventJournal } from "../events";
import { reachableHome, reachableOrg } from "../orgs";
import type { OrgRepo } from "../orgs/ports";
import type { ApiClient, ClientPatch, ClientRepo, ClientType, GrantType } from "./ports";
import { backchannelUriProblem, checkUriList, grantProblems, redirectUriProblem, requirePkceProblem } from "./rules";

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
  /** SSO_WEBHOOK_ALLOW_PRIVATE: back-channel logout URIs may then use http on loopback. */
  allowPrivateTargets: boolean;
}

export interface NewClientInput {
  name: string;
  orgId: number;
  applicationId?: number;
  scopes?: string[];
  /** Default `confidential`. */
  type?: ClientType;
  /** Default `["client_credentials"]` (today's machine client). */
  grantTypes?: GrantType[];
  redirectUris?: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string | null;
  /** Default true (no consent page). */
  firstParty?: boolean;
  /** Default true; only a confidential client may set false (CONTRACT §12). */
  requirePkce?: boolean;
}

export interface RegisteredClient {
  client: ApiClient;
  /** Plaintext secret: returned to the caller once, never stored. Absent for a public client. */
  clientSecret?: string;
}

/** The browser-sign-in fields of a registration or update, checked against the client's grants. */
interface BrowserFields {
  redirectUris?: string[];
  postLogoutRedirectUris?: string[];
  backchannelLogoutUri?: string | null;
}

/** Deduplicates in order; omitted or empty means the default scope. */
export function normalizeScopes(scopes: string[] | undefined): string[] {
  const list = scopes && scopes.length ? scopes : [DEFAULT_SCOPE];
  return [...new Set(list)];
}

/** Deduplicates in order; omitted means `["client_credentials"]` (a machine client). */
export function normalizeGrants(grants: GrantType[] | undefined): GrantType[] {
  return [...new Set(grants ?? (["client_credentials"] as GrantType[]))];
}

/** One VALIDATION_FAILED naming every refused field. */
const refused = (errors: FieldError[]) =>
  validation(`Refused fields: ${errors.map((e) => `${e.field} ${e.message}`).join("; ")}.`, errors);

export function createClientService(deps: ClientServiceDeps) {
  /**
   * Registers a client in `orgId`. Needs CLIENT_MANAGE and the org inside the caller's reach
   * (another tenant's org is 404, an out-of-reach org of the own tenant 403). A bound client
   * (`applicationId`, same tenant) may hold only `api.default` and that application's permission
   * codes; anything else is 400 listing every refused scope. Browser and native clients (CONTRACT
   * §12) follow rules.ts: grant combinations, redirect and logout URIs, `requirePkce` (false only
   * for a confidential client); every refused field is listed in one 400. A public client gets no secret. Writes `client.created` to the audit trail
   * in the same transaction and tells every instance's client cache.
   */
  async function register(p: Principal, input: NewClientInput): Promise<RegisteredClient> {
    requirePermission(p, "CLIENT_MANAGE");
    const org = await reachableOrg(deps.orgs, p, input.orgId);
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
    const type = input.type ?? "confidential";
    const grantTypes = normalizeGrants(input.grantTypes);
    errors.push(...grantProblems(type, grantTypes, applicationId !== null));
    const requirePkce = input.requirePkce ?? true;
    const pkce = requirePkceProblem(type, requirePkce);
    if (pkce) errors.push(pkce);
    const uris = checkBrowserFields(grantTypes, input, errors);
    if (grantTypes.includes("authorization_code") && input.redirectUris === undefined)
      errors.push({ field: "redirectUris", message: "a client with authorization_code needs at least one" });
    if (errors.length) throw refused(errors);

    const clientSecret = type === "confidential" ? randomToken(32) : undefined;
    const record: ApiClient = {
      clientId: `cli_${randomToken(16)}`,
      tenantId: org.tenantId,
      organizationId: org.id,
      applicationId,
      name,
      secretHash: clientSecret === undefined ? null : sha256Hex(clientSecret),
      scopes,
      type,
      grantTypes,
      redirectUris: uris.redirectUris ?? [],
      postLogoutRedirectUris: uris.postLogoutRedirectUris ?? [],
      backchannelLogoutUri: uris.backchannelLogoutUri ?? null,
      firstParty: input.firstParty ?? true,
      requirePkce,
      createdAt: deps.clock.now(),
    };
    const client = await deps.unit("clients.register", ["clients", "events"], async ({ clients, events }) => {
      const created = await clients.create(record);
      await events.record({
        type: "client.created",
        tenantId: org.tenantId,
        org,
        actor: actorOf(p),
        data: {
          clientId: created.clientId,
          name,
          applicationId,
          scopes,
          type,
          grantTypes,
          redirectUris: record.redirectUris,
          postLogoutRedirectUris: record.postLogoutRedirectUris,
          backchannelLogoutUri: record.backchannelLogoutUri,
          firstParty: record.firstParty,
          requirePkce,
        },
      });
      return created;
    });
    return { client, clientSecret };
  }

  /** Clients of `orgId` (CLIENT_MANAGE + reach, as for register). Never returns secrets to the wire. */
  async function list(p: Principal, orgId: number): Promise<ApiClient[]> {
    requirePermission(p, "CLIENT_MANAGE");
    const org = await reachableOrg(deps.orgs, p, orgId);
    return deps.clients.listByOrg(org.tenantId, org.id);
  }

  /**
   * One client by id (CLIENT_MANAGE, its org in reach). Another tenant's or an unknown id is 404,
   * a client of an org outside the token's reach 403. The record carries the secret's hash: the
   * edge never puts it on the wire.
   */
  async function get(p: Principal, clientId: string): Promise<ApiClient> {
    return (await reachableClient(p, clientId)).client;
  }

  /**
   * Changes the browser-sign-in fields of a client: `name`, `redirectUris`,
   * `postLogoutRedirectUris`, `backchannelLogoutUri` (null removes it), `firstParty` and
   * `requirePkce` (false only for a confidential client). Type, grants, scopes, secret, org and
   * application are fixed at registration. Same permission and reach as `get`; URIs only for a
   * client holding authorization_code, which keeps at least one redirect URI. One unit writes the change and `client.updated` (with the changed fields), then
   * every instance's client cache is told.
   */
  async function update(p: Principal, clientId: string, patch: ClientPatch): Promise<ApiClient> {
    const { client, org } = await reachableClient(p, clientId);
    const clean: ClientPatch = {};
    const errors: FieldError[] = [];
    if (patch.name !== undefined) {
      clean.name = patch.name.trim();
      if (!clean.name) errors.push({ field: "name", message: "must not be blank" });
    }
    Object.assign(clean, checkBrowserFields(client.grantTypes, patch, errors));
    if (patch.firstParty !== undefined) clean.firstParty = patch.firstParty;
    if (patch.requirePkce !== undefined) {
      const pkce = requirePkceProblem(client.type, patch.requirePkce);
      if (pkce) errors.push(pkce);
      clean.requirePkce = patch.requirePkce;
    }
    if (errors.length) throw refused(errors);

    const next = await deps.unit("clients.update", ["clients", "events"], async ({ clients, events }) => {
      const updated = await clients.update(client.tenantId, client.clientId, clean);
      if (!updated) throw notFound("Client");
      await events.record(
        callerEvent(p, "client.updated", client.tenantId, org, { clientId: client.clientId, changes: clean }),
      );
      return updated;
    });
    // The unit names `clients`: it moves the directory version on, so every instance's client cache
    // drops this record before the answer (src/units.ts).
    return next;
  }

  async function reachableClient(p: Principal, clientId: string) {
    requirePermission(p, "CLIENT_MANAGE");
    const found = await deps.clients.get(tenantOf(p), clientId);
    const { record: client, org } = await reachableHome(deps.orgs, p, found, "Client", "Client");
    return { client, org };
  }

  /**
   * Validates the URI fields present in `input` for a client holding `grants`, pushing problems to
   * `errors`; returns the present ones cleaned (lists deduplicated). URIs are refused on a client
   * without authorization_code (nothing would ever use them), and such a client needs at least one
   * redirect URI (on registration: when the field is absent too).
   */
  function checkBrowserFields(grants: GrantType[], input: BrowserFields, errors: FieldError[]): BrowserFields {
    const browser = grants.includes("authorization_code");
    const out: BrowserFields = {};
    const onlyBrowser = (field: string) =>
      errors.push({ field, message: "is only for clients that hold the authorization_code grant" });
    if (input.redirectUris !== undefined) {
      out.redirectUris = checkUriList("redirectUris", input.redirectUris, redirectUriProblem, errors);
      if (browser && !input.redirectUris.length)
        errors.push({ field: "redirectUris", message: "a client with authorization_code needs at least one" });
      if (!browser && input.redirectUris.length) onlyBrowser("redirectUris");
    }
    if (input.postLogoutRedirectUris !== undefined) {
      out.postLogoutRedirectUris = checkUriList(
        "postLogoutRedirectUris",
        input.postLogoutRedirectUris,
        redirectUriProblem,
        errors,
      );
      if (!browser && input.postLogoutRedirectUris.length) onlyBrowser("postLogoutRedirectUris");
    }
    if (input.backchannelLogoutUri !== undefined) {
      const uri = input.backchannelLogoutUri;
      out.backchannelLogoutUri = uri;
      if (uri !== null) {
        const why = backchannelUriProblem(uri, deps.allowPrivateTargets);
        if (why) errors.push({ field: "backchannelLogoutUri", message: why });
        if (!browser) onlyBrowser("backchannelLogoutUri");
      }
    }
    return out;
  }

  return { register, list, get, update };
}

export type ClientService = ReturnType<typeof createClientService>;
