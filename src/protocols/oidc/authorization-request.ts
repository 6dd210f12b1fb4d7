/**
 * The authorization request (RFC 6749 §4.1.1, OIDC Core §3.1.2.1, CONTRACT §12) as an ordered list
 * of small named checks, in the specification's order (docs/oidc.md "The authorization request:
 * checks in order"). Each check reads the raw parameters, passes (possibly recording what it
 * validated) or throws an OAuthProtocolError.
 *
 * The list has two phases, because RFC 6749 §4.1.2.1 forbids redirecting before the client and
 * its redirect URI are known good:
 * - PAGE_CHECKS (client, grant, redirect URI): a failure is shown on an error page, never
 *   redirected (RFC 6749 §4.1.2.1, §10.15 open redirector; RFC 9700 §4.11).
 * - REDIRECT_CHECKS (everything else): a failure is sent back to the validated redirect URI with
 *   `error`, `error_description`, `state` and `iss` (RFC 6749 §4.1.2.1, RFC 9207).
 *
 * Pure: no HTTP, no storage beyond the client lookup the caller passes in.
 */
import {
  type ApiClient,
  CLIENT_ID_PATTERN,
  CONSOLE_CLIENT_ID,
  loopbackPortMayVary,
  MAX_URI_LENGTH,
} from "../../features/clients";
import { type Acr, askedAcr } from "./acr";
import { type ClaimsRequest, MAX_CLAIMS_LENGTH, parseClaimsRequest } from "./claims-request";
import { OAuthProtocolError, oauthError } from "./errors";
import { PKCE_METHOD, pkceRequired, S256_CHALLENGE_RE } from "./pkce";
import { MAX_SCOPE_LENGTH, parseScope, type SupportedScope } from "./scopes";

/** Raw parameters as a multimap (URLSearchParams, or FormData's string entries), so repeats are visible. */
export interface ParamSource {
  getAll(name: string): string[];
}

/**
 * `params` read once into a map of name → values: every check looks up its parameters (and the
 * repeat check all known ones), and URLSearchParams scans the whole query for each `getAll`.
 */
function indexParams(params: ParamSource & { forEach?: URLSearchParams["forEach"] }): ParamSource {
  if (typeof params.forEach !== "function") return params;
  const byName = new Map<string, string[]>();
  params.forEach((value, name) => {
    const values = byName.get(name);
    if (values) values.push(value);
    else byName.set(name, [value]);
  });
  const none: string[] = [];
  return { getAll: (name) => byName.get(name) ?? none };
}

/** The client fields the checks read. */
export type AuthorizeClient = Pick<
  ApiClient,
  "clientId" | "tenantId" | "organizationId" | "type" | "grantTypes" | "redirectUris" | "firstParty" | "requirePkce"
>;

/**
 * Finds a client by id; null when unknown. The caller may also answer null for a client it will not
 * serve (its org suspended, its application gone): the request then ends on the error page.
 */
export type ClientLookup = (clientId: string) => Promise<AuthorizeClient | null>;

/** OIDC Core §3.1.2.1 `prompt` values the provider supports. */
export const PROMPT_VALUES = ["none", "login", "consent", "select_account"] as const;
export type Prompt = (typeof PROMPT_VALUES)[number];

/**
 * Response modes (OAuth 2.0 Multiple Response Types §2.1; OAuth 2.0 Form Post Response Mode §2):
 * `query` (the default of the code flow) or `form_post` (an auto-submitting page POSTs the answer).
 */
export const RESPONSE_MODES = ["query", "form_post"] as const;
export type ResponseMode = (typeof RESPONSE_MODES)[number];

/** OIDC Core §3.1.2.1 `display` values; any other is ignored (OIDC Core §15.1: never an error). */
export const DISPLAY_VALUES = ["page", "popup", "touch", "wap"] as const;
export type Display = (typeof DISPLAY_VALUES)[number];

/**
 * Length limits (characters) so that nothing unbounded is stored or echoed. A kept protocol
 * parameter over its limit is `invalid_request`; a parameter OIDC Core §15.1 says must never cause
 * an error (`ui_locales`, `display`) is dropped instead.
 */
