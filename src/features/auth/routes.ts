/**
 * POST /api/auth/login and POST /api/auth/mfa/verify: proving who the caller is, then the session.
 */
import { tokens } from "../../http/guard";
import { Elysia, t } from "elysia";
import { clientIp, refuseNonObjectDevice } from "../../http/context";
import { requireAllowedOrigin, signInAnswer, tokenPairBody, type CookiePolicy } from "../../http/session-cookie";
import { TokenPairResponse, WebQuery } from "../sessions/model";
import { LoginBody, MfaChallenge, MfaVerifyBody, VerifyWebQuery } from "./model";
import type { AuthService } from "./service";
import { ok } from "../../http/responses";

export function authRoutes({ auth, cookies }: { auth: AuthService; cookies: CookiePolicy }) {
  const tags = ["Authentication"];
  return new Elysia({ name: "auth-routes" })
    .post(
      "/api/auth/login",
      async ({ body, query, request, server, cookie, set }) => {
        // A browser page of another origin may not start a cookie session (login CSRF).
        if (query.web) requireAllowedOrigin(cookies, request, false);
        const r = await auth.login({ ...body, web: query.web }, clientIp(request, server));
        return signInAnswer(cookies, r, cookie, set);
      },
      {
        transform: refuseNonObjectDevice,
        body: LoginBody,
        query: WebQuery,
        response: ok(t.Union([TokenPairResponse, MfaChallenge])),
        detail: {
          tags,
          ...tokens("public"),
          summary: "Sign in with email and password",
          description:
            "Plain mode returns the refresh token in the body; `web=true` sets the HttpOnly `sso_refresh` cookie (SameSite=Strict, Path=/api/auth) instead; a `device` object starts a device session and answers a server-issued `deviceId`. " +
            "Without `audience` (or with the issuer) the token is a management token. Bad credentials, disabled or erased accounts: 401 INVALID_CREDENTIALS. " +
            "5 failures for one email from one client address in 15 minutes lock that address's password attempts for the email for 15 minutes (429 ACCOUNT_LOCKED with Retry-After; only failures count, so parallel correct sign-ins all succeed, and a guess counted after the 5th failure answers 429); other addresses go on. 50 failures from 10 addresses in 15 minutes lock the password everywhere for 15 minutes. Passkeys and social sign-ins are never locked by password failures; an administrator lifts both locks with POST /api/users/{id}/unlock. Nothing tells how many attempts are left. More than 100 attempts a minute from one address: 429 RATE_LIMITED.",
        },
      },
    )
    .post(
      "/api/auth/mfa/verify",
      async ({ body, query, request, server, cookie, set }) => {
        if (query.web) requireAllowedOrigin(cookies, request, false);
        const pair = await auth.verifySecondFactor({ ...body, web: query.web }, clientIp(request, server));
        return tokenPairBody(cookies, pair, cookie, set);
      },
      {
        transform: refuseNonObjectDevice,
        body: MfaVerifyBody,
        query: VerifyWebQuery,
        response: ok(TokenPairResponse),
        detail: {
          tags,
          ...tokens("public"),
          summary: "Complete a sign-in with the second factor",
          description:
            "Takes the `pendingToken` of the MFA challenge and a 6-digit TOTP (the current step or one either side, each step once) or an unused recovery code. " +
            "`audience`, `web` and `device` are taken from this call, else from the sign-in that started the challenge. A wrong code is 401 MFA_INVALID_CODE; after 5 the pending token ends (401 INVALID_TOKEN).",
        },
      },
    );
}
