/**
 * Which tokens reach which `/api/**` route (CONTRACT §2), decided in one place.
 *
 * Every `/api/**` route declares a {@link TokenRule} in its OpenAPI `detail` (`...tokens("self")`).
 * The app's gate (src/app.ts) reads that declaration for the matched route and admits the request
 * with {@link Guard.admit} before the body is validated or the handler runs; a route without a
 * declaration stops the app from being built. Handlers read the admitted caller with
 * {@link Guard.principal}, never from the header themselves. docs/security.md's table of routes and
 * tokens is rendered from the same declarations (scripts/token-table.ts).
 *
 * RFC 9068 §4, RFC 9700 §2.3: a token serves the audience and privileges it was issued for. A token
 * minted for a third-party client (`firstParty: false`) serves that client's own API and UserInfo;
 * every `/api/**` route refuses it (403), whatever the rule.
 */
import type { JWTPayload } from "jose";
import { DomainError, forbidden, invalidToken } from "../kernel/errors";
import type { Principal } from "../kernel/authz";

/**
 * - `public`: no token (sign-in, refresh, password reset, passkey sign-in).
 * - `self`: the caller's own data and small acts on it (list or end one session, memberships, export,
 *   locale, consents): a management token, a SPEC-login token, or a first-party client's token,
 *   whatever its audience.
 * - `account`: adds or removes a way to sign in, or acts on the whole account (passkey registration
 *   and removal, MFA setup/confirm/disable, password change, sign out everywhere): a management token.
 * - `management`: a management token, plus the route's own system permission and reach.
 */
export type TokenRule = "public" | "self" | "account" | "management";

/** What each rule admits, in words (docs/security.md, OpenAPI `x-tokens`). */
export const TOKEN_RULES: Record<TokenRule, string> = {
  public: "no token",
  self: "management, SPEC-login or first-party client token (any audience)",
  account: "management token only",
  management: "management token with the route's permission",
};

/** The OpenAPI extension that carries a route's rule. */
export const TOKEN_RULE_KEY = "x-tokens";

/**
 * The declaration a route spreads into its `detail`: the OpenAPI `security` requirement and the rule
 * the gate enforces. `tokens("public")` documents that the route takes no token.
 */
export function tokens(rule: TokenRule): { security: { bearer: string[] }[]; "x-tokens": TokenRule } {
  return { security: rule === "public" ? [] : [{ bearer: [] }], [TOKEN_RULE_KEY]: rule } as never;
}

/** The rule a mounted route declares, or undefined (`hooks.detail` as Elysia keeps it). */
export function declaredRule(route: { hooks?: { detail?: Record<string, unknown> } }): TokenRule | undefined {
  const r = route.hooks?.detail?.[TOKEN_RULE_KEY];
  return typeof r === "string" && r in TOKEN_RULES ? (r as TokenRule) : undefined;
}

export interface GuardDeps {
  verify(token: string): Promise<JWTPayload>;
  issuer: string;
  /** The platform tenant (PLATFORM_ADMIN is effective only there). */
  platformTenantId: number;
  /** Whether the registered client `clientId` is first party (the console is); null when no client has that id. */
  clientFirstParty(clientId: string): Promise<boolean | null>;
}

export function bearerOf(headers: Headers): string | null {
  const h = headers.get("authorization");
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i.exec(h);
  return m ? m[1] : "";
}

/** The gate's refusals (403), each saying what to do instead. */
export const REFUSALS = {
  thirdParty:
    "This token was issued to a third-party application: it serves that application's API and /oauth2/userinfo, not this service's API.",
  account:
    "Changing how you sign in, or acting on the whole account, needs a management token: sign in without an audience (or with the issuer as audience).",
  management:
    "This token was minted for an application audience and carries no system permissions. Sign in without an audience for a management token.",
} as const;

