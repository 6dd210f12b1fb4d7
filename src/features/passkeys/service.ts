/**
 * Passkeys (CONTRACT §14) with @simplewebauthn/server: registration and management by the person
 * (several, named), removal by an administrator under the no-takeover rule, and sign-in proofs
 * (usernameless on the hosted pages and the API, or the second factor after a password).
 *
 * Attempts: every `…/begin` answers an `attemptId` that carries the challenge and what it is for,
 * signed with a key derived from the master key (HMAC-SHA256), valid 5 minutes. It is single use:
 * the first `…/finish` that presents it spends it in the shared counter store (Redis when
 * configured), whatever the outcome, so any instance serves any step and a replayed assertion
 * (the same challenge again) is refused. Relying party: RP ID = the issuer's host (or
 * SSO_WEBAUTHN_RP_ID), origins = the issuer's origin plus SSO_WEBAUTHN_ORIGINS; discoverable
 * credentials, user verification required, attestation `none`, ES256 and RS256.
 *
 * The jobs are composed here: attempts.ts, registration.ts, management.ts, sign-in.ts.
 */
import { createAttempts } from "./attempts";
import { createPasskeyManagement } from "./management";
import { createPasskeyRegistration } from "./registration";
import type { PasskeyServiceDeps } from "./shared";
import { createPasskeySignIn } from "./sign-in";

export { ATTEMPT_SECONDS } from "./attempts";
export { type PasskeyCaller, type PasskeyServiceDeps, type PasskeyView, viewOf } from "./shared";
export { PasskeyRefused, type PasskeyRefusal } from "./sign-in";

export function createPasskeyService(deps: PasskeyServiceDeps) {
  const attempts = createAttempts(deps);
  const { registerBegin, registerFinish } = createPasskeyRegistration({ ...deps, attempts });
  const { list, rename, remove, adminList, adminRemove, hasPasskeys, exportOf } = createPasskeyManagement(deps);
  const { signInBegin, proveAssertion, signInFinish } = createPasskeySignIn({ ...deps, attempts });
  return {
    rpId: deps.rpId,
    registerBegin,
    registerFinish,
    list,
    rename,
    remove,
    adminList,
    adminRemove,
    signInBegin,
    proveAssertion,
    signInFinish,
    hasPasskeys,
    exportOf,
  };
}

export type PasskeyService = ReturnType<typeof createPasskeyService>;
