/**
 * POST /oauth2/token: the RFC 6749 edge of the client_credentials grant. It enforces the
 * transport rules (form body, HTTP Basic only, no secret in the URL or body) and maps the
 * service's TokenRequestError to RFC 6749 §5.2 bodies rendered by the app's one error renderer.
 */
import { Elysia } from "elysia";
import { OAuthError } from "../../http/oauth-error";
import { tokenResponses } from "../../http/responses";
import { TokenErrorBody, TokenRequestBody, TokenResponse } from "./model";
import type { OAuthService } from "./service";

const FORM = "application/x-www-form-urlencoded";

/** RFC 6749 §2.3.1: id and secret are form-urlencoded, then joined by ":" and base64-encoded. */
export function parseBasic(header: string | null): { id: string; secret: string } | null {
  if (!header || header.length > 4096) return null;
  const m = /^Basic[ ]+([A-Za-z0-9+/=_-]+)[ ]*$/i.exec(header);
  if (!m) return null;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon <= 0) return null;
  try {
    const dec = (s: string) => decodeURIComponent(s.replace(/\+/g, " "));
    return { id: dec(decoded.slice(0, colon)), secret: dec(decoded.slice(colon + 1)) };
  } catch {
    return null; // malformed percent-encoding
  }
}

/**
 * Parses the form body once, refusing (RFC 6749 §3.2, §2.3.1, CONTRACT §1) other content types,
 * repeated parameters and a client secret in the body or the query string.
 */
async function parseTokenForm({ request, contentType }: { request: Request; contentType: string }) {
  const q = request.url.indexOf("?");
  if (q >= 0 && new URLSearchParams(request.url.slice(q + 1)).has("client_secret"))
    throw new OAuthError(
      "invalid_request",
      "A client secret must never be sent in the URL; use HTTP Basic authentication.",
    );
  if (!contentType || contentType.split(";")[0].trim().toLowerCase() !== FORM)
    throw new OAuthError("invalid_request", `The body must be ${FORM}.`);
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(await request.text())) {
    if (k in out) throw new OAuthError("invalid_request", `The parameter ${k} is repeated.`);
    out[k] = v;
  }
  if ("client_secret" in out)
    throw new OAuthError(
      "invalid_request",
      "client_secret in the body is not supported; authenticate with HTTP Basic only.",
    );
  return out;
}

export function oauthRoutes({ oauth }: { oauth: OAuthService }) {
  return new Elysia({ name: "oauth-routes" }).post(
    "/oauth2/token",
    async ({ body, request, set }) => {
      const creds = parseBasic(request.headers.get("authorization"));
      if (!creds)
        throw new OAuthError(
          "invalid_client",
          "Authenticate the client with HTTP Basic: client id and secret, each form-urlencoded, joined by ':' and base64-encoded.",
        );
      if (body.client_id !== undefined && body.client_id !== creds.id)
        throw new OAuthError("invalid_request", "client_id in the body differs from the HTTP Basic user name.");
      // A TokenRequestError is rendered as RFC 6749 §5.2 by the app's one error renderer.
      const token = await oauth.clientCredentials({
        clientId: creds.id,
        clientSecret: creds.secret,
        grantType: body.grant_type,
        scope: body.scope,
      });
      // RFC 6749 §5.1: token responses are never cached.
      set.headers["cache-control"] = "no-store";
      set.headers["pragma"] = "no-cache";
      return {
        access_token: token.accessToken,
        token_type: "Bearer" as const,
        expires_in: token.expiresIn,
        scope: token.scope,
      };
    },
    {
      parse: [parseTokenForm, "urlencoded"],
      body: TokenRequestBody,
      response: tokenResponses(TokenResponse, TokenErrorBody),
      detail: {
        tags: ["OAuth 2.0"],
        security: [{ basic: [] }],
        summary: "Client credentials grant: a machine token",
        description:
          "RFC 6749 §4.4. Authenticate with HTTP Basic (client id and secret, form-urlencoded before base64). The token carries `token_use: machine`, `scope`, `org_id`, `tenant_id`, `app_id` when bound; `aud` is the bound application's identifier, else the client id. No refresh token. Errors are RFC 6749 §5.2 bodies.",
      },
    },
  );
}
