/**
 * POST /oauth2/token, /oauth2/revoke, /oauth2/introspect and GET|POST /oauth2/userinfo: the RFC 6749 /
 * RFC 6750 edge. It enforces the transport rules (form body, exactly one client authentication
 * method, no secret in the URL; the bearer token by exactly one method, never in the URL) and
 * leaves every refusal (an OAuthProtocolError) to the protocol's renderer (render-error.ts).
 */
import { Elysia } from "elysia";
import { clientIp, noContent200 } from "../../../http/context";
import { bearerResponses, tokenResponses } from "../../../http/responses";
import {
  BearerErrorBody,
  IntrospectionResponse,
  TokenActionBody,
  TokenErrorBody,
  TokenRequestBody,
  TokenResponse,
  UserInfoForm,
  UserInfoResponse,
} from "./model";
import { bearerError, oauthError } from "../errors";
import type { ClientAuthentication } from "./client-auth";
import type { TokenService } from "./service";

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
 * repeated parameters and a client secret in the query string.
 */
async function parseTokenForm({ request, contentType }: { request: Request; contentType: string }) {
  const q = request.url.indexOf("?");
  if (q >= 0 && new URLSearchParams(request.url.slice(q + 1)).has("client_secret"))
    throw oauthError(
      "invalid_request",
      "A client secret must never be sent in the URL; use HTTP Basic authentication.",
    );
  if (!contentType || contentType.split(";")[0].trim().toLowerCase() !== FORM)
    throw oauthError("invalid_request", `The body must be ${FORM}.`);
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(await request.text())) {
    if (k in out) throw oauthError("invalid_request", `The parameter ${k} is repeated.`);
    out[k] = v;
  }
  return out;
}

/**
 * The one client authentication method of the request (RFC 6749 §2.3: "MUST NOT use more than one
 * authentication method in each request"): HTTP Basic (`client_secret_basic`), `client_id` and
 * `client_secret` in the body (`client_secret_post`), or `client_id` alone (`none`, public clients).
 */
export function clientAuthentication(
  header: string | null,
  body: { client_id?: string; client_secret?: string },
): ClientAuthentication {
  if (header) {
    if (body.client_secret !== undefined)
      throw oauthError(
        "invalid_request",
        "Use exactly one client authentication method: HTTP Basic or client_secret in the body, not both.",
      );
    const creds = parseBasic(header);
    if (!creds)
      throw oauthError(
        "invalid_client",
        "Authenticate the client with HTTP Basic: client id and secret, each form-urlencoded, joined by ':' and base64-encoded.",
      );
    if (body.client_id !== undefined && body.client_id !== creds.id)
      throw oauthError("invalid_request", "client_id in the body differs from the HTTP Basic user name.");
    return { method: "client_secret_basic", clientId: creds.id, clientSecret: creds.secret };
  }
  if (body.client_id === undefined)
    throw oauthError(
      "invalid_client",
      "Authenticate the client: HTTP Basic, client_id and client_secret in the body, or client_id alone for a public client.",
    );
  if (body.client_secret !== undefined)
    return { method: "client_secret_post", clientId: body.client_id, clientSecret: body.client_secret };
  return { method: "none", clientId: body.client_id };
}

/** RFC 6750 §2.1: the bearer token of the Authorization header; null when none is sent. */
function bearerToken(header: string | null): string | null {
  if (!header) return null;
  const m = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)[ ]*$/i.exec(header);
  return m ? m[1] : "";
}

/**
 * The parameters of a UserInfo POST whose body is a form (RFC 6750 §2.2: the only body that may
 * carry the token); null for any other body, which is left unread.
 */
async function parseBearerForm({ request, contentType }: { request: Request; contentType: string }) {
  if (!contentType || contentType.split(";")[0].trim().toLowerCase() !== FORM) return { form: null };
  return { form: [...new URLSearchParams(await request.text())] };
}

