/**
 * Passkey sign-in proofs (CONTRACT §14, §19): usernameless on the hosted pages and the API, or the
 * second factor after a password. A refused assertion is 401 INVALID_CREDENTIALS to the caller,
 * with its reason in the audit only; password failures never lock a passkey.
 */
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialRequestOptionsJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import { DomainError } from "../../kernel/errors";
import { userEvent } from "../../kernel/event-shapes";
import type { ProvenPerson } from "../../kernel/proven-person";
import { timingSafeEqual } from "../../kernel/secrets";
import type { SessionRequest, TokenPair } from "../sessions";
import { ATTEMPT_SECONDS, type Attempts } from "./attempts";
import type { Passkey } from "./ports";
import { type PasskeyServiceDeps, webauthnLib } from "./shared";

/** Why an assertion was refused (the audit's `reason`). */
export type PasskeyRefusal =
  | "attempt"
  | "unknown_credential"
  | "other_user"
  | "counter"
  | "user_verification"
  | "origin"
  | "invalid";

/** A refused passkey: 401 INVALID_CREDENTIALS to the caller, the reason in the audit only. */
export class PasskeyRefused extends DomainError {
  constructor(readonly reason: PasskeyRefusal) {
    super("INVALID_CREDENTIALS", "The passkey could not be verified. Try again, or sign in another way.");
  }
}

/** Classifies a verification failure of @simplewebauthn/server by its message. */
function refusalOf(e: unknown): PasskeyRefusal {
  const m = String((e as Error)?.message ?? e);
  if (/counter/i.test(m)) return "counter";
  // An assertion of another challenge: replayed from another attempt.
  if (/challenge/i.test(m)) return "attempt";
  if (/origin/i.test(m) || /RP ID/i.test(m)) return "origin";
  if (/user could not be verified|user verification/i.test(m)) return "user_verification";
  return "invalid";
}