export const LIMITS = {
  /** CLIENT_ID_PATTERN already bounds it (68); anything longer is unknown without a lookup. */
  client_id: 128,
  /** The registration limit (clients/rules.ts MAX_URI_LENGTH): a longer one cannot be registered. */
  redirect_uri: MAX_URI_LENGTH,
  scope: MAX_SCOPE_LENGTH,
  state: 2048,
  nonce: 512,
  /** An ID token of ours is about 1 KB; 8 KB leaves room for a foreign issuer's before it is refused later. */
  id_token_hint: 8192,
  /** RFC 5321 §4.5.3.1: a mailbox is at most 254 characters (local part + domain); room for other hints. */
  login_hint: 320,
  ui_locales: 256,
  /** At most this many locale tags are kept from `ui_locales`. */
  ui_locales_count: 10,
} as const;

/** Every parameter the endpoint recognises. Only these count for "repeated" (unknown ones are ignored, RFC 6749 §3.1). */
export const KNOWN_PARAMETERS = [
  "client_id",
  "redirect_uri",
  "response_type",
  "response_mode",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
  "nonce",
  "prompt",
  "max_age",
  "id_token_hint",
  "login_hint",
  "ui_locales",
  "claims_locales",
  "display",
  "acr_values",
  "claims",
  "request",
  "request_uri",
  "registration",
  "organization",
  "idp",
] as const;

/** A validated authorization request: what the hosted pages and the code grant work from. */
export interface AuthorizationRequest {
  client: AuthorizeClient;
  /** Exactly as sent (and matched against a registered one); the code is bound to it. */
  redirectUri: string;
  responseType: "code";
  responseMode: ResponseMode;
  /** Verbatim when sent; echoed back unchanged. */
  state?: string;
  /** Supported scopes asked for (after the offline_access rule), in SUPPORTED_SCOPES order. */
  scopes: SupportedScope[];
  /** True when `openid` was asked: an OpenID Connect request (an ID token is issued). */
  openid: boolean;
  /** The PKCE S256 challenge; absent only when the client may omit it (`pkceRequired`) and did. */
  codeChallenge?: string;
  codeChallengeMethod?: typeof PKCE_METHOD;
  /**
   * Only with `prompt=none`: why PKCE refuses the request (invalid_request). The flow answers it
   * once a session is known to serve, so that `login_required` comes first (checkPkce); no page is
   * shown and no code issued for such a request.
   */
  pkceRefusal?: OAuthProtocolError;
  nonce?: string;
  /** Distinct `prompt` values; [] when absent. */
  prompt: Prompt[];
  /** Seconds; the person must have authenticated within them (OIDC Core §3.1.2.1). */
  maxAge?: number;
  /** Kept raw; the HTTP layer verifies it with the keys (OIDC Core §3.1.2.1). */
  idTokenHint?: string;
  /** Kept raw; a hint for the sign-in page's email field. */
  loginHint?: string;
  /** Well-formed BCP 47 tags in the order asked; [] when absent. */
  uiLocales: string[];
  display?: Display;
  /**
   * The level `acr_values` asks for: the lowest of ours it names (askedAcr); absent when it names
   * none (ignored, OIDC Core §15.1).
   */
  acr?: Acr;
  /**
   * Claims asked for by name (OIDC Core §5.5 `claims`), those we hold only (claims-request.ts);
   * absent when none is asked for, or the request is not an OpenID one.
   */
  claims?: ClaimsRequest;
  /** `organization=<orgId>`: the org to preselect on the hosted page (CONTRACT §12). */
  organizationId?: number;
  /** `idp=<idpId>`: the organization's identity provider to sign in at (CONTRACT §16). */
  idpId?: number;
}

