/**
 * Proving who a person is, for sign-in: the password check under the per-account lockout (and a
 * per-IP limit), and the second-factor challenge. Every sign-in ends in a proven person handed to
 * the session starter (the sessions feature), which starts the session and has its tokens minted;
 * social sign-in proves with an id_token and comes back through `completeSignIn`.
 */
import type { Clock } from "../../kernel/clock";
import { normalizeEmail } from "../../kernel/email";
import { DomainError, invalidToken } from "../../kernel/errors";
import type { PasswordHasher } from "../../kernel/passwords";
import type { ProofMethod, ProvenPerson } from "../../kernel/proven-person";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { User, UserRepo } from "../../kernel/users";
import type { AudienceResolver } from "../apps";
import type { DomainEvent } from "../events";
import type { OrgRepo } from "../orgs";
import type {
  CounterStore,
  DeviceInfo,
  OneTimeTokenRepo,
  SessionRequest,
  SessionService,
  TokenPair,
} from "../sessions";

/**
 * Abuse limits. The lockout is per account (CONTRACT §4) and always on. The per-IP limits are
 * deliberately generous (a whole office behind one NAT must not be throttled in ordinary use) and
 * are switched off by SSO_RATE_LIMIT=off.
 */
export const LIMITS = {
  lockoutFailures: 5,
  lockoutWindowSeconds: 900,
  lockoutSeconds: 900,
  loginPerIpPerMinute: 100,
  passwordPerIpPerMinute: 30,
} as const;

/** CONTRACT §4: the answer of a sign-in whose user has MFA on (no tokens yet). */
export interface MfaChallenge {
  mfaRequired: true;
  pendingToken: string;
  expiresInSeconds: number;
}

/** A pending MFA sign-in lives 5 minutes and ends after 5 wrong codes (CONTRACT §4). */
export const MFA_PENDING_SECONDS = 300;
export const MFA_MAX_WRONG_CODES = 5;

export interface AuthDeps {
  users: Pick<UserRepo, "findByEmail" | "get" | "update">;
  /** The home org of a failed sign-in's audit entry. */
  orgs: Pick<OrgRepo, "get">;
  counters: CounterStore;
  /** Refuses an unknown audience (400) before the lockout counts an attempt. */
  audiences: AudienceResolver;
  /** Starts the session of a proven person (the sessions feature). */
  sessions: Pick<SessionService, "signIn">;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  hasher: PasswordHasher;
  clock: Clock;
  /** false = SSO_RATE_LIMIT=off: no per-IP limits (the account lockout stays). */
  rateLimit: boolean;
  /** Pending MFA sign-ins (kind `mfa_pending`). */
  oneTimeTokens: OneTimeTokenRepo;
  /** The second-factor check of the mfa feature. */
  secondFactor: {
    check(userId: number, tenantId: number, code: string): Promise<{ ok: boolean; via?: "totp" | "recovery" }>;
  };
  /** Sign-in attempts per client address per minute (SSO_LOGIN_RATE_LIMIT; default LIMITS.loginPerIpPerMinute). */
  loginPerIpPerMinute?: number;
  /** Where failures of work done after the answer (failed-sign-in audit) are reported. */
  onBackgroundError?(error: unknown): void;
}

/**
 * Fixed-window per-IP limiter over a CounterStore. A request without a known peer address (an
 * in-process call) shares the "unknown" bucket.
 */
export function createIpLimiter(counters: CounterStore, enabled: boolean, clock: Clock) {
  return async function limit(bucket: string, ip: string | null, perMinute: number): Promise<void> {
    if (!enabled) return;
    const { count, ttlSeconds } = await counters.hit(`ip:${bucket}:${ip ?? "unknown"}`, 60, clock.now());
    if (count > perMinute)
      throw new DomainError("RATE_LIMITED", "Too many requests from this address. Wait and retry.", {
        retryAfter: Math.max(1, ttlSeconds),
      });
  };
}

