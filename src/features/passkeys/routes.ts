/**
 * Passkeys (CONTRACT §14): the person's own (`/api/users/me/passkeys/**`: registering and removing
 * take a management token, listing and renaming the `self` tokens; CONTRACT §2), an administrator's view and removal (`/api/users/{id}/passkeys/**`), and the
 * first-party sign-in (`/api/auth/passkey/begin`, `/finish`).
 */
import { Elysia, t } from "elysia";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { clientIp, iso, noContent200, noStore, refuseNonObjectDevice } from "../../http/context";
import { managementCaller, selfCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { requireAllowedOrigin, tokenPairBody, type CookiePolicy } from "../../http/session-cookie";
import { TokenPairResponse, WebQuery } from "../sessions/model";
import {
  BeginResponse,
  Passkey,
  PasskeyIdParams,
  RegisterBeginBody,
  RegisterFinishBody,
  RenameBody,
  SignInFinishBody,
  UserIdParams,
  UserPasskeyParams,
} from "./model";
import type { PasskeyService, PasskeyView } from "./service";

const dto = (p: PasskeyView) => ({
  id: p.id,
  name: p.name,
  createdAt: iso(p.createdAt),
  lastUsedAt: iso(p.lastUsedAt),
  backedUp: p.backedUp,
});

export function passkeyRoutes({
  passkeys,
  guard,
  cookies,
}: {
  passkeys: PasskeyService;
  guard: Guard;
  cookies: CookiePolicy;
}) {
  const tags = ["Passkeys"];
  const me = (request: Request) => selfCaller(guard, request);
  return new Elysia({ name: "passkey-routes" })
    .post(
      "/api/users/me/passkeys/register/begin",
      async ({ body, request, set }) => {
        noStore(set);
        const r = await passkeys.registerBegin(await me(request), body?.name);
        return { attemptId: r.attemptId, options: { ...r.options } };
      },
      {
        body: t.Optional(RegisterBeginBody),
        response: ok(BeginResponse),
        detail: {
          tags,
          ...tokens("account"),
          summary: "Start registering a passkey",
          description:
            "Answers `{ attemptId, options }`: pass `options` to the browser (`startRegistration` of @simplewebauthn/browser), then send its answer to `/finish` with the `attemptId` (single use, 5 minutes). Discoverable credential, user verification required, attestation `none`, ES256 or RS256.",
        },
      },
    )
    .post(
      "/api/users/me/passkeys/register/finish",
      async ({ body, request }) =>
        dto(
          await passkeys.registerFinish(
            await me(request),
            body.attemptId,
            body.credential as unknown as RegistrationResponseJSON,
            body.name,
          ),
        ),
      {
        body: RegisterFinishBody,
        response: ok(Passkey),
        detail: {
          tags,
          ...tokens("account"),
          summary: "Finish registering a passkey",
          description:
            "Verifies the browser's answer (challenge, origin, RP ID, user verification) and stores the passkey. A spent, expired or foreign attempt: 400 INVALID_TOKEN; an answer that does not verify (challenge, origin, RP ID, user verification): 400 VALIDATION_FAILED. Audited (`passkey.registered`).",
        },
      },
    )
    .get("/api/users/me/passkeys", async ({ request }) => (await passkeys.list(await me(request))).map(dto), {
      response: ok(t.Array(Passkey)),
      detail: { tags, ...tokens("self"), summary: "The caller's passkeys", description: "Oldest first." },
    })
    .put(
      "/api/users/me/passkeys/:id",
      async ({ body, params, request }) => dto(await passkeys.rename(await me(request), params.id, body.name)),
      {
        params: PasskeyIdParams,
        body: RenameBody,
        response: ok(Passkey),
        detail: {
          tags,
          ...tokens("self"),
          summary: "Rename one of the caller's passkeys",
          description: "Audited (`passkey.renamed`).",
        },
      },
    )
    .delete(
      "/api/users/me/passkeys/:id",
      async ({ params, request }) => {
        await passkeys.remove(await me(request), params.id);
        return noContent200();
      },
      {
        params: PasskeyIdParams,
        detail: {
          tags,
          ...tokens("account"),
          summary: "Delete one of the caller's passkeys",
          description: "It can no longer sign in. Audited (`passkey.deleted`).",
        },
      },
    )
    .get(
      "/api/users/:id/passkeys",
      async ({ params, request }) =>
        (await passkeys.adminList(await managementCaller(guard, request), params.id)).map(dto),
      {
        params: UserIdParams,
        response: ok(t.Array(Passkey)),
        detail: {
          tags,
          ...tokens("management"),
          summary: "A user's passkeys",
          description:
            "USER_MANAGE with reach over the user's home organization, and authority over the user (no takeover).",
        },
      },
    )
    .delete(
      "/api/users/:id/passkeys/:passkeyId",
      async ({ params, request }) => {
        await passkeys.adminRemove(await managementCaller(guard, request), params.id, params.passkeyId);
        return noContent200();
      },
      {
        params: UserPasskeyParams,
        detail: {
          tags,
          ...tokens("management"),
          summary: "Remove a user's passkey",
          description:
            "USER_MANAGE with reach over the user's home organization, and authority over the user: an administrator cannot act on someone holding more than they do (no takeover). Audited (`passkey.deleted`).",
        },
      },
    )
    .post(
      "/api/auth/passkey/begin",
      async ({ set }) => {
        noStore(set);
        const r = await passkeys.signInBegin();
        return { attemptId: r.attemptId, options: { ...r.options } };
      },
      {
        response: ok(BeginResponse),
        detail: {
          tags: ["Authentication"],
          ...tokens("public"),
          summary: "Start a sign-in with a passkey",
          description:
            "Answers `{ attemptId, options }` for a sign-in without an email (the browser offers the passkeys it holds for this service). Pass `options` to `startAuthentication`, then send its answer to `/api/auth/passkey/finish`.",
        },
      },
    )
    .post(
      "/api/auth/passkey/finish",
      async ({ body, query, request, server, cookie, set }) => {
        if (query.web) requireAllowedOrigin(cookies, request, false);
        const pair = await passkeys.signInFinish(
          {
            attemptId: body.attemptId,
            credential: body.credential as unknown as AuthenticationResponseJSON,
            audience: body.audience,
            device: body.device,
            web: query.web,
          },
          clientIp(request, server),
        );
        return tokenPairBody(cookies, pair, cookie, set);
      },
      {
        transform: refuseNonObjectDevice,
        body: SignInFinishBody,
        query: WebQuery,
        response: ok(TokenPairResponse),
        detail: {
          tags: ["Authentication"],
          ...tokens("public"),
          summary: "Finish a sign-in with a passkey",
          description:
            "The same `web`, `device` and `audience` options and the same answer as `/api/auth/login`; a passkey with user verification is two factors, so no MFA challenge follows. A replayed, expired or spent attempt, an unknown credential or another user's, a counter that went backwards, a foreign origin or a missing user verification: 401 INVALID_CREDENTIALS (audited as `auth.passkey.failed`). The account lockout and the per-address limit apply as to a password (429 ACCOUNT_LOCKED / RATE_LIMITED); a disabled user: 401; a suspended organization: 403 ORG_SUSPENDED.",
        },
      },
    );
}