/** The outcome of `validateAuthorizationRequest`. */
export type AuthorizationOutcome =
  | { kind: "valid"; request: AuthorizationRequest }
  /** RFC 6749 §4.1.2.1: the client or redirect URI is not known good: show an error page, never redirect. */
  | {
      kind: "error_page";
      error: OAuthProtocolError;
      /** What was wrong: the client (unknown, or not registered for the code flow), the redirect URI, or the request. */
      about: "client" | "redirect_uri" | "request";
      /** The check that failed (its name in PAGE_CHECKS order, e.g. `checkRedirectUri`), for the operator's log line. */
      check: string;
      /** The parameter value it refused (client_id or redirect_uri, as sent; never a secret). */
      value?: string;
    }
  /** RFC 6749 §4.1.2.1: back to `redirectUri` with the error, `state` (when usable) and `iss`, in `responseMode`. */
  | {
      kind: "redirect_error";
      error: OAuthProtocolError;
      redirectUri: string;
      responseMode: ResponseMode;
      state?: string;
    };

/** The request under validation: the raw parameters and what the checks have established so far. */
export interface CheckContext {
  params: ParamSource;
  client?: AuthorizeClient;
  redirectUri?: string;
  out: Partial<AuthorizationRequest>;
}

export type Check = (ctx: CheckContext) => void | Promise<void>;

/**
 * The one value of `name`, or undefined when absent. RFC 6749 §3.1: a parameter sent without a
 * value is treated as omitted, and no parameter may appear more than once (invalid_request).
 */
function single(params: ParamSource, name: string): string | undefined {
  const values = params.getAll(name).filter((v) => v !== "");
  if (values.length > 1) throw oauthError("invalid_request", `${name} must not be repeated (RFC 6749 section 3.1).`);
  return values[0];
}

function bounded(params: ParamSource, name: keyof typeof LIMITS): string | undefined {
  const value = single(params, name);
  if (value !== undefined && value.length > LIMITS[name])
    throw oauthError("invalid_request", `${name} must be at most ${LIMITS[name]} characters.`);
  return value;
}

const must = <T>(v: T | undefined, what: string): T => {
  if (v === undefined) throw new Error(`check order: ${what} is not established yet`);
  return v;
};

// ---------------------------------------------------------------------------------------------
// Phase 1: failures are shown on an error page, never redirected (RFC 6749 §4.1.2.1).
// ---------------------------------------------------------------------------------------------

/** RFC 6749 §4.1.1: `client_id` is REQUIRED; §4.1.2.1: an invalid one is never redirected to. */
export const checkClientId: Check = (ctx) => {
  const id = bounded(ctx.params, "client_id");
  if (id === undefined) throw oauthError("invalid_request", "client_id is required.");
  if (!CLIENT_ID_PATTERN.test(id) && id !== CONSOLE_CLIENT_ID)
    throw oauthError("invalid_client", "The client is unknown. Check client_id.");
};

/** RFC 6749 §4.1.2.1: an unknown client is never redirected to (it has no redirect URI we trust). */
export function checkClient(lookup: ClientLookup): Check {
  return async function checkClient(ctx) {
    const client = await lookup(must(single(ctx.params, "client_id"), "client_id"));
    if (!client) throw oauthError("invalid_client", "The client is unknown. Check client_id.");
    ctx.client = client;
  };
}

/**
 * RFC 6749 §4.1.2.1 `unauthorized_client`. Shown on the page, not redirected: a client without
 * authorization_code has no registered redirect URI (clients/rules.ts), so there is none to trust.
 */
export const checkClientGrantType: Check = (ctx) => {
  const client = must(ctx.client, "client");
  if (!client.grantTypes.includes("authorization_code") || client.redirectUris.length === 0)
    throw oauthError("unauthorized_client", "This client is not registered for the authorization code flow.");
};

/**
 * OIDC Core §3.1.2.1 (`redirect_uri` REQUIRED) and RFC 6749 §3.1.2.2-§3.1.2.3, RFC 9700 §2.1,
 * OAuth 2.1 draft §2.3.1 (exact string match), RFC 8252 §7.3 (any port on a loopback IP for a
 * public native client; never for the console, CONTRACT §12). Missing, repeated, too long or
 * unregistered: never redirected (RFC 6749 §4.1.2.1).
 */
