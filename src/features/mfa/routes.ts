/** POST /api/mfa/setup/begin, /api/mfa/setup/confirm, /api/mfa/disable (any user access token of this issuer). */
import { Elysia } from "elysia";
import { noContent200, noStore } from "../../http/context";
import { selfCaller, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { ConfirmBody, MfaSetupResponse, RecoveryCodesResponse } from "./model";
import type { MfaService } from "./service";

export function mfaRoutes({ mfa, guard }: { mfa: MfaService; guard: Guard }) {
  const tags = ["MFA"];
  const security = [{ bearer: [] }];
  const caller = (request: Request, server: unknown) => selfCaller(guard, request, server);
  return new Elysia({ name: "mfa-routes" })
    .post(
      "/api/mfa/setup/begin",
      async ({ request, server, set }) => {
        noStore(set);
        return mfa.begin(await caller(request, server));
      },
      {
        response: ok(MfaSetupResponse),
        detail: {
          tags,
          security,
          summary: "Start TOTP enrolment",
          description:
            "Answers an otpauth:// URI with a new secret. MFA stays off until confirmed; 409 when it is already on.",
        },
      },
    )
    .post(
      "/api/mfa/setup/confirm",
      async ({ body, request, server, set }) => {
        noStore(set);
        return mfa.confirm(await caller(request, server), body.code);
      },
      {
        body: ConfirmBody,
        response: ok(RecoveryCodesResponse),
        detail: {
          tags,
          security,
          summary: "Confirm enrolment with a current code",
          description:
            "Turns MFA on and answers 10 single-use recovery codes, once. A wrong code is 401 MFA_INVALID_CODE.",
        },
      },
    )
    .post(
      "/api/mfa/disable",
      async ({ request, server }) => {
        await mfa.disable(await caller(request, server));
        return noContent200();
      },
      {
        detail: {
          tags,
          security,
          summary: "Turn MFA off",
          description: "Removes the secret and the recovery codes; sessions stay. Audited.",
        },
      },
    );
}
