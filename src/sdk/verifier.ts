/**
 * Local verification of the service's access tokens by a resource server (SPEC 1, 5.7): keys are
 * discovered from the issuer and cached (jose createRemoteJWKSet refetches on an unknown `kid`),
 * RS256 is pinned, `iss`, `aud`, `exp` and `typ: at+jwt` are checked, and user and machine tokens
 * are kept apart. No call back to the service per request.
 */
import {
  createRemoteJWKSet,
  customFetch,
  errors as jose,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from "jose";
import { discover, normalizeIssuer } from "./discovery";
import {
  AudienceMismatchError,
  InsufficientScopeError,
  InvalidTokenError,
  KeysUnavailableError,
  SsoError,
  WrongTokenKindError,
} from "./errors";

export interface VerifierOptions {
  /** The issuer URL (`SSO_ISSUER` of the service), e.g. `https://sso.example.com`. */
  issuer: string;
  /** This resource server's application identifier (conventionally `SSO_AUDIENCE`). Tokens for any other audience are refused. */
  audience: string;
  /** Skips discovery and uses this JWKS URL. */
  jwksUri?: string;
  /** Leeway for `exp`/`iat`/`nbf` in seconds (default 5). */
  clockToleranceSeconds?: number;
  /** Timeout of discovery and key fetches (default 5000 ms). */
  timeoutMs?: number;
  /** Keys are refetched at the latest after this long (default 10 min); an unknown `kid` refetches at once (at most every 30 s). */
  keysMaxAgeMs?: number;
  /** fetch used for discovery and key fetches (default: global fetch). */
  fetch?: typeof fetch;
}

/** Claims of a user access token (SPEC 2.1, CONTRACT §5). */
export interface UserClaims extends JWTPayload {
  token_use: "access";
  sub: string;
  uid: number;
  org_id: number;
  org_name: string;
  org_path: string;
  tenant_id: number;
  scope_self: string[];
  scope_subtree: string[];
  permissions: string[];
  aud: string;
  iss: string;
  exp: number;
  device_id?: string;
}

/** Claims of a machine token (SPEC 2.3, CONTRACT §5). */
export interface MachineClaims extends JWTPayload {
  token_use: "machine";
  sub: string;
  client_id: string;
  scope: string;
  org_id: number;
  tenant_id: number;
  app_id?: number;
  aud: string;
  iss: string;
  exp: number;
}

/** A verified person. Key your data on `userId`, never on `email`. */
export interface UserIdentity {
  kind: "user";
  userId: number;
  email: string;
  orgId: number;
  orgName: string;
  orgPath: string;
  tenantId: number;
  scopeSelf: string[];
  scopeSubtree: string[];
  /** The application's permission codes granted at the active org. */
  permissions: string[];
  deviceId?: string;
  claims: UserClaims;
}

/**
 * A verified machine (API client). It is tenant-wide and has no org reach: when acting for an end
 * user, scope by that user's verified token (`verifyUser` + `canAct`), never by the machine's org.
 */
export interface MachineIdentity {
  kind: "machine";
  clientId: string;
  orgId: number;
  tenantId: number;
  /** The bound application, null for an unbound client. */
  applicationId: number | null;
  scopes: string[];
  claims: MachineClaims;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isInt = (v: unknown): v is number => Number.isInteger(v);

/**
 * SPEC 1: the single prefix comparison a resource server makes. True when `orgPath` (as issued:
 * `/tenant/…/org/`, with the trailing slash) is the token's own org or lies under one of its
 * subtree entries. Nothing else in the token is an access-control input.
 */
export function canAct(
  who: Pick<UserIdentity, "scopeSelf" | "scopeSubtree"> | Pick<UserClaims, "scope_self" | "scope_subtree">,
  orgPath: string,
): boolean {
  const self = "scopeSelf" in who ? who.scopeSelf : who.scope_self;
  const subtree = "scopeSubtree" in who ? who.scopeSubtree : who.scope_subtree;
  if (typeof orgPath !== "string" || !orgPath.endsWith("/")) return false; // fail closed on a malformed path
  if (self.includes(orgPath)) return true;
  return subtree.some((p) => typeof p === "string" && p.endsWith("/") && orgPath.startsWith(p));
}

function fromJose(e: unknown, audience: string): SsoError {
  if (e instanceof SsoError) return e;
  if (e instanceof jose.JWTExpired) return new InvalidTokenError("expired", "The token has expired.", { cause: e });
  if (e instanceof jose.JWTClaimValidationFailed) {
    if (e.claim === "aud") return new AudienceMismatchError(audience, e.payload.aud);
    if (e.claim === "iss")
      return new InvalidTokenError("issuer", "The token was not issued by the configured issuer.", { cause: e });
    if (e.claim === "typ")
      return new InvalidTokenError("type", "The token is not an access token (typ at+jwt).", { cause: e });
    return new InvalidTokenError("claims", `The token's ${e.claim} claim is invalid.`, { cause: e });
  }
  if (e instanceof jose.JOSEAlgNotAllowed)
    return new InvalidTokenError("algorithm", "Only RS256 tokens are accepted.", { cause: e });
  if (e instanceof jose.JWSSignatureVerificationFailed || e instanceof jose.JWKSNoMatchingKey)
    return new InvalidTokenError("signature", "The token's signature does not verify against the issuer's keys.", {
      cause: e,
    });
  if (e instanceof jose.JWSInvalid || e instanceof jose.JWTInvalid || e instanceof jose.JWKSMultipleMatchingKeys)
    return new InvalidTokenError("malformed", "The token is not a well-formed JWT.", { cause: e });
  // Key fetch failures (timeout, network, non-200): the token may be fine; the keys are not reachable.
  return new KeysUnavailableError("The issuer's signing keys could not be fetched.", { cause: e });
}

/**
 * Creates a verifier for one resource server. Discovery happens on first use and is retried on
 * the next call after a failure (at most every 5 s).
 */
export function createVerifier(opts: VerifierOptions) {
  const issuer = normalizeIssuer(opts.issuer);
  const audience = opts.audience;
  let keySet: Promise<JWTVerifyGetKey> | null = null;
  let failedAt = 0;
  let lastFailure: SsoError | null = null;

  function keys(): Promise<JWTVerifyGetKey> {
    if (!keySet) {
      if (lastFailure && Date.now() - failedAt < 5000) return Promise.reject(lastFailure);
      keySet = (async () => {
        const jwksUri =
          opts.jwksUri ?? (await discover(issuer, { fetch: opts.fetch, timeoutMs: opts.timeoutMs })).jwks_uri;
        return createRemoteJWKSet(new URL(jwksUri), {
          timeoutDuration: opts.timeoutMs ?? 5000,
          cacheMaxAge: opts.keysMaxAgeMs ?? 600_000,
          cooldownDuration: 30_000,
          ...(opts.fetch ? { [customFetch]: opts.fetch } : {}),
        });
      })().catch((e) => {
        keySet = null;
        failedAt = Date.now();
        lastFailure = e instanceof SsoError ? e : new KeysUnavailableError("Key discovery failed.", { cause: e });
        throw lastFailure;
      });
    }
    return keySet;
  }

  /** Signature, RS256, issuer, audience, expiry and `typ: at+jwt`; then the payload. */
  async function verifyJwt(token: string): Promise<JWTPayload> {
    if (typeof token !== "string" || token.length === 0)
      throw new InvalidTokenError("missing", "No token was presented.");
    const getKey = await keys();
    try {
      const { payload } = await jwtVerify(token, getKey, {
        issuer,
        audience,
        algorithms: ["RS256"],
        typ: "at+jwt",
        clockTolerance: opts.clockToleranceSeconds ?? 5,
        requiredClaims: ["exp", "sub"],
      });
      return payload;
    } catch (e) {
      throw fromJose(e, audience);
    }
  }

  /**
   * Verifies a user access token for this audience. Throws InvalidTokenError,
   * AudienceMismatchError, WrongTokenKindError (a machine token), or KeysUnavailableError.
   */
  async function verifyUser(token: string): Promise<UserIdentity> {
    const c = await verifyJwt(token);
    if (c.token_use !== "access") throw new WrongTokenKindError("user", String(c.token_use));
    if (
      !isInt(c.uid) ||
      !isInt(c.org_id) ||
      !isInt(c.tenant_id) ||
      typeof c.org_path !== "string" ||
      !isStrings(c.scope_self) ||
      !isStrings(c.scope_subtree)
    )
      throw new InvalidTokenError("claims", "The user token lacks its identity or reach claims.");
    const claims = c as UserClaims;
    return {
      kind: "user",
      userId: claims.uid,
      email: claims.sub,
      orgId: claims.org_id,
      orgName: typeof claims.org_name === "string" ? claims.org_name : "",
      orgPath: claims.org_path,
      tenantId: claims.tenant_id,
      scopeSelf: claims.scope_self,
      scopeSubtree: claims.scope_subtree,
      permissions: isStrings(claims.permissions) ? claims.permissions : [],
      deviceId: typeof claims.device_id === "string" ? claims.device_id : undefined,
      claims,
    };
  }

  /**
   * Verifies a machine token for this audience and, when `scopes` are given, that every one of
   * them was granted. Throws as verifyUser does (WrongTokenKindError for a user token), plus
   * InsufficientScopeError. Machine routes authorize by scope, never by permissions.
   */
  async function verifyMachine(token: string, options: { scopes?: string[] } = {}): Promise<MachineIdentity> {
    const c = await verifyJwt(token);
    if (c.token_use !== "machine") throw new WrongTokenKindError("machine", String(c.token_use));
    if (
      typeof c.client_id !== "string" ||
      c.client_id !== c.sub ||
      typeof c.scope !== "string" ||
      !isInt(c.org_id) ||
      !isInt(c.tenant_id)
    )
      throw new InvalidTokenError("claims", "The machine token lacks its client, scope or tenant claims.");
    const claims = c as MachineClaims;
    const scopes = claims.scope.split(" ").filter(Boolean);
    const required = options.scopes ?? [];
    if (!required.every((s) => scopes.includes(s))) throw new InsufficientScopeError(required, scopes);
    return {
      kind: "machine",
      clientId: claims.client_id,
      orgId: claims.org_id,
      tenantId: claims.tenant_id,
      applicationId: isInt(claims.app_id) ? claims.app_id : null,
      scopes,
      claims,
    };
  }

  return { issuer, audience, verifyUser, verifyMachine };
}

export type Verifier = ReturnType<typeof createVerifier>;