export const checkRedirectUri: Check = (ctx) => {
  const client = must(ctx.client, "client");
  const uri = bounded(ctx.params, "redirect_uri");
  if (uri === undefined) throw oauthError("invalid_request", "redirect_uri is required.");
  if (!client.redirectUris.some((r) => redirectUriMatches(r, uri, client)))
    throw oauthError("invalid_request", "redirect_uri is not registered for this client.");
  ctx.redirectUri = uri;
  ctx.out.redirectUri = uri;
};

/** http on a loopback IP literal: scheme, host, optional port, then the rest (path, query). */
const LOOPBACK_IP_URI = /^http:\/\/(127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?([/?].*)?$/s;

/**
 * Whether `sent` names the registered redirect URI `registered` of `client`: the same string
 * (RFC 9700 §2.1, OAuth 2.1 draft §2.3.1: no normalisation, no prefix or pattern). One exception,
 * RFC 8252 §7.3: for a registered public client (a native app listening on an ephemeral port), a
 * loopback IP redirect URI (`http://127.0.0.1`, `http://[::1]`) matches with any port, everything
 * else identical. Not for the console (`loopbackPortMayVary`): it is a web app at the issuer, and
 * its callback is matched exactly even when the issuer is on a loopback IP. `localhost` gets no
 * such exception (RFC 8252 §8.3: NOT RECOMMENDED, its resolution is not guaranteed to stay on the
 * loopback interface): it matches only exactly.
 */
export function redirectUriMatches(
  registered: string,
  sent: string,
  client: Pick<AuthorizeClient, "clientId" | "type">,
): boolean {
  if (registered === sent) return true;
  if (!loopbackPortMayVary(client)) return false;
  const r = LOOPBACK_IP_URI.exec(registered);
  const s = LOOPBACK_IP_URI.exec(sent);
  if (!r || !s) return false;
  if (s[2] !== undefined && Number(s[2]) > 65535) return false;
  return r[1] === s[1] && (r[3] ?? "") === (s[3] ?? "");
}

// ---------------------------------------------------------------------------------------------
// Phase 2: failures go back to the redirect URI (RFC 6749 §4.1.2.1, RFC 9207).
// ---------------------------------------------------------------------------------------------

/** RFC 6749 §3.1: "Request and response parameters MUST NOT be included more than once." */
export const checkRepeatedParameters: Check = (ctx) => {
  for (const name of KNOWN_PARAMETERS) single(ctx.params, name);
};

/** RFC 6749 §4.1.1: `state` is opaque and echoed verbatim; bounded so nothing unbounded is stored. */
export const checkState: Check = (ctx) => {
  const state = bounded(ctx.params, "state");
  if (state !== undefined) ctx.out.state = state;
};

/**
 * OAuth 2.0 Multiple Response Types §2.1 / §5: the code flow answers in the query by default;
 * OAuth 2.0 Form Post Response Mode §2: `form_post` answers with an auto-submitting page instead
 * (discovery `response_modes_supported ["query", "form_post"]`). Any other is invalid_request,
 * answered in the query (responseModeForError).
 */
export const checkResponseMode: Check = (ctx) => {
  const mode = single(ctx.params, "response_mode");
  if (mode !== undefined && !(RESPONSE_MODES as readonly string[]).includes(mode))
    throw oauthError("invalid_request", "response_mode must be query or form_post (or absent).");
  ctx.out.responseMode = (mode as ResponseMode | undefined) ?? "query";
};

/**
 * OIDC Core §6.1, §6.2, §3.1.2.6: request objects, request URIs and `registration` are not
 * supported (discovery says `request_parameter_supported false`, `request_uri_parameter_supported
 * false`); each answers its own error code.
 */
export const checkUnsupportedParameters: Check = (ctx) => {
  if (single(ctx.params, "request") !== undefined)
    throw oauthError("request_not_supported", "The request parameter is not supported; send the parameters directly.");
  if (single(ctx.params, "request_uri") !== undefined)
    throw oauthError(
      "request_uri_not_supported",
      "The request_uri parameter is not supported; send the parameters directly.",
    );
  if (single(ctx.params, "registration") !== undefined)
    throw oauthError("registration_not_supported", "The registration parameter is not supported.");
};

/**
 * RFC 6749 §4.1.1: `response_type` is REQUIRED (missing: invalid_request); CONTRACT §12 supports
 * only `code` (any other value: unsupported_response_type, RFC 6749 §4.1.2.1).
 */
export const checkResponseType: Check = (ctx) => {
  const type = single(ctx.params, "response_type");
  if (type === undefined) throw oauthError("invalid_request", "response_type is required; send response_type=code.");
  if (type !== "code") throw oauthError("unsupported_response_type", "Only response_type=code is supported.");
  ctx.out.responseType = "code";
};

/**
 * RFC 6749 §3.3 grammar (a malformed token: invalid_scope); unknown scopes ignored (OIDC Core
 * §3.1.2.1 SHOULD). Without `openid` the request is plain OAuth 2.0 (OIDC Core §3.1.2.1: openid
 * is what makes it OpenID Connect): no ID token is issued. Absent scope is the empty set
 * (RFC 6749 §3.3 "pre-defined default value").
 */
export const checkScope: Check = (ctx) => {
  const raw = single(ctx.params, "scope");
  if (raw !== undefined && raw.length > LIMITS.scope)
    throw oauthError("invalid_scope", `scope must be at most ${LIMITS.scope} characters.`);
  const parsed = parseScope(raw);
  if (!parsed) throw oauthError("invalid_scope", "scope must be space-separated scope tokens (RFC 6749 section 3.3).");
  ctx.out.scopes = parsed.scopes;
  ctx.out.openid = parsed.scopes.includes("openid");
};

/** OIDC Core §3.1.2.1: `nonce` is OPTIONAL in the code flow; kept verbatim for the ID token, bounded. */
export const checkNonce: Check = (ctx) => {
  const nonce = bounded(ctx.params, "nonce");
  if (nonce !== undefined) ctx.out.nonce = nonce;
};

/**
 * OIDC Core §3.1.2.1: `prompt` is a space-delimited list; `none` with any other value is an error
 * (invalid_request). A value the provider does not know is invalid_request too: the client asked
 * for a behaviour it would not get.
 */
export const checkPrompt: Check = (ctx) => {
  const raw = single(ctx.params, "prompt");
  const values = [...new Set((raw ?? "").split(" ").filter((v) => v !== ""))];
  for (const v of values)
    if (!(PROMPT_VALUES as readonly string[]).includes(v))
      throw oauthError("invalid_request", `prompt must be one or more of ${PROMPT_VALUES.join(", ")}.`);
  if (values.includes("none") && values.length > 1)
    throw oauthError("invalid_request", "prompt=none cannot be combined with another prompt value.");
  ctx.out.prompt = values as Prompt[];
};

/**
 * PKCE with S256 (RFC 7636; CONTRACT §12). Required of every public client and of a confidential
 * one unless it is registered with `requirePkce: false` (`pkceRequired`): such a client
 * authenticates at the token endpoint and gets the `nonce` back in the ID token (RFC 9700 §2.1.1),
 * so it may omit both parameters; a challenge it does send binds the code as for any client.
 * Refused, whatever the client:
 * - a challenge missing where required: invalid_request (RFC 7636 §4.4.1);
 * - method missing or `plain`: invalid_request (RFC 7636 §4.3 would default a missing method to
 *   `plain`, which OAuth 2.1 draft §4.1.1 refuses);
 * - not 43 base64url characters: it can never match an S256 verifier (RFC 7636 §4.2), invalid_request;
 * - a method without a challenge: invalid_request.
 * With `prompt=none` the refusal is kept as `pkceRefusal` instead of thrown: without a serving
 * session the answer is `login_required` (OIDC Core §3.1.2.6, what the OpenID conformance suite
 * expects), with one it is this refusal. Runs after checkPrompt for that reason.
 */
export const checkPkce: Check = (ctx) => {
  const refusal = pkceProblem(ctx);
  if (!refusal) return;
  if (must(ctx.out.prompt, "prompt").includes("none")) ctx.out.pkceRefusal = refusal;
  else throw refusal;
};

function pkceProblem(ctx: CheckContext): OAuthProtocolError | null {
  const client = must(ctx.client, "client");
  const challenge = single(ctx.params, "code_challenge");
  const method = single(ctx.params, "code_challenge_method");
  if (challenge === undefined) {
    if (method !== undefined)
      return oauthError("invalid_request", "code_challenge_method was sent without code_challenge.");
    return pkceRequired(client) ? oauthError("invalid_request", "code_challenge is required (PKCE with S256).") : null;
  }
  if (method !== PKCE_METHOD) return oauthError("invalid_request", "code_challenge_method must be S256.");
  if (!S256_CHALLENGE_RE.test(challenge))
    return oauthError(
      "invalid_request",
      "code_challenge must be the base64url SHA-256 of the verifier (43 characters).",
    );
  ctx.out.codeChallenge = challenge;
  ctx.out.codeChallengeMethod = PKCE_METHOD;
  return null;
}

/** OIDC Core §3.1.2.1: `max_age` is a non-negative integer number of seconds (at most 10 digits). */
export const checkMaxAge: Check = (ctx) => {
  const raw = single(ctx.params, "max_age");
  if (raw === undefined) return;
  if (!/^\d{1,10}$/.test(raw)) throw oauthError("invalid_request", "max_age must be a non-negative integer (seconds).");
  ctx.out.maxAge = Number(raw);
};

/**
 * OIDC Core §3.1.2.1: `id_token_hint` is kept raw and bounded; the HTTP layer verifies it with the
 * keys (signature, issuer; expiry not required) and answers login_required when it does not match.
 */
export const checkIdTokenHint: Check = (ctx) => {
  const hint = bounded(ctx.params, "id_token_hint");
  if (hint !== undefined) ctx.out.idTokenHint = hint;
};

/** OIDC Core §3.1.2.1: `login_hint` is a hint only; kept raw and bounded. */
export const checkLoginHint: Check = (ctx) => {
  const hint = bounded(ctx.params, "login_hint");
  if (hint !== undefined) ctx.out.loginHint = hint;
};

/** BCP 47 language tag, loosely (RFC 5646 §2.1 shape: subtags of 1-8 alphanumerics). */
const LOCALE_TAG_RE = /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/;

/**
 * OIDC Core §3.1.2.1 `ui_locales`, `display` and `acr_values`; OIDC Core §15.1: their use must
 * never result in an error. Over-long or malformed values are dropped, not refused; `acr_values`
 * keeps the lowest of our levels it names (askedAcr) and is otherwise ignored. `claims_locales`
 * is ignored (`claims` is checkClaims').
 */
export const checkHarmlessHints: Check = (ctx) => {
  const locales = single(ctx.params, "ui_locales");
  ctx.out.uiLocales =
    locales !== undefined && locales.length <= LIMITS.ui_locales
      ? locales
          .split(" ")
          .filter((t) => LOCALE_TAG_RE.test(t))
          .slice(0, LIMITS.ui_locales_count)
      : [];
  const display = single(ctx.params, "display");
  if (display !== undefined && (DISPLAY_VALUES as readonly string[]).includes(display))
    ctx.out.display = display as Display;
  const acr = askedAcr(single(ctx.params, "acr_values"));
  if (acr !== undefined) ctx.out.acr = acr;
};

/** CONTRACT §12: `organization=<orgId>` (a positive integer) preselects the active org. */
export const checkOrganization: Check = (ctx) => {
  const raw = single(ctx.params, "organization");
  if (raw === undefined) return;
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(id <= 2_147_483_647))
    throw oauthError("invalid_request", "organization must be a positive integer (an org id).");
  ctx.out.organizationId = id;
};