const twoMethods = () =>
  bearerError(
    "invalid_request",
    "Send the access token by exactly one method: the Authorization header or access_token in a form body.",
  );

/**
 * The access token of a UserInfo request, sent by exactly one method (RFC 6750 §2: "MUST NOT use
 * more than one method"): the Authorization header (§2.1) or `access_token` in a form body (§2.2,
 * POST only). Never the URL: §2.3 is not offered (URLs end up in logs and Referer headers, §5.3).
 * Null when no token was sent.
 */
function presentedToken(request: Request, body: unknown): string | null {
  const q = request.url.indexOf("?");
  if (q >= 0 && new URLSearchParams(request.url.slice(q + 1)).has("access_token"))
    throw bearerError(
      "invalid_request",
      "Never send the access token in the URL; use the Authorization header or a form body.",
    );
  const form = (body as { form?: [string, string][] | null } | undefined)?.form ?? null;
  const inBody = form ? form.filter(([k]) => k === "access_token").map(([, v]) => v) : [];
  if (inBody.length > 1) throw bearerError("invalid_request", "The parameter access_token is repeated.");
  const header = request.headers.get("authorization");
  if (inBody.length === 0) return bearerToken(header);
  if (header !== null) throw twoMethods();
  return inBody[0];
}

export function tokenRoutes({ tokens }: { tokens: TokenService }) {
  const userinfo = async ({
    request,
    body,
    set,
  }: {
    request: Request;
    body: unknown;
    set: { headers: Record<string, unknown> };
  }) => {
    const claims = await tokens.userInfo(presentedToken(request, body));
    set.headers["cache-control"] = "no-store";
    set.headers["pragma"] = "no-cache";
    return claims as typeof UserInfoResponse.static;
  };
  const userinfoDetail = (method: "GET" | "POST") => ({
    response: bearerResponses(UserInfoResponse, BearerErrorBody),
    detail: {
      tags: ["OpenID Connect"],
      security: [{ bearer: [] }],
      summary: "UserInfo: the signed-in person's claims",
      description: `OIDC Core §5.3. The access token of the authorization code grant with \`openid\` granted, ${
        method === "GET"
          ? "as `Authorization: Bearer` (RFC 6750 §2.1)"
          : "as `Authorization: Bearer` (RFC 6750 §2.1) or as `access_token` in an `application/x-www-form-urlencoded` body (§2.2)"
      }: exactly one method, never in the URL. Answers \`sub\` (the user id) and the claims its scopes grant, read now: \`email\`, \`email_verified\` (email); \`name\`, \`updated_at\` (profile). A token introspection calls inactive is refused: revoked at /oauth2/revoke, of an ended sign-in session or refresh family (logout, session control, refresh-token reuse), of a reused authorization code, of a disabled or erased user or a suspended organization. Errors are RFC 6750 §3.1: 401 with \`WWW-Authenticate: Bearer error="invalid_token"\` (no error when no token was sent), 400 \`invalid_request\` (the token sent twice or in the URL), 403 \`insufficient_scope\`.`,
    },
  });
  return new Elysia({ name: "oauth-routes" })
    .post(
      "/oauth2/token",
      async ({ body, request, server, set }) => {
        const auth = clientAuthentication(request.headers.get("authorization"), body);
        // A refusal is rendered as RFC 6749 §5.2 by the protocol's renderer.
        const token = await tokens.token({
          auth,
          grantType: body.grant_type,
          form: body,
          ip: clientIp(request, server),
        });
        // RFC 6749 §5.1: token responses are never cached.
        set.headers["cache-control"] = "no-store";
        set.headers["pragma"] = "no-cache";
        return {
          access_token: token.accessToken,
          token_type: "Bearer" as const,
          expires_in: token.expiresIn,
          scope: token.scope,
          ...(token.idToken ? { id_token: token.idToken } : {}),
          ...(token.refreshToken ? { refresh_token: token.refreshToken } : {}),
        };
      },
      {
        parse: [parseTokenForm, "urlencoded"],
        body: TokenRequestBody,
        response: tokenResponses(TokenResponse, TokenErrorBody),
        detail: {
          tags: ["OAuth 2.0"],
          security: [{ basic: [] }, {}],
          summary: "Token endpoint: client credentials, authorization code, refresh token",
          description:
            "RFC 6749 §4.4, §4.1.3, §6. Client authentication: HTTP Basic (client id and secret, form-urlencoded before base64), `client_id` + `client_secret` in the body, or `client_id` alone for a public client (PKCE then proves it); exactly one method. client_credentials: a machine token (`token_use: machine`, `scope`, `org_id`, `tenant_id`, `app_id` when bound; `aud` is the bound application's identifier, else the client id), no refresh token. authorization_code (`code`, `redirect_uri`, `code_verifier`): the SPEC 2.1 user token for the client's application with `client_id`, `scope` and `sid`, the ID token when `openid` was granted, a refresh token when the client holds `refresh_token`. refresh_token: the next pair of the client's family (rotation, reuse revokes it). Errors are RFC 6749 §5.2 bodies.",
        },
      },
    )
    .post(
      "/oauth2/revoke",
      async ({ body, request, server }) => {
        const auth = clientAuthentication(request.headers.get("authorization"), body);
        await tokens.revoke({
          auth,
          token: body.token,
          tokenTypeHint: body.token_type_hint,
          ip: clientIp(request, server),
        });
        // RFC 7009 §2.2: 200 with an empty body, whether or not the token was known.
        return noContent200();
      },
      {
        parse: [parseTokenForm, "urlencoded"],
        body: TokenActionBody,
        detail: {
          tags: ["OAuth 2.0"],
          security: [{ basic: [] }, {}],
          summary: "Revoke a token (RFC 7009)",
          description:
            "Client authentication as at the token endpoint (HTTP Basic, `client_secret_post`, or `client_id` alone for a public client). A refresh token of the client's own family ends that family (its access tokens then introspect as inactive; the client gets a back-channel logout token when it has a `backchannelLogoutUri`). An access token issued to the client is recorded as revoked until it expires. Unknown tokens, and tokens of other clients, answer 200 too and change nothing. Audited as `oauth.token.revoked`.",
        },
      },
    )
    .post(
      "/oauth2/introspect",
      async ({ body, request, set }) => {
        const auth = clientAuthentication(request.headers.get("authorization"), body);
        const answer = await tokens.introspect({ auth, token: body.token });
        set.headers["cache-control"] = "no-store";
        set.headers["pragma"] = "no-cache";
        return answer as typeof IntrospectionResponse.static;
      },
      {
        parse: [parseTokenForm, "urlencoded"],
        body: TokenActionBody,
        response: tokenResponses(IntrospectionResponse, TokenErrorBody),
        detail: {
          tags: ["OAuth 2.0"],
          security: [{ basic: [] }],
          summary: "Introspect a token (RFC 7662)",
          description:
            "The caller authenticates as a confidential client with HTTP Basic. `active` is false for expired, revoked or foreign tokens, tokens of an ended sign-in session or refresh family, a disabled or erased user, or a suspended organization, and for tokens of another tenant. Refresh tokens are described only to the client they were issued to. When active, the answer carries the token's claims plus `active`, `token_type` and `client_id`.",
        },
      },
    )
    .get("/oauth2/userinfo", userinfo, userinfoDetail("GET"))
    .post("/oauth2/userinfo", userinfo, {
      parse: [parseBearerForm],
      ...userinfoDetail("POST"),
      // Documented here: the form is parsed by the route (one method, repeats refused), not validated by a schema.
      detail: {
        ...userinfoDetail("POST").detail,
        requestBody: { required: false, content: { [FORM]: { schema: UserInfoForm } } },
      },
    });
}
