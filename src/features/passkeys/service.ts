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
 */

import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { actorOf, type Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import { DomainError, conflict, notFound, validation } from "../../kernel/errors";
import type { ProvenPerson } from "../../kernel/proven-person";
import { base64url, randomBytes, randomToken, sha256Hex, timingSafeEqual } from "../../kernel/secrets";
import { createSealer } from "../../kernel/sealed";
import type { Unit } from "../../kernel/unit";
import type { User, UserRepo } from "../../kernel/users";
import type { AudienceResolver } from "../apps";
import type { DomainEvent, EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import type { SessionRequest, SessionService, TokenPair } from "../sessions";
import type { CounterStore } from "../sessions/ports";
import type { Passkey, PasskeyRepo } from "./ports";

/** CONTRACT §14: an attempt (its challenge) lives 5 minutes and is used once. */
export const ATTEMPT_SECONDS = 300;
/** COSE algorithm ids offered at registration: ES256 and RS256 (CONTRACT §14). */
const ALGORITHMS = [-7, -257];
const MAX_PASSKEYS = 20;

export interface PasskeyServiceDeps {
  passkeys: PasskeyRepo;
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "get">;
  unit: Unit<{ passkeys: PasskeyRepo; events: EventJournal }>;
  record(e: DomainEvent): Promise<void>;
  clock: Clock;
  /** Shared by every instance: spends attempts once. */
  counters: CounterStore;
  /** The per-IP sign-in limit of the auth feature. */
  limitIp(bucket: string, ip: string | null, perMinute: number): Promise<void>;
  loginPerIpPerMinute: number;
  sessions: Pick<SessionService, "signIn">;
  audiences: AudienceResolver;
  /** The relying party: its id (a registrable domain of the issuer's host), name and allowed origins. */
  rpId: string;
  rpName: string;
  origins: string[];
  /** At least 32 bytes shared by every instance (derived from the master key): signs attempts. */
  attemptKey: Uint8Array;
  /** The users feature's check that the caller may act on another user (reach + no takeover). */
  reachableUser(p: Principal, id: number): Promise<{ user: User; org: Org }>;
}

/** The signed-in person managing their own passkeys. */
export interface PasskeyCaller {
  userId: number;
  tenantId: number;
  orgId: number;
  orgPath: string;
  ip: string | null;
}

/** A passkey as the API shows it. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}

export const viewOf = (p: Passkey): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
  backedUp: p.backedUp,
});

/** What a signed attempt carries. */
interface Attempt {
  /** `reg`: registration; `auth`: a sign-in (usernameless when `u` is absent, else the second factor of `u`). */
  k: "reg" | "auth";
  /** The challenge (base64url) the options carry. */
  c: string;
  /** Expiry (ms since the epoch). */
  x: number;
  /** The attempt's own id (what spends it once). */
  j: string;
  u?: number;
  t?: number;
  /** The name to give the new passkey. */
  n?: string;
  /** The WebAuthn user handle the registration options carry (stored with the first passkey). */
  h?: string;
}

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

const defaultName = "Passkey";
const cleanName = (name: string | undefined) => {
  const n = (name ?? "").trim();
  if (n.length > 100) throw validation("name: at most 100 characters", [{ field: "name", message: "too long" }]);
  return n;
};

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

export function createPasskeyService(deps: PasskeyServiceDeps) {
  const sealer = createSealer(deps.attemptKey, "sso-passkey-attempt");
  const now = () => deps.clock.now();

  // ------------------------------------------------------------------------------------------
  // Attempts
  // ------------------------------------------------------------------------------------------
  function seal(a: Omit<Attempt, "x" | "j">): string {
    return sealer.seal({ ...a, x: now().getTime() + ATTEMPT_SECONDS * 1000, j: randomToken(16) } satisfies Attempt);
  }

  /** The attempt when its signature holds, it is of kind `k` and live; else null. Does not spend it. */
  function open(attemptId: string, k: Attempt["k"]): Attempt | null {
    const a = sealer.open(attemptId, 2000) as Attempt | null;
    if (!a || a.k !== k || typeof a.c !== "string" || typeof a.j !== "string" || typeof a.x !== "number") return null;
    return a.x > now().getTime() ? a : null;
  }

  /** Spends the attempt: true the first time (on any instance), false ever after. */
  async function spend(a: Attempt): Promise<boolean> {
    const { count } = await deps.counters.hit(`passkey:${sha256Hex(a.j).slice(0, 40)}`, ATTEMPT_SECONDS, now());
    return count === 1;
  }

  const event = (
    user: { id: number; tenantId: number },
    org: Org | null,
    type: string,
    actor: { userId?: number; ip: string | null },
    data: Record<string, unknown>,
  ): DomainEvent => ({
    type,
    tenantId: user.tenantId,
    org: org ? { id: org.id, path: org.path } : null,
    actor,
    target: { userId: user.id },
    data,
  });

  async function activeUser(tenantId: number, userId: number): Promise<User> {
    const user = await deps.users.get(tenantId, userId);
    if (!user || user.status !== "ACTIVE") throw notFound("User");
    return user;
  }

  // ------------------------------------------------------------------------------------------
  // Registration and management by the person
  // ------------------------------------------------------------------------------------------
  async function registerBegin(
    c: PasskeyCaller,
    name?: string,
  ): Promise<{ attemptId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
    const user = await activeUser(c.tenantId, c.userId);
    const existing = await deps.passkeys.listUser(user.tenantId, user.id);
    if (existing.length >= MAX_PASSKEYS) throw conflict(`At most ${MAX_PASSKEYS} passkeys per account.`);
    // The user's handle, or a fresh one that the first registration's unit stores.
    const handle = (await deps.passkeys.handleOf(user.tenantId, user.id)) ?? base64url(randomBytes(32));
    const options = await generateRegistrationOptions({
      rpName: deps.rpName,
      rpID: deps.rpId,
      userName: user.email,
      userDisplayName: user.fullName || user.email,
      userID: Buffer.from(handle, "base64url"),
      attestationType: "none",
      excludeCredentials: existing.map((p) => ({
        id: p.credentialId,
        transports: p.transports as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      supportedAlgorithmIDs: ALGORITHMS,
      timeout: ATTEMPT_SECONDS * 1000,
    });
    const attemptId = seal({
      k: "reg",
      c: options.challenge,
      u: user.id,
      t: user.tenantId,
      n: cleanName(name),
      h: handle,
    });
    return { attemptId, options };
  }

  async function registerFinish(
    c: PasskeyCaller,
    attemptId: string,
    credential: RegistrationResponseJSON,
    name?: string,
  ): Promise<PasskeyView> {
    const a = open(attemptId, "reg");
    const dead = () =>
      new DomainError("INVALID_TOKEN", "This registration attempt is invalid, expired or already used. Start again.", {
        source: "body",
      });
    if (!a || a.u !== c.userId || a.t !== c.tenantId || !a.h) throw dead();
    const handle = a.h;
    if (!(await spend(a))) throw dead();
    const user = await activeUser(c.tenantId, c.userId);
    let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      info = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: a.c,
        expectedOrigin: deps.origins,
        expectedRPID: deps.rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
    } catch (e) {
      throw validation(`credential: the passkey could not be verified (${String((e as Error)?.message ?? e)})`, [
        { field: "credential", message: "not verified" },
      ]);
    }
    if (!info.verified || !info.registrationInfo)
      throw validation("credential: the passkey could not be verified", [
        { field: "credential", message: "not verified" },
      ]);
    const r = info.registrationInfo;
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    const given = cleanName(name) || a.n || defaultName;
    const passkey: Passkey = {
      id: randomToken(12),
      tenantId: user.tenantId,
      userId: user.id,
      credentialId: r.credential.id,
      publicKey: base64url(r.credential.publicKey),
      counter: r.credential.counter,
      transports: (credential.response.transports ?? r.credential.transports ?? []).map(String).slice(0, 8),
      name: given,
      deviceType: r.credentialDeviceType,
      backedUp: r.credentialBackedUp,
      createdAt: now(),
      lastUsedAt: null,
    };
    await deps.unit("passkeys.register", ["passkeys", "events"], async ({ passkeys, events }) => {
      // The first registration stores the handle; one begun with another (a concurrent first one won) starts again.
      if ((await passkeys.userHandle(user.tenantId, user.id, handle)) !== handle)
        throw conflict("Another passkey was registered meanwhile. Start the registration again.");
      await passkeys.add(passkey);
      await events.record(
        event(user, org, "passkey.registered", actorOf(c), {
          passkeyId: passkey.id,
          name: passkey.name,
          backedUp: passkey.backedUp,
        }),
      );
    });
    return viewOf(passkey);
  }

  async function list(c: PasskeyCaller): Promise<PasskeyView[]> {
    const user = await activeUser(c.tenantId, c.userId);
    return (await deps.passkeys.listUser(user.tenantId, user.id)).map(viewOf);
  }

  async function rename(c: PasskeyCaller, id: string, name: string): Promise<PasskeyView> {
    const user = await activeUser(c.tenantId, c.userId);
    const clean = cleanName(name);
    if (!clean) throw validation("name: must not be empty", [{ field: "name", message: "empty" }]);
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    return deps.unit("passkeys.rename", ["passkeys", "events"], async ({ passkeys, events }) => {
      const before = await passkeys.get(user.tenantId, user.id, id);
      if (!before || !(await passkeys.rename(user.tenantId, user.id, id, clean))) throw notFound("Passkey");
      await events.record(
        event(user, org, "passkey.renamed", actorOf(c), { passkeyId: id, from: before.name, name: clean }),
      );
      return viewOf({ ...before, name: clean });
    });
  }

  async function removeOf(user: User, org: Org | null, id: string, actor: { userId: number; ip: string | null }) {
    await deps.unit("passkeys.delete", ["passkeys", "events"], async ({ passkeys, events }) => {
      const before = await passkeys.get(user.tenantId, user.id, id);
      if (!before || !(await passkeys.delete(user.tenantId, user.id, id))) throw notFound("Passkey");
      await events.record(
        event(user, org, "passkey.deleted", actor, {
          passkeyId: id,
          name: before.name,
          ...(actor.userId !== user.id ? { byAdministrator: true } : {}),
        }),
      );
    });
  }

  async function remove(c: PasskeyCaller, id: string): Promise<void> {
    const user = await activeUser(c.tenantId, c.userId);
    await removeOf(user, await deps.orgs.get(user.tenantId, user.organizationId), id, actorOf(c));
  }

  // ------------------------------------------------------------------------------------------
  // An administrator, on another user (USER_MANAGE, reach, no takeover)
  // ------------------------------------------------------------------------------------------
  async function adminList(p: Principal, userId: number): Promise<PasskeyView[]> {
    const { user } = await deps.reachableUser(p, userId);
    return (await deps.passkeys.listUser(user.tenantId, user.id)).map(viewOf);
  }

  async function adminRemove(p: Principal, userId: number, id: string): Promise<void> {
    const { user, org } = await deps.reachableUser(p, userId);
    await removeOf(user, org, id, actorOf(p));
  }

  // ------------------------------------------------------------------------------------------
  // Sign-in
  // ------------------------------------------------------------------------------------------
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
    const attemptId = seal({
      k: "auth",
      c: options.challenge,
      ...(forUser ? { u: forUser.userId, t: forUser.tenantId } : {}),
    });
    return { attemptId, options };
  }

  /** Whether the user has any passkey (the hosted second-factor page offers one then). */
  const hasPasskeys = async (tenantId: number, userId: number) =>
    (await deps.passkeys.listUser(tenantId, userId)).length > 0;

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
        await deps.record(event(user, org, "auth.passkey.failed", { ip }, { reason, passkeyId: passkey.id, ...extra }));
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
    const a = open(attemptId, "auth");
    const credentialId = typeof credential?.id === "string" ? credential.id : "";
    const passkey = credentialId ? await deps.passkeys.findByCredentialId(credentialId) : null;
    if (!a || !(await spend(a))) throw await audited("attempt", ip, passkey);
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
      verified = await verifyAuthenticationResponse({
        response: credential,
        expectedChallenge: a.c,
        expectedOrigin: deps.origins,
        expectedRPID: deps.rpId,
        requireUserVerification: true,
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

  /** The passkeys listed in a GDPR export. */
  const exportOf = async (tenantId: number, userId: number) =>
    (await deps.passkeys.listUser(tenantId, userId)).map(viewOf);

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