/** CONTRACT §16: `idp=<idpId>` (a positive integer) names the connection to sign in at. */
export const checkIdp: Check = (ctx) => {
  const raw = single(ctx.params, "idp");
  if (raw === undefined) return;
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id))
    throw oauthError("invalid_request", "idp must be a positive integer (a connection id).");
  ctx.out.idpId = id;
};

/**
 * OIDC Core §11: `offline_access` is kept only when the client may get refresh tokens (it holds
 * the `refresh_token` grant) and, for a client that shows a consent page (not first party), only
 * with `prompt=consent` (§11: "MUST ensure that the prompt parameter contains consent unless other
 * conditions for processing the request permitting offline access ... are known"; a first-party
 * client is the tenant's own application, CONTRACT §12). Otherwise it is ignored, not refused.
 */
export const checkOfflineAccess: Check = (ctx) => {
  const client = must(ctx.client, "client");
  const scopes = must(ctx.out.scopes, "scopes");
  if (!scopes.includes("offline_access")) return;
  const allowed =
    client.grantTypes.includes("refresh_token") &&
    (client.firstParty || must(ctx.out.prompt, "prompt").includes("consent"));
  if (!allowed) ctx.out.scopes = scopes.filter((s) => s !== "offline_access");
};

/** Phase 2 in order (RFC 6749 §4.1.1, then OIDC Core §3.1.2.1's parameters). */
/**
 * OIDC Core §5.5 `claims`: a JSON object naming claims for UserInfo (`userinfo`) and the ID token
 * (`id_token`). The claims we hold are kept (claims-request.ts), the others ignored; like the other
 * hints (checkHarmlessHints) a malformed or over-long value is ignored, never an error. Only an
 * OpenID request (`openid` scope) keeps any.
 */
