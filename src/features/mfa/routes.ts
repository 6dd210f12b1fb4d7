/** POST /api/mfa/setup/begin, /api/mfa/setup/confirm, /api/mfa/disable (a management token: CONTRACT §2). */
import { Elysia } from "elysia";
import { noContent200, noStore } from "../../http/context";
import { selfCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { ConfirmBody, MfaSetupResponse, RecoveryCodesResponse } from "./model";
import type { MfaService } from "./service";

export function mfaRoutes({ mfa, guard }: { mfa: MfaService; guard: Guard }) {
  const tags = ["MFA"];
  const account = tokens("account");
  const caller = (request: Request) => selfCaller(guard, request);
  return new Elysia({ name: "mfa-routes" })
    .post(
      "/api/mfa/setup/begin",
      async ({ request, set }) => {
        noStore(set);
        return mfa.begin(await caller(request));
      },
      {
        response: ok(MfaSetupResponse),
        detail: {
          tags,
          ...account,
          summary: "Start TOTP enrolment",
          description:
            "Answers an otpauth:// URI with a new secret. MFA stays off until confirmed; 409 when it is already on.",
        },
      },
    )
    .post(
      "/api/mfa/setup/confirm",
      async ({ body, request, set }) => {
        noStore(set);
        return mfa.confirm(await caller(request), body.code);
      },
      {
        body: ConfirmBody,
        response: ok(RecoveryCodesResponse),
        detail: {
          tags,
          ...account,
          summary: "Confirm enrolment with a current code",
          description:
            "Turns MFA on and answers 10 single-use recovery codes, once. A wrong code is 401 MFA_INVALID_CODE.",
        },
      },
    )
    .post(
      "/api/mfa/disable",
      async ({ request }) => {
        await mfa.disable(await caller(request));
        return noContent200();
      },
      {
        detail: {
          tags,
          ...account,
          summary: "Turn MFA off",
          description: "Removes the secret and the recovery codes; sessions stay. Audited.",
        },
      },
    );
}
