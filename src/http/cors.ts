/**
 * CORS (docs/decisions.md, "CORS"): public metadata (the JWKS and the RFC 8414 document) is
 * readable from any origin, without credentials. The sign-in, session, token and UserInfo endpoints answer
 * browsers of the origins listed in SSO_CORS_ORIGINS, with credentials (the web-session cookie); so
 * does revocation (a browser application revokes its refresh token at sign-out, RFC 7009 §2.1).
 * Introspection is for servers: no CORS.
 * Everything else sends no CORS headers, so no other origin can read a management answer.
 */
const PUBLIC = /^\/\.well-known\//;
const CREDENTIALED = /^\/(api\/auth\/|oauth2\/token$|oauth2\/revoke$|oauth2\/userinfo$)/;
/** UserInfo takes GET and POST (OIDC Core §5.3.1); every other credentialed endpoint POST. */
const GET_AND_POST = /^\/oauth2\/userinfo$/;
const MAX_AGE = "600";

export interface CorsPolicy {
  /** Exact origins (`scheme://host[:port]`) allowed on the credentialed endpoints. */
  origins: string[];
}

/** The CORS headers an answer to `request` carries (empty: none). */
export function corsHeaders(policy: CorsPolicy, request: Request, path: string): Record<string, string> {
  const origin = request.headers.get("origin");
  if (!origin) return {};
  if (PUBLIC.test(path)) return { "access-control-allow-origin": "*" };
  if (CREDENTIALED.test(path) && policy.origins.includes(origin))
    return {
      "access-control-allow-origin": origin,
      "access-control-allow-credentials": "true",
      vary: "Origin",
      "access-control-expose-headers": "retry-after, x-request-id",
    };
  return {};
}

/** The answer to a CORS preflight, or null when `request` is not one. */
export function preflight(policy: CorsPolicy, request: Request, path: string): Response | null {
  if (
    request.method !== "OPTIONS" ||
    !request.headers.get("origin") ||
    !request.headers.get("access-control-request-method")
  )
    return null;
  const base = corsHeaders(policy, request, path);
  if (!base["access-control-allow-origin"]) return new Response(null, { status: 204, headers: { vary: "Origin" } });
  const methods = PUBLIC.test(path) ? "GET" : GET_AND_POST.test(path) ? "GET, POST" : "POST";
  return new Response(null, {
    status: 204,
    headers: {
      ...base,
      "access-control-allow-methods": methods,
      "access-control-allow-headers": "authorization, content-type, x-request-id",
      "access-control-max-age": MAX_AGE,
    },
  });
}
