/**
 * POST /api/auth/refresh and /api/auth/logout (plain body or the web cookie); the caller's
 * devices (GET/DELETE /api/users/me/devices); the caller's memberships and org switch
 * (GET /api/users/me/memberships, POST /api/users/me/active-organization); and the caller's
 * browser sessions and refresh families (/api/users/me/sessions, CONTRACT §13), mounted apart
 * (`sessionListRoutes`) where the OpenAPI document lists them.
 */
import { Elysia, t } from "elysia";
import { clientIp, noContent200 } from "../../http/context";
import { selfCaller, tokens, type Guard } from "../../http/guard";
import {
  noStore,
  presentedRefreshToken,
  refreshCookieOf,
  setRefreshCookie,
  tokenPairBody,
  type CookiePolicy,
} from "../../http/session-cookie";
import {
  DeviceView,
  LogoutBody,
  Membership,
  RefreshBody,
  RevokedCount,
  SessionEntryView,
  SwitchOrgBody,
  TokenPairResponse,
} from "./model";
import type { SessionService } from "./service";
import { ok } from "../../http/responses";

export function sessionRoutes({
  sessions,
  guard,
  cookies,
}: {
  sessions: SessionService;
  guard: Guard;
  cookies: CookiePolicy;
}) {
  const tags = ["Sessions"];
  const authTags = ["Authentication"];
  const self = tokens("self");
  const callerOf = (request: Request) => selfCaller(guard, request);
  return new Elysia({ name: "session-routes" })
    .post(
      "/api/auth/refresh",
      async ({ body, request, server, cookie, set }) => {
        const refreshToken = presentedRefreshToken(body, cookie, request, cookies);
        const audience = (body as { audience?: string } | undefined)?.audience;
        const pair = await sessions.refresh({ refreshToken, audience }, clientIp(request, server));
        return tokenPairBody(cookies, pair, cookie, set);
      },
      {
        body: t.Optional(RefreshBody),
        response: ok(TokenPairResponse),
        detail: {
          tags: authTags,
          ...tokens("public"),
          summary: "Exchange a refresh token for a new pair",
          description:
            "The refresh token is single use: the answer carries its successor. Presenting a used one again revokes the whole session (401 REFRESH_TOKEN_REUSED). " +
            "Without a body the `sso_refresh` cookie is read and the rotated token is set as the cookie again (no refresh token in the body). " +
            "`audience` mints for that audience from now on; otherwise the session's audience. The session keeps its active organization.",
        },
      },
    )
    .post(
      "/api/auth/logout",
      async ({ body, request, server, cookie, set }) => {
        const hadCookie = refreshCookieOf(cookie) !== undefined;
        const refreshToken = presentedRefreshToken(body, cookie, request, cookies);
        await sessions.logout(refreshToken, clientIp(request, server));
        noStore(set);
        if (hadCookie) setRefreshCookie(cookies, cookie, "", 0);
        return noContent200();
      },
      {
        body: t.Optional(LogoutBody),
        detail: {
          tags: authTags,
          ...tokens("public"),
          summary: "End the session of a refresh token",
          description:
            "Takes the refresh token from the body, or from the `sso_refresh` cookie when no body is sent, and clears that cookie. Idempotent: an unknown or already ended session answers 200 too.",
        },
      },
    )
    .get(
      "/api/users/me/devices",
      async ({ request }) => {
        const devices = await sessions.listDevices(await callerOf(request));
        return devices.map((d) => ({
          deviceId: d.deviceId,
          name: d.name,
          platform: d.platform,
          lastSeenAt: d.lastSeenAt.toISOString(),
          createdAt: d.createdAt.toISOString(),
        }));
      },
      {
        response: ok(t.Array(DeviceView)),
        detail: {
          tags,
          ...self,
          summary: "The caller's devices",
          description: "A management, SPEC-login or first-party client token, whatever its audience (CONTRACT §2).",
        },
      },
    )
    .delete(
      "/api/users/me/devices/:deviceId",
      async ({ params, request }) => {
        await sessions.removeDevice(await callerOf(request), params.deviceId);
        return noContent200();
      },
      {
        params: t.Object({ deviceId: t.String({ minLength: 1, maxLength: 128 }) }),
        detail: {
          tags,
          ...self,
          summary: "Log one of the caller's devices out",
          description:
            "Ends that device's session and forgets the device; other devices are untouched. 404 when the device is not the caller's.",
        },
      },
    )
    .get(
      "/api/users/me/memberships",
      async ({ request }) => {
        const p = guard.principal(request);
        return sessions.memberships(p.userId, p.tenantId);
      },
      {
        response: ok(t.Array(Membership)),
        detail: {
          tags: authTags,
          ...self,
          summary: "Organizations the caller may switch into",
          description: "A management, SPEC-login or first-party client token, whatever its audience (CONTRACT §2).",
        },
      },
    )
    .post(
      "/api/users/me/active-organization",
      async ({ body, request, cookie, set }) => {
        const p = guard.principal(request);
        const pair = await sessions.switchOrganization(
          { userId: p.userId, tenantId: p.tenantId, sessionId: p.sessionId, ip: p.ip },
          body.organizationId,
          body.audience,
        );
        return tokenPairBody(cookies, pair, cookie, set);
      },
      {
        body: SwitchOrgBody,
        response: ok(TokenPairResponse),
        detail: {
          tags: authTags,
          ...self,
          summary: "Switch the active organization",
          description:
            "Answers a fresh token pair scoped to that organization, in the same session mode (web: cookie; device: same device); the previous session ends. " +
            "Needs a membership there or a SUBTREE role above it (403 otherwise); a suspended org is 403 ORG_SUSPENDED. `audience` defaults to the session's audience.",
        },
      },
    );
}

