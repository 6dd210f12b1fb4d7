/** POST /api/auth/login and the shaping of token-pair responses (plain / web cookie / device). */
import { Elysia, t } from "elysia";
import { clientIp } from "../../http/context";
import type { Services } from "../../services";
import { LoginBody, Membership, MfaChallenge, TokenPairResponse, WebQuery } from "./model";
import type { TokenPair } from "./service";

export const REFRESH_COOKIE = "sso_refresh";

type CookieJar = Record<string, { set(v: Record<string, unknown>): unknown; remove(): unknown; value: unknown }>;

/** Shapes a TokenPair for the wire; in web mode the refresh token goes into the HttpOnly cookie. */
export function tokenPairBody(svc: Services, pair: TokenPair, cookie: CookieJar, set: { headers: Record<string, unknown> }) {
  set.headers["cache-control"] = "no-store";
  set.headers["pragma"] = "no-cache";
  const body: { accessToken: string; tokenType: "Bearer"; expiresInSeconds: number; refreshToken?: string; deviceId?: string } = { accessToken: pair.accessToken, tokenType: "Bearer", expiresInSeconds: pair.expiresInSeconds };
  if (pair.mode === "web") {
    cookie[REFRESH_COOKIE].set({
      value: pair.refreshToken,
      httpOnly: true,
      sameSite: "strict",
      path: "/api/auth",
      secure: !svc.config.issuer.startsWith("http://"),
      maxAge: pair.refreshTtlSeconds,
    });
  } else body.refreshToken = pair.refreshToken;
  if (pair.deviceId) body.deviceId = pair.deviceId;
  return body;
}

export function authRoutes(svc: Services) {
  const tags = ["Authentication"];
  const bearer = [{ bearer: [] }];
  return new Elysia({ name: "auth-routes" })
    .get(
      "/api/users/me/memberships",
      async ({ request, server }) => {
        const p = await svc.guard.user(request.headers, clientIp(request, server));
        return svc.auth.memberships(p.userId, p.tenantId);
      },
      { response: { 200: t.Array(Membership) }, detail: { tags, security: bearer, summary: "Organizations the caller may switch into" } },
    )
    .post(
    "/api/auth/login",
    async ({ body, query, request, server, cookie, set }) => {
      const pair = await svc.auth.login({ ...body, web: query.web }, clientIp(request, server));
      return tokenPairBody(svc, pair, cookie as unknown as CookieJar, set);
    },
    {
      body: LoginBody,
      query: WebQuery,
      response: { 200: t.Union([TokenPairResponse, MfaChallenge]) },
      detail: { tags, summary: "Sign in with email and password", description: "Plain mode returns the refresh token in the body; `web=true` sets the HttpOnly `sso_refresh` cookie instead; a `device` object starts a device session." },
    },
  );
}
