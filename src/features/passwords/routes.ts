/**
 * POST /api/auth/password/forgot, POST /api/auth/password/reset and
 * POST /api/users/me/password and POST /api/users/{id}/password-setup-link.
 */
import { Elysia, t } from "elysia";
import { clientIp, noContent200, noStore } from "../../http/context";
import { QueryInt } from "../../http/wire";
import { ChangeBody, ForgotBody, ResetBody, SetupLinkResponse } from "./model";
import type { PasswordService } from "./service";
import type { Guard } from "../../http/guard";
import { ok } from "../../http/responses";

export function passwordRoutes({ passwords, guard }: { passwords: PasswordService; guard: Guard }) {
  const tags = ["Passwords"];
  return new Elysia({ name: "password-routes" })
    .post(
      "/api/auth/password/forgot",
      async ({ body, request, server }) => {
        await passwords.forgot(body.email, clientIp(request, server), request.headers.get("accept-language"));
        return noContent200();
      },
      {
        body: ForgotBody,
        detail: {
          tags,
          security: [],
          summary: "Mail a password-reset token",
          description:
            "Always answers 200, whether or not the account exists. An active account is mailed a single-use reset token valid for 30 minutes (earlier reset tokens die), in the language `Accept-Language` asks for (else the person's saved language), branded for the tenant. At most 30 password requests a minute per address.",
        },
      },
    )
    .post(
      "/api/auth/password/reset",
      async ({ body, request, server }) => {
        await passwords.reset(body.token, body.newPassword, clientIp(request, server));
        return noContent200();
      },
      {
        body: ResetBody,
        detail: {
          tags,
          security: [],
          summary: "Set a new password with a reset or setup token",
          description:
            "The token works once (an unknown, expired or spent one is 400 INVALID_TOKEN). Every session of the user ends; sign in again with the new password.",
        },
      },
    )
    .post(
      "/api/users/me/password",
      async ({ body, request, server }) => {
        const ip = clientIp(request, server);
        const p = await guard.user(request.headers, ip);
        await passwords.change(
          { userId: p.userId, tenantId: p.tenantId, sessionId: p.sessionId, ip },
          body.currentPassword,
          body.newPassword,
        );
        return noContent200();
      },
      {
        body: ChangeBody,
        detail: {
          tags,
          security: [{ bearer: [] }],
          summary: "Change the caller's own password",
          description:
            "Any user token of this issuer. `currentPassword` must be the present password (a wrong one is 400 naming that field and counts toward the sign-in lockout); `newPassword` is 8 to 200 characters and must differ. Every other session of the user ends; the calling session stays signed in. Audited as `auth.password.changed`.",
        },
      },
    )
    .post(
      "/api/users/:id/password-setup-link",
      async ({ params, request, server, set }) => {
        const ip = clientIp(request, server);
        const p = await guard.management(request.headers, ip);
        const link = await passwords.createSetupLink(p, params.id);
        noStore(set);
        return { token: link.token, expiresAt: link.expiresAt.toISOString() };
      },
      {
        params: t.Object({ id: QueryInt({ minimum: 1 }) }),
        response: ok(SetupLinkResponse),
        detail: {
          tags: ["Users"],
          security: [{ bearer: [] }],
          summary: "Issue a password-setup token for a user",
          description:
            "USER_MANAGE and the user's organization inside the token's reach. The token is redeemed at POST /api/auth/password/reset within 7 days, once; a new link replaces the previous one. The user is mailed the same token (multipart text + HTML, branded, in their saved language).",
        },
      },
    );
}