export function createAuthService(deps: AuthDeps) {
  const limitIp = createIpLimiter(deps.counters, deps.rateLimit, deps.clock);
  const pending = new Set<Promise<void>>();
  /** Work that must not delay (or time) the answer; failures go to `onBackgroundError`. */
  function afterAnswer(work: () => Promise<void>) {
    const job = work().catch((e) => deps.onBackgroundError?.(e));
    pending.add(job);
    void job.finally(() => pending.delete(job));
  }
  /** Resolves when every background job started so far has finished (graceful shutdown, tests). */
  const idle = async () => {
    await Promise.allSettled([...pending]);
  };
  const resolveAudience = (audience: string | undefined) => deps.audiences.resolveAudience(audience);

  /**
   * Password login (CONTRACT §4). Unknown email, wrong password, disabled or erased user all answer
   * the same INVALID_CREDENTIALS after the same hashing work. Failures are counted in an atomic
   * per-email counter (`lockoutAttempt`): the 5th failure in a 15-minute window still answers 401 and
   * locks the email for 15 minutes; later attempts, and failures counted after the 5th, answer 429
   * ACCOUNT_LOCKED; a success clears the counter. Correct sign-ins are never counted, so parallel
   * correct sign-ins of one account all succeed.
   */
  async function login(
    input: { email: string; password: string } & SessionRequest,
    ip: string | null,
  ): Promise<TokenPair | MfaChallenge> {
    await limitIp("login", ip, deps.loginPerIpPerMinute ?? LIMITS.loginPerIpPerMinute);
    const app = await resolveAudience(input.audience);
    const person = await checkPassword(input.email, input.password, ip);
    return completeSignIn(person, { web: input.web, device: input.device, audience: app.identifier }, ip);
  }

  /**
   * The password proof of `login` without starting a session, for the hosted sign-in pages (the
   * same per-IP limit, lockout, audit of failures and rehash): the proven person, or the same
   * INVALID_CREDENTIALS / ACCOUNT_LOCKED / RATE_LIMITED refusals as `login`.
   */
  async function provePassword(email: string, password: string, ip: string | null): Promise<ProvenPerson> {
    await limitIp("login", ip, deps.loginPerIpPerMinute ?? LIMITS.loginPerIpPerMinute);
    return checkPassword(email, password, ip);
  }

  /** The password check under the per-account lockout (CONTRACT §4), shared by `login` and `provePassword`. */
  async function checkPassword(rawEmail: string, password: string, ip: string | null): Promise<ProvenPerson> {
    const email = normalizeEmail(rawEmail);
    const attempt = await lockoutAttempt(deps.counters, email, deps.clock.now());
    if (attempt.lockedFor !== null) throw accountLocked(attempt.lockedFor);
    const user = await deps.users.findByEmail(email);
    const ok = await deps.hasher.verify(password, user?.passwordHash ?? null);
    if (!user || !ok || user.status !== "ACTIVE") {
      // The 5th failure still answers 401; the lock runs 15 minutes from now (known and unknown emails alike).
      const { locks, lockedFor } = await attempt.failed(deps.clock.now());
      // A failure counted after the 5th is answered as locked (and not audited), never as 401.
      if (lockedFor !== null) throw accountLocked(lockedFor);
      // Timing (docs/security.md): a known email's failure is audited after the answer, so known
      // and unknown emails do the same work before it.
      if (user)
        afterAnswer(async () => {
          const org = await deps.orgs.get(user.tenantId, user.organizationId);
          await deps.record({
            type: "auth.login.failed",
            tenantId: user.tenantId,
            org,
            actor: { ip },
            target: { userId: user.id },
            data: { reason: !ok ? "bad_password" : "inactive" },
          });
          if (locks)
            await deps.record({
              type: "auth.login.locked",
              tenantId: user.tenantId,
              org,
              actor: { ip },
              target: { userId: user.id },
              data: { failures: LIMITS.lockoutFailures, lockSeconds: LIMITS.lockoutSeconds },
            });
        });
      throw invalidCredentials();
    }
    // A right password checked while 5 failures were recorded is not revealed: locked.
    const lockedFor = await attempt.succeeded(deps.clock.now());
    if (lockedFor !== null) throw accountLocked(lockedFor);
    if (deps.hasher.needsRehash(user.passwordHash!)) {
      await deps.users.update(user.tenantId, user.id, { passwordHash: await deps.hasher.hash(password) });
    }
    return { user, methods: ["password"], at: deps.clock.now() };
  }

  /**
   * The last step of a sign-in whose first factor was proven (password, social id_token): a user
   * with MFA on gets a challenge (a single-use pending token, 5 minutes, dies after 5 wrong codes)
   * holding the proofs so far and how the session is to be started; everyone else gets the session.
   */
  async function completeSignIn(
    person: ProvenPerson,
    req: SessionRequest,
    ip: string | null,
  ): Promise<TokenPair | MfaChallenge> {
    const { user } = person;
    if (user.status !== "ACTIVE") throw invalidCredentials();
    if (!user.mfaEnabled) return deps.sessions.signIn(person, req, ip);
    return challengeSecondFactor(person, req);
  }

  /**
   * Starts the second-factor challenge of a person proven by a first factor: a single-use pending
   * token (5 minutes, dies after 5 wrong codes) holding the proofs so far and, for the API, how the
   * session is to be started. The hosted pages call it with an empty `req`.
   */
  async function challengeSecondFactor(person: ProvenPerson, req: SessionRequest): Promise<MfaChallenge> {
    const { user } = person;
    const pendingToken = randomToken(32);
    const expiresAt = new Date(deps.clock.now().getTime() + MFA_PENDING_SECONDS * 1000);
    const data: Record<string, unknown> = {
      methods: person.methods,
      ...(req.audience !== undefined ? { audience: req.audience } : {}),
      ...(req.web !== undefined ? { web: req.web } : {}),
      ...(req.device ? { device: req.device } : {}),
    };
    await deps.oneTimeTokens.create(sha256Hex(pendingToken), {
      kind: "mfa_pending",
      tenantId: user.tenantId,
      userId: user.id,
      data,
      attempts: 0,
      expiresAt,
    });
    return { mfaRequired: true, pendingToken, expiresInSeconds: MFA_PENDING_SECONDS };
  }

  /**
   * Second factor of a challenged sign-in (CONTRACT §4, §11): the pending token and a TOTP (one step
   * of drift, each step once) or an unused recovery code. `audience`, `web` and `device` come from
   * this call, else from the sign-in that started the challenge. A wrong code is 401
   * MFA_INVALID_CODE and counts against the pending token (5 kill it), not against the email
   * lockout; an unknown, spent, expired or killed pending token is 401 INVALID_TOKEN.
   */
  async function verifySecondFactor(
    input: { pendingToken: string; code: string } & SessionRequest,
    ip: string | null,
  ): Promise<TokenPair> {
    const { person, started } = await proveSecondFactor(input.pendingToken, input.code, ip);
    return deps.sessions.signIn(
      person,
      {
        audience: input.audience ?? started.audience,
        web: input.web ?? started.web,
        device: input.device ?? started.device,
      },
      ip,
    );
  }

  /**
   * The second-factor proof of `verifySecondFactor` without starting a session (the hosted pages
   * call it too): the proven person with every proof so far, and how the API sign-in that started
   * the challenge asked for its session. The same MFA_INVALID_CODE / INVALID_TOKEN refusals.
   */
  async function proveSecondFactor(
    pendingToken: string,
    code: string,
    ip: string | null,
  ): Promise<{ person: ProvenPerson; started: SessionRequest }> {
    return proveSecondFactorWith(pendingToken, ip, (user) => deps.secondFactor.check(user.id, user.tenantId, code));
  }

  /**
   * The user a live pending second factor is for (the hosted second-factor page offers their
   * passkeys); null when the pending token is unknown, spent, expired or ended.
   */
  async function pendingUser(pendingToken: string): Promise<User | null> {
    const rec = await deps.oneTimeTokens.peek(sha256Hex(pendingToken), "mfa_pending", deps.clock.now());
    if (!rec) return null;
    const user = await deps.users.get(rec.tenantId, rec.userId);
    return user && user.status === "ACTIVE" ? user : null;
  }

  /**
   * `proveSecondFactor` with the second factor checked by `check` (a TOTP or recovery code, or on
   * the hosted pages a passkey of the pending user, CONTRACT §14): the same single use of the
   * pending token, the same count of wrong answers (5 end it), the same audit.
   */
  async function proveSecondFactorWith(
    pendingToken: string,
    ip: string | null,
    check: (user: User) => Promise<{ ok: boolean; via?: "totp" | "recovery" | "passkey" }>,
  ): Promise<{ person: ProvenPerson; started: SessionRequest }> {
    const hash = sha256Hex(pendingToken);
    const dead = () =>
      invalidToken("This pending token is invalid, expired, already used, or ended by 5 wrong codes. Sign in again.");
    const rec = await deps.oneTimeTokens.peek(hash, "mfa_pending", deps.clock.now());
    if (!rec) throw dead();
    const user = await deps.users.get(rec.tenantId, rec.userId);
    if (!user || user.status !== "ACTIVE") throw dead();
    const r = await check(user);
    if (!r.ok) {
      const wrong = await deps.oneTimeTokens.recordFailure(hash, MFA_MAX_WRONG_CODES);
      afterAnswer(async () => {
        const org = await deps.orgs.get(user.tenantId, user.organizationId);
        await deps.record({
          type: "auth.mfa.failed",
          tenantId: user.tenantId,
          org,
          actor: { ip },
          target: { userId: user.id },
          data: { wrongCodes: wrong },
        });
      });
      const left = Math.max(0, MFA_MAX_WRONG_CODES - wrong);
      throw new DomainError(
        "MFA_INVALID_CODE",
        left
          ? `That code is not valid (or was already used). ${left} attempt${left === 1 ? "" : "s"} left with this pending token.`
          : "That code is not valid, and this pending token has ended. Sign in again.",
      );
    }
    // Single use: of concurrent verifications with good codes, one wins.
    if (!(await deps.oneTimeTokens.consume(hash, "mfa_pending", deps.clock.now()))) throw dead();
    const d = rec.data as {
      methods?: ProofMethod[];
      method?: string;
      audience?: string;
      web?: boolean;
      device?: DeviceInfo;
    };
    // `method` (the first factor's audit name) is how a pending token made before `methods` names it.
    const first = d.methods ?? [!d.method || d.method === "password" ? "password" : (`social:${d.method}` as const)];
    return {
      person: { user, methods: [...first, r.via ?? "totp"], at: deps.clock.now() },
      started: { audience: d.audience, web: d.web, device: d.device },
    };
  }

  return {
    idle,
    login,
    completeSignIn,
    verifySecondFactor,
    limitIp,
    provePassword,
    challengeSecondFactor,
    proveSecondFactor,
    proveSecondFactorWith,
    pendingUser,
  };
}

