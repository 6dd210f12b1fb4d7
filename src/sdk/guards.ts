/**
 * Route guards for any fetch-style handler (Bun.serve, Deno, Cloudflare, Hono's `fetch`, …):
 * a bearer token in, a verified identity to the handler, or RFC 6750 §3 answers:
 * 401 with `WWW-Authenticate: Bearer …` (no/invalid/wrong-kind/wrong-audience token),
 * 403 `insufficient_scope`, 503 when the issuer's keys cannot be fetched.
 */
import {
  AudienceMismatchError,
  DiscoveryError,
  InsufficientScopeError,
  InvalidTokenError,
  KeysUnavailableError,
  WrongTokenKindError,
} from "./errors";
import type { MachineIdentity, UserIdentity } from "./verifier";

/** The bearer token of `Authorization: Bearer <token>`, or null. */
export function bearerToken(headers: Headers): string | null {
  const m = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/i.exec(headers.get("authorization") ?? "");
  return m ? m[1] : null;
}

const quoted = (s: string) => `"${s.replace(/["\\\r\n]/g, "")}"`;

/**
 * The RFC 6750 answer for a verification error, or null when `e` is not one (rethrow it).
 * `realm` is shown in WWW-Authenticate (the audience by default).
 */
export function authErrorResponse(e: unknown, realm: string): Response | null {
  const json = (status: number, body: Record<string, string>, headers: Record<string, string>) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", "cache-control": "no-store", ...headers },
    });
  if (e instanceof InvalidTokenError && e.reason === "missing")
    return json(
      401,
      { error: "invalid_token", error_description: "A bearer token is required." },
      { "www-authenticate": `Bearer realm=${quoted(realm)}` },
    );
  if (e instanceof InvalidTokenError || e instanceof WrongTokenKindError || e instanceof AudienceMismatchError)
    return json(
      401,
      { error: "invalid_token", error_description: e.message, code: e.code },
      {
        "www-authenticate": `Bearer realm=${quoted(realm)}, error="invalid_token", error_description=${quoted(e.message)}`,
      },
    );
  if (e instanceof InsufficientScopeError)
    return json(
      403,
      { error: "insufficient_scope", error_description: e.message, code: e.code },
      {
        "www-authenticate": `Bearer realm=${quoted(realm)}, error="insufficient_scope", scope=${quoted(e.required.join(" "))}`,
      },
    );
  if (e instanceof KeysUnavailableError || e instanceof DiscoveryError)
    return json(
      503,
      {
        error: "temporarily_unavailable",
        error_description: "Token verification is unavailable; retry shortly.",
        code: e.code,
      },
      { "retry-after": "5" },
    );
  return null;
}

type Handler<I> = (request: Request, identity: I) => Response | Promise<Response>;

interface Verifies {
  audience: string;
  verifyUser(token: string): Promise<UserIdentity>;
  verifyMachine(token: string, options?: { scopes?: string[] }): Promise<MachineIdentity>;
}

async function guarded<I>(
  request: Request,
  realm: string,
  verify: (token: string) => Promise<I>,
  handler: Handler<I>,
): Promise<Response> {
  let identity: I;
  try {
    identity = await verify(bearerToken(request.headers) ?? "");
  } catch (e) {
    const res = authErrorResponse(e, realm);
    if (res) return res;
    throw e;
  }
  return handler(request, identity);
}

/** Wraps a fetch handler for user routes: machine tokens are refused. */
export function withUser(v: Verifies, handler: Handler<UserIdentity>): (request: Request) => Promise<Response> {
  return (request) => guarded(request, v.audience, v.verifyUser, handler);
}

/** Wraps a fetch handler for machine routes: user tokens are refused; every scope in `scopes` is required. */
export function withMachine(
  v: Verifies,
  handler: Handler<MachineIdentity>,
  options: { scopes?: string[] } = {},
): (request: Request) => Promise<Response> {
  return (request) => guarded(request, v.audience, (t) => v.verifyMachine(t, options), handler);
}