export function createGuard(deps: GuardDeps) {
  /** The caller each admitted request was let in as (a request object lives as long as its handling). */
  const admitted = new WeakMap<Request, Principal>();

  /**
   * True when the token was issued to a client that is not first party (every `/api/**` route then
   * refuses it). `client_id` names a registered client for the OAuth grants; a SPEC sign-in names
   * its audience there instead (RFC 9068 §2.2, `client_id` = `aud`). Anything else (a deleted
   * client, a value that is neither) counts as third party.
   */
  async function thirdParty(c: JWTPayload): Promise<boolean> {
    const clientId = c.client_id;
    if (typeof clientId !== "string") return true;
    const firstParty = await deps.clientFirstParty(clientId);
    if (firstParty !== null) return !firstParty;
    return clientId !== c.aud;
  }

  /** The caller a user token of a first-party client or of SPEC login stands for. */
  function principalOf(c: JWTPayload, ip: string | null): Principal {
    const perms = new Set(Array.isArray(c.permissions) ? (c.permissions as string[]) : []);
    const management = c.aud === deps.issuer;
    const tenantId = Number(c.tenant_id);
    return {
      userId: c.uid as number,
      email: String(c.sub),
      tenantId,
      orgId: Number(c.org_id),
      orgPath: String(c.org_path),
      orgName: String(c.org_name ?? ""),
      scopeSelf: (c.scope_self as string[]) ?? [],
      scopeSubtree: (c.scope_subtree as string[]) ?? [],
      permissions: perms,
      platformAdmin: management && perms.has("PLATFORM_ADMIN") && tenantId === deps.platformTenantId,
      audience: String(c.aud),
      management,
      sessionId: typeof c.sid === "string" ? c.sid : undefined,
      deviceId: typeof c.device_id === "string" ? c.device_id : undefined,
      ip,
    };
  }

  /**
   * Admits the request under `rule` or throws the problem that says why not: 401 without a token or
   * with one that is not ours; 403 for a third-party client's token (every rule, `public` included
   * when one is sent), and for an application audience where a management token is needed.
   */
  async function admit(request: Request, rule: TokenRule, ip: string | null): Promise<void> {
    const token = bearerOf(request.headers);
    if (rule === "public") {
      // A public route uses no token; one that was sent still must not be a third-party client's.
      if (!token) return;
      const c = await deps.verify(token).catch(() => null);
      if (c && (await thirdParty(c))) throw forbidden(REFUSALS.thirdParty);
      return;
    }
    if (token === null)
      throw new DomainError("UNAUTHENTICATED", "Send an access token as `Authorization: Bearer <token>`.");
    if (!token) throw invalidToken("The Authorization header is not a Bearer token.");
    const c = await deps.verify(token);
    if (await thirdParty(c)) throw forbidden(REFUSALS.thirdParty);
    if (c.token_use !== "access" || typeof c.uid !== "number")
      throw invalidToken("This endpoint takes a user access token; machine tokens are not accepted here.");
    const p = principalOf(c, ip);
    if (rule !== "self" && !p.management) throw forbidden(rule === "account" ? REFUSALS.account : REFUSALS.management);
    admitted.set(request, p);
  }

  /** The caller the gate admitted for this request; a route declared `public` has none (a bug: throws). */
  function principal(request: Request): Principal {
    const p = admitted.get(request);
    if (!p) throw new Error("no admitted caller: the route declares no token rule that takes a token");
    return p;
  }

  return { admit, principal };
}

export type Guard = ReturnType<typeof createGuard>;

/** Admits `/api/**` requests by the rule their route declares (app.ts runs it before validation). */
export interface TokenGate {
  admit(request: Request, rule: TokenRule, ip: string | null): Promise<void>;
}

/** The caller of a `self` or `account` route, as the services take it. */
export function selfCaller(guard: Guard, request: Request) {
  const p = guard.principal(request);
  return {
    userId: p.userId,
    tenantId: p.tenantId,
    orgId: p.orgId,
    orgPath: p.orgPath,
    sessionId: p.sessionId,
    ip: p.ip,
  };
}

/** The caller of a management route (admitted under `management`). */
export function managementCaller(guard: Guard, request: Request): Principal {
  return guard.principal(request);
}