export const checkClaims: Check = (ctx) => {
  const value = single(ctx.params, "claims");
  if (value === undefined || value.length > MAX_CLAIMS_LENGTH || !ctx.out.openid) return;
  const parsed = parseClaimsRequest(value);
  if (parsed && (parsed.userinfo.length > 0 || parsed.idToken.length > 0)) ctx.out.claims = parsed;
};

export const REDIRECT_CHECKS: readonly Check[] = [
  checkRepeatedParameters,
  checkState,
  checkResponseMode,
  checkUnsupportedParameters,
  checkResponseType,
  checkScope,
  checkNonce,
  checkPrompt,
  checkPkce,
  checkMaxAge,
  checkIdTokenHint,
  checkLoginHint,
  checkHarmlessHints,
  checkClaims,
  checkOrganization,
  checkIdp,
  checkOfflineAccess,
];

/** Phase 1 in order, with the caller's client lookup. */
export function pageChecks(lookup: ClientLookup): readonly Check[] {
  return [checkClientId, checkClient(lookup), checkClientGrantType, checkRedirectUri];
}

/**
 * The `state` to echo on an error redirect: the request's, when it is single and within its limit
 * (a repeated or over-long state is itself the error, and is not echoed).
 */
function stateForError(params: ParamSource): string | undefined {
  const values = params.getAll("state").filter((v) => v !== "");
  if (values.length === 0) {
    const inObject = requestObjectMember(params, "state");
    return inObject !== undefined && inObject.length <= LIMITS.state ? inObject : undefined;
  }
  return values.length === 1 && values[0].length <= LIMITS.state ? values[0] : undefined;
}