/** The caller's browser sessions and refresh families: list, end one, end all others (CONTRACT §13). */
export function sessionListRoutes({ sessions, guard }: { sessions: SessionService; guard: Guard }) {
  const tags = ["Sessions"];
  const callerOf = (request: Request) => selfCaller(guard, request);
  return new Elysia({ name: "session-list-routes" })
    .get(
      "/api/users/me/sessions",
      async ({ request }) => {
        const list = await sessions.listSessions(await callerOf(request));
        return list.map((x) => ({
          ...x,
          createdAt: x.createdAt?.toISOString() ?? null,
          lastUsedAt: x.lastUsedAt?.toISOString() ?? null,
          expiresAt: x.expiresAt.toISOString(),
        }));
      },
      {
        response: ok(t.Array(SessionEntryView)),
        detail: {
          tags,
          ...tokens("self"),
          summary: "The caller's sign-in sessions and refresh families",
          description:
            "Every live browser sign-in session (`kind: signin`, hosted pages) and refresh-token family (`kind: refresh`: web, plain and device sessions, and OAuth clients' families) of the caller, oldest first; `current` marks the one the calling token belongs to. A management, SPEC-login or first-party client token, whatever its audience (CONTRACT §2).",
        },
      },
    )
    .delete(
      "/api/users/me/sessions/:sessionId",
      async ({ params, request }) => {
        await sessions.endOwnSession(await callerOf(request), params.sessionId);
        return noContent200();
      },
      {
        params: t.Object({
          sessionId: t.String({ pattern: "^[A-Za-z0-9_-]{1,128}$", description: "a session id from the list" }),
        }),
        detail: {
          tags,
          ...tokens("self"),
          summary: "End one of the caller's sessions",
          description:
            "A sign-in session ends with the refresh families started through it; a refresh family ends alone. Their access tokens introspect as inactive from then on (they still verify offline until `exp`), and the clients that got tokens receive back-channel logout tokens. 404 when it is not a live session of the caller. Audited as `auth.logout` with `via: sessions`.",
        },
      },
    )
    .post(
      "/api/users/me/sessions/revoke-all",
      async ({ request }) => ({ revoked: await sessions.endOtherSessions(await callerOf(request)) }),
      {
        response: ok(RevokedCount),
        detail: {
          tags,
          ...tokens("account"),
          summary: "Sign out everywhere else",
          description:
            "Ends every sign-in session and refresh family of the caller except the one the calling token belongs to, and sends the back-channel logout tokens. Audited as `auth.sessions.ended` with `via: sessions`.",
        },
      },
    );
}