/** The per-email sign-in failure counter (the email is hashed: no addresses in the counter store). */
export const lockoutKey = (email: string) => `login:${sha256Hex(normalizeEmail(email)).slice(0, 40)}`;

/**
 * One password check under the per-account lockout (CONTRACT §4), for sign-in and for a password
 * change. The counter counts FAILURES, not attempts, so any number of parallel correct sign-ins of
 * one account all succeed:
 *
 * - before hashing, `lockedFor` (a `peek`) is the lock's remaining seconds when 5 failures are
 *   already recorded in the window: answer locked and check nothing (the cheap path while locked);
 * - after a wrong password, `failed()` atomically `hit`s the counter: failures 1-4 answer 401, the
 *   5th re-arms the window to 15 minutes from now (the lock) and still answers 401, and any later
 *   one answers locked (`lockedFor` set), so the guess is never revealed;
 * - after a right password, `succeeded()` peeks again: 5 failures recorded meanwhile mean a lock
 *   that this check raced, answered locked; otherwise the counter is cleared and the sign-in goes on.
 *
 * Why at most 5 wrong guesses are ever answered 401 in a window: every wrong guess makes exactly one
 * `hit`, and the CounterStore contract makes hits linearizable (N concurrent hits return 1..N, each
 * once), so only the hits numbered 1..5 answer 401, whatever the interleaving; the peeks only add
 * refusals. A right password is never counted, and a right password checked while (or after) the
 * 5th failure is recorded answers locked, since its second peek sees it. The `set` of the 5th
 * failure only moves the window's end: the count it writes (5) keeps every later hit above 5.
 * A success may clear the count of failures racing it (a success clears the count, as it always
 * has); that needs the right password.
 *
 * Known and unknown emails make the same counter operations (an unknown email always fails).
 */