/** Longest `request` value whose claims an error answer reads (a request object of ours would be far smaller). */
const MAX_REQUEST_OBJECT_LENGTH = 16384;

/**
 * A string member of the request object (`request`, OIDC Core §6.1) read without verifying it, for
 * the delivery of the request_not_supported error only: a client that puts every parameter in the
 * object (as OIDC Core §6.1 allows) gets the error as its answer would travel, with its `state`.
 * It changes neither where the error goes (the redirect URI checked against the registration) nor
 * any other outcome. Undefined when the parameter is absent, repeated, not a JWT or not JSON.
 */
function requestObjectMember(params: ParamSource, name: "state" | "response_mode"): string | undefined {
  const values = params.getAll("request").filter((v) => v !== "");
  if (values.length !== 1 || values[0].length > MAX_REQUEST_OBJECT_LENGTH) return undefined;
  const payload = values[0].split(".")[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    const v = claims && typeof claims === "object" ? (claims as Record<string, unknown>)[name] : undefined;
    return typeof v === "string" && v !== "" ? v : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The response mode of an error answer: `form_post` when the request asked for it (once), so that
 * its errors travel as its answer would (OAuth 2.0 Form Post Response Mode §2); otherwise `query`,
 * including for a response_mode that is itself the error. Without one in the query, the request
 * object's (requestObjectMember).
 */
function responseModeForError(params: ParamSource): ResponseMode {
  const values = params.getAll("response_mode").filter((v) => v !== "");
  if (values.length === 0) return requestObjectMember(params, "response_mode") === "form_post" ? "form_post" : "query";
  return values.length === 1 && values[0] === "form_post" ? "form_post" : "query";
}

/**
 * Validates an authorization request: runs the page checks, then the redirect checks, in order;
 * the first failure decides the outcome. Anything thrown that is not an OAuthProtocolError (a
 * failing client lookup) propagates: the caller renders it as server_error on its page.
 */
export async function validateAuthorizationRequest(
  params: ParamSource,
  lookup: ClientLookup,
): Promise<AuthorizationOutcome> {
  params = indexParams(params);
  const ctx: CheckContext = { params, out: {} };
  let current: Check | undefined;
  try {
    for (const check of pageChecks(lookup)) {
      current = check;
      await check(ctx);
    }
  } catch (e) {
    if (e instanceof OAuthProtocolError) {
      const about = current === checkRedirectUri ? "redirect_uri" : e.error === "invalid_client" ? "client" : "request";
      const param = current === checkRedirectUri ? "redirect_uri" : "client_id";
      const sent = params.getAll(param);
      return {
        kind: "error_page",
        error: e,
        about,
        check: current?.name || "checkClientId",
        ...(sent.length ? { value: sent.join(", ") } : {}),
      };
    }
    throw e;
  }
  const redirectUri = must(ctx.redirectUri, "redirect_uri");
  try {
    for (const check of REDIRECT_CHECKS) await check(ctx);
  } catch (e) {
    if (e instanceof OAuthProtocolError)
      return {
        kind: "redirect_error",
        error: e,
        redirectUri,
        responseMode: responseModeForError(params),
        state: stateForError(params),
      };
    throw e;
  }
  const o = ctx.out;
  const request: AuthorizationRequest = {
    client: must(ctx.client, "client"),
    redirectUri,
    responseType: must(o.responseType, "response_type"),
    responseMode: must(o.responseMode, "response_mode"),
    scopes: must(o.scopes, "scopes"),
    openid: must(o.openid, "openid"),
    prompt: must(o.prompt, "prompt"),
    uiLocales: must(o.uiLocales, "ui_locales"),
  };
  if (o.state !== undefined) request.state = o.state;
  if (o.codeChallenge !== undefined) {
    request.codeChallenge = o.codeChallenge;
    request.codeChallengeMethod = must(o.codeChallengeMethod, "code_challenge_method");
  }
  if (o.pkceRefusal !== undefined) request.pkceRefusal = o.pkceRefusal;
  if (o.nonce !== undefined) request.nonce = o.nonce;
  if (o.maxAge !== undefined) request.maxAge = o.maxAge;
  if (o.idTokenHint !== undefined) request.idTokenHint = o.idTokenHint;
  if (o.loginHint !== undefined) request.loginHint = o.loginHint;
  if (o.display !== undefined) request.display = o.display;
  if (o.acr !== undefined) request.acr = o.acr;
  if (o.claims !== undefined) request.claims = o.claims;
  if (o.organizationId !== undefined) request.organizationId = o.organizationId;
  if (o.idpId !== undefined) request.idpId = o.idpId;
  return { kind: "valid", request };
}
