/**
 * SCIM tokens (CONTRACT §18): an organization's administrators create them (shown once), list them
 * and revoke them; the SCIM protocol (src/protocols/scim) authenticates its callers with
 * `authenticate`. A token acts only inside its organization's subtree, and creating, listing or
 * revoking one needs both USER_MANAGE and ROLE_MANAGE (what a token can do through `/scim/v2`) with
 * the organization inside the caller's reach.
 */
import { actorOf, requirePermission, type Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import { notFound, validation } from "../../kernel/errors";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import { reachableOrg, type Org, type OrgRepo } from "../orgs";
import type { ScimToken, ScimTokenRepo } from "./ports";

/** Every SCIM token starts with this, so secret scanners and people recognise one. */
export const SCIM_TOKEN_PREFIX = "scim_";

/** `lastUsedAt` moves at most once a minute per token (one conditional write, never on every request). */
const TOUCH_EVERY_MS = 60_000;

export interface ScimTokenServiceDeps {
  scimTokens: Pick<ScimTokenRepo, "listByOrg" | "get" | "findByHash" | "touch">;
  orgs: Pick<OrgRepo, "get">;
  clock: Clock;
  unit: Unit<{ scimTokens: ScimTokenRepo; events: EventJournal }>;
}

/** The caller a SCIM request runs as: the token and the organization it acts for. */
export interface ScimCaller {
  token: ScimToken;
  org: Org;
}

export function createScimTokenService(deps: ScimTokenServiceDeps) {
  /** The organization as the caller may manage its SCIM tokens (404 across tenants, 403 outside reach). */
  async function managedOrg(p: Principal, orgId: number): Promise<Org> {
    requirePermission(p, "USER_MANAGE");
    requirePermission(p, "ROLE_MANAGE");
    return reachableOrg(deps.orgs, p, orgId);
  }

  /**
   * Creates a token for the organization; the secret is in the answer only (stored as its SHA-256).
   * Audited as `scim_token.created`.
   */
  async function create(
    p: Principal,
    orgId: number,
    input: { name: string },
  ): Promise<{ token: ScimToken; secret: string }> {
    const org = await managedOrg(p, orgId);
    const name = input.name.trim();
    if (!name) throw validation("The name must not be blank.", [{ field: "name", message: "must not be blank" }]);
    const secret = `${SCIM_TOKEN_PREFIX}${randomToken(32)}`;
    const token = await deps.unit("scim_tokens.create", ["scimTokens", "events"], async ({ scimTokens, events }) => {
      const token = await scimTokens.create({
        tenantId: org.tenantId,
        organizationId: org.id,
        name,
        tokenHash: sha256Hex(secret),
        createdAt: deps.clock.now(),
      });
      await events.record({
        type: "scim_token.created",
        tenantId: org.tenantId,
        org,
        actor: actorOf(p),
        data: { scimTokenId: token.id, name },
      });
      return token;
    });
    return { token, secret };
  }

  /** The organization's tokens (never a secret). */
  async function list(p: Principal, orgId: number): Promise<ScimToken[]> {
    const org = await managedOrg(p, orgId);
    return deps.scimTokens.listByOrg(org.tenantId, org.id);
  }

  /** Revokes a token of the organization at once (404 when it has none of that id). Audited as `scim_token.revoked`. */
  async function revoke(p: Principal, orgId: number, tokenId: number): Promise<void> {
    const org = await managedOrg(p, orgId);
    const removed = await deps.unit("scim_tokens.revoke", ["scimTokens", "events"], async ({ scimTokens, events }) => {
      const token = await scimTokens.get(org.tenantId, tokenId);
      if (!token || token.organizationId !== org.id) return null;
      await scimTokens.delete(org.tenantId, org.id, tokenId);
      await events.record({
        type: "scim_token.revoked",
        tenantId: org.tenantId,
        org,
        actor: actorOf(p),
        data: { scimTokenId: token.id, name: token.name },
      });
      return token;
    });
    if (!removed) throw notFound("SCIM token");
  }

  /**
   * The caller behind a presented SCIM secret, or null (unknown, revoked, or its organization is
   * gone). Notes the use (`lastUsedAt`, at most once a minute).
   */
  async function authenticate(secret: string): Promise<ScimCaller | null> {
    if (!secret.startsWith(SCIM_TOKEN_PREFIX) || secret.length > 200) return null;
    const token = await deps.scimTokens.findByHash(sha256Hex(secret));
    if (!token) return null;
    const org = await deps.orgs.get(token.tenantId, token.organizationId);
    if (!org) return null;
    const now = deps.clock.now();
    if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() >= TOUCH_EVERY_MS)
      await deps.scimTokens.touch(token.tenantId, token.id, now);
    return { token, org };
  }

  return { create, list, revoke, authenticate };
}

export type ScimTokenService = ReturnType<typeof createScimTokenService>;
