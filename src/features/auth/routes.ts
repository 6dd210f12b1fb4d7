/**
 * POST /api/auth/login, GET /api/users/me/memberships and POST /api/users/me/active-organization.
 */
import { Elysia, t } from "elysia";
import { clientIp } from "../../http/context";
import type { Guard } from "../../http/guard";
import { requireAllowedOrigin, tokenPairBody, type CookiePolicy } from "../../http/session-cookie";
import { fieldError } from "../../kernel/errors";
import { LoginBody, Membership, MfaChallenge, SwitchOrgBody, TokenPairResponse, WebQuery } from "./model";
import type { AuthService } from "./service";
import { ok } from "../../http/responses";

/**
 * Elysia normalizes a body to its schema's shape before validating it, which turns a `device` of the
 * wrong type (a string, a number) into an empty object; this check runs on the parsed body first (400).
 */
function refuseNonObjectDevice({ body }: { body: unknown }) {
  const device = (body as { device?: unknown } | null)?.device;
  if (device !== undefined && (device === null || typeof device !== "object" || Array.isArray(device))) throw fieldError("device", "must be an object (DeviceInfo)");
}

export function authRoutes({ auth, guard, cookies }: { auth: AuthService; guard: Guard; cookies: CookiePolicy }) {
  const tags = ["Authentication"];
  const bearer = [{ bearer: [] }];
  return new Elysia({ name: "auth-routes" })
    .post(
      "/api/auth/login",
      async ({ body, query, request, server, cookie, set }) => {
        // A browser page of another origin may not start a cookie session (login CSRF).
        if (query.web) requireAllowedOrigin(cookies, request, false);
        const pair = await auth.login({ ...body, web: query.web }, clientIp(request, server));
        return tokenPairBody(cookies, pair, cookie, set);
      },
      {
        transform: refuseNonObjectDevice,
        body: LoginBody,
        query: WebQuery,
        response: ok(t.Union([TokenPairResponse, MfaChallenge])),
        detail: {
          tags,
          security: [],
          summary: "Sign in with email and password",
          description:
            "Plain mode returns the refresh token in the body; `web=true` sets the HttpOnly `sso_refresh` cookie (SameSite=Strict, Path=/api/auth) instead; a `device` object starts a device session and answers a server-issued `deviceId`. " +
            "Without `audience` (or with the issuer) the token is a management token. Bad credentials, disabled or erased accounts: 401 INVALID_CREDENTIALS. " +
            "5 failures for one email in 15 minutes lock it for 15 minutes (429 ACCOUNT_LOCKED with Retry-After); more than 100 attempts a minute from one address: 429 RATE_LIMITED.",
        },
      },
    )
    .get(
      "/api/users/me/memberships",
      async ({ request, server }) => {
        const p = await guard.user(request.headers, clientIp(request, server));
        return auth.memberships(p.userId, p.tenantId);
      },
      { response: ok(t.Array(Membership)), detail: { tags, security: bearer, summary: "Organizations the caller may switch into", description: "Any user access token of this issuer, whatever its audience." } },
    )
    .post(
      "/api/users/me/active-organization",
      async ({ body, request, server, cookie, set }) => {
        const ip = clientIp(request, server);
        const p = await guard.user(request.headers, ip);
        const pair = await auth.switchOrganization({ userId: p.userId, tenantId: p.tenantId, sessionId: p.sessionId, ip }, body.organizationId, body.audience);
        return tokenPairBody(cookies, pair, cookie, set);
      },
      {
        body: SwitchOrgBody,
        response: ok(TokenPairResponse),
        detail: {
          tags,
          security: bearer,
          summary: "Switch the active organization",
          description:
            "Answers a fresh token pair scoped to that organization, in the same session mode (web: cookie; device: same device); the previous session ends. " +
            "Needs a membership there or a SUBTREE role above it (403 otherwise); a suspended org is 403 ORG_SUSPENDED. `audience` defaults to the session's audience.",
        },
      },
    );
}