export async function lockoutAttempt(counters: CounterStore, email: string, now: Date) {
  const key = lockoutKey(email);
  const seen = await counters.peek(key, now);
  const lockedAt = (c: { count: number; ttlSeconds: number }) =>
    c.count >= LIMITS.lockoutFailures ? Math.max(1, c.ttlSeconds) : null;
  return {
    lockedFor: lockedAt(seen),
    /** Counts a failure: `locks` when this one (the 5th) set the lock, `lockedFor` when it came after it. */
    async failed(at: Date): Promise<{ locks: boolean; lockedFor: number | null }> {
      const hit = await counters.hit(key, LIMITS.lockoutWindowSeconds, at);
      if (hit.count > LIMITS.lockoutFailures) return { locks: false, lockedFor: Math.max(1, hit.ttlSeconds) };
      if (hit.count < LIMITS.lockoutFailures) return { locks: false, lockedFor: null };
      await counters.set(key, LIMITS.lockoutFailures, LIMITS.lockoutSeconds, at);
      return { locks: true, lockedFor: null };
    },
    /** After a right password: the lock's remaining seconds when one was set meanwhile, else null (count cleared). */
    async succeeded(at: Date): Promise<number | null> {
      const after = await counters.peek(key, at);
      const locked = lockedAt(after);
      if (locked === null && after.count > 0) await counters.reset(key);
      return locked;
    },
  };
}

const invalidCredentials = () => new DomainError("INVALID_CREDENTIALS", "The email or password is incorrect.");
const accountLocked = (retryAfter: number) =>
  new DomainError(
    "ACCOUNT_LOCKED",
    "Too many failed sign-ins for this account. Wait until the lock ends, or reset the password.",
    { retryAfter: Math.max(1, retryAfter) },
  );

export type AuthService = ReturnType<typeof createAuthService>;