export function createPasskeySignIn(
  deps: Pick<
    PasskeyServiceDeps,
    | "passkeys"
    | "users"
    | "orgs"
    | "record"
    | "clock"
    | "limitIp"
    | "loginPerIpPerMinute"
    | "sessions"
    | "audiences"
    | "rpId"
  > & { attempts: Attempts },
) {
  const { attempts } = deps;
  const now = () => deps.clock.now();

  /**
   * A usernameless sign-in (no allowCredentials: the browser offers every passkey of this RP, in
   * the button's dialog or the email field's autofill), or, with `forUser`, the second factor of
   * that user (their passkeys only). Begin is not limited: it stores nothing.
   */
  async function signInBegin(forUser?: {
    userId: number;
    tenantId: number;
  }): Promise<{ attemptId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
    const allow = forUser ? await deps.passkeys.listUser(forUser.tenantId, forUser.userId) : [];
    const { generateAuthenticationOptions } = await webauthnLib();
    const options = await generateAuthenticationOptions({
      rpID: deps.rpId,
      userVerification: "required",
      timeout: ATTEMPT_SECONDS * 1000,
      ...(forUser
        ? {
            allowCredentials: allow.map((p) => ({
              id: p.credentialId,
              transports: p.transports as AuthenticatorTransport[],
            })),
          }
        : {}),
    });
    const attemptId = attempts.seal({
      k: "auth",
      c: options.challenge,
      ...(forUser ? { u: forUser.userId, t: forUser.tenantId } : {}),
    });
    return { attemptId, options };
  }

  /** Audits a refused assertion (after the answer's work; never throws). */
  async function audited(
    reason: PasskeyRefusal,
    ip: string | null,
    passkey: Passkey | null,
    extra: Record<string, unknown> = {},
  ): Promise<PasskeyRefused> {
    if (passkey) {
      const user = await deps.users.get(passkey.tenantId, passkey.userId);
      if (user) {
        const org = await deps.orgs.get(user.tenantId, user.organizationId);
        await deps.record(
          userEvent(user, org, "auth.passkey.failed", { ip }, { reason, passkeyId: passkey.id, ...extra }),
        );
      }
    }
    return new PasskeyRefused(reason);
  }

  /**
   * Verifies an assertion against its attempt (the proof of `/api/auth/passkey/finish`, of the
   * hosted pages' passkey button and autofill, and of the passkey as a second factor when the
   * attempt names a user): the per-IP limit as for a password (never the password lockout), the attempt
   * spent once, the credential known (and the attempt's user's, when it names one; the user handle
   * the authenticator returned must be the holder's), origin and RP ID allowed, user verification
   * present, and the counter moving forward. A refusal is PasskeyRefused (401) and audited with its
   * reason.
   */
  async function proveAssertion(
    attemptId: string,
    credential: AuthenticationResponseJSON,
    ip: string | null,
  ): Promise<{ person: ProvenPerson; passkey: Passkey; forUser: number | null }> {
    await deps.limitIp("login", ip, deps.loginPerIpPerMinute);
    const a = attempts.open(attemptId, "auth");
    const credentialId = typeof credential?.id === "string" ? credential.id : "";
    const passkey = credentialId ? await deps.passkeys.findByCredentialId(credentialId) : null;
    if (!a || !(await attempts.spend(a))) throw await audited("attempt", ip, passkey);
    if (!passkey) throw new PasskeyRefused("unknown_credential");
    if (a.u !== undefined && (a.u !== passkey.userId || a.t !== passkey.tenantId))
      throw await audited("other_user", ip, passkey, { expectedUserId: a.u });
    const user = await deps.users.get(passkey.tenantId, passkey.userId);
    if (!user) throw new PasskeyRefused("unknown_credential");
    // Password failures never lock a passkey (CONTRACT §19): no one can aim a lockout at its holder.
    // A refusal is audited; guessing an assertion is not possible, so it counts toward no lock.
    const refuse = (reason: PasskeyRefusal) => audited(reason, ip, passkey);
    // The user handle the authenticator returned (usernameless) must be the holder's.
    const returned: unknown = credential.response?.userHandle;
    if (returned !== undefined && returned !== null && returned !== "") {
      const handle = await deps.passkeys.handleOf(passkey.tenantId, passkey.userId);
      if (typeof returned !== "string" || !handle || !timingSafeEqual(handle, returned))
        throw await refuse("other_user");
    }
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await (await webauthnLib()).verifyAuthenticationResponse({
        response: credential,
        ...attempts.expected(a),
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, "base64url"),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
      });
    } catch (e) {
      throw await refuse(refusalOf(e));
    }
    if (!verified.verified || !verified.authenticationInfo.userVerified) throw await refuse("user_verification");
    const info = verified.authenticationInfo;
    // Forward only, once: a concurrent use of the same counter value loses here.
    if (!(await deps.passkeys.recordUse(passkey.id, info.newCounter, info.credentialBackedUp, now())))
      throw await refuse("counter");
    return {
      person: { user, methods: ["passkey"], at: now() },
      passkey,
      forUser: a.u ?? null,
    };
  }

  /**
   * `POST /api/auth/passkey/finish`: a usernameless sign-in of a first-party app; the session as
   * SPEC login starts it (`web`, `device`, `audience`), with no second-factor step (a passkey with
   * user verification is two factors). Disabled users and suspended orgs are refused as at login.
   */
  async function signInFinish(
    input: { attemptId: string; credential: AuthenticationResponseJSON } & SessionRequest,
    ip: string | null,
  ): Promise<TokenPair> {
    const app = await deps.audiences.resolveAudience(input.audience);
    const { person, forUser } = await proveAssertion(input.attemptId, input.credential, ip);
    if (forUser !== null) throw new PasskeyRefused("attempt");
    if (person.user.status !== "ACTIVE") throw new PasskeyRefused("invalid");
    return deps.sessions.signIn(person, { web: input.web, device: input.device, audience: app.identifier }, ip);
  }

  return { signInBegin, proveAssertion, signInFinish };
}
