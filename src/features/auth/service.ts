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
 * Abuse limits. The lockout is per (account, client address), with an account-wide lock only for a
 * guess spread over many addresses (CONTRACT §4, §19), and always on. The per-IP limits are
 * deliberately generous (a whole office behind one NAT must not be throttled in ordinary use) and
 * are switched off by SSO_RATE_LIMIT=off.
 */
export const LIMITS = {
  /** Failures of one account from one client address that lock that address's password attempts. */
  lockoutFailures: 5,
  /** Failures of one account, from at least `accountLockAddresses` addresses, that lock its password everywhere. */
  accountLockFailures: 50,
  accountLockAddresses: 10,
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
  /**
   * `ssoRequired` (CONTRACT §16): true when the person must sign in at their organization's own
   * provider (a right password is then refused, on the pages and the API).
   */
  passwordBarred?(user: User): Promise<boolean>;
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
   * the same INVALID_CREDENTIALS after the same hashing work. Failures are counted in atomic
   * counters per (email, client address) and per email (`lockoutAttempt`): the 5th failure from an
   * address in a 15-minute window still answers 401 and locks that address's password attempts for
   * the email for 15 minutes; later attempts from there, and failures counted after the 5th, answer
   * 429 ACCOUNT_LOCKED; a success clears that address's count. 50 failures from 10 addresses lock
   * the password everywhere (CONTRACT §19). Correct sign-ins are never counted, so parallel
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

  /** The password check under the lockout (CONTRACT §4, §19), shared by `login` and `provePassword`. */
  async function checkPassword(rawEmail: string, password: string, ip: string | null): Promise<ProvenPerson> {
    const email = normalizeEmail(rawEmail);
    const attempt = await lockoutAttempt(deps.counters, email, ip, deps.clock.now());
    if (attempt.lockedFor !== null) throw accountLocked(attempt.lockedFor);
    const user = await deps.users.findByEmail(email);
    const ok = await deps.hasher.verify(password, user?.passwordHash ?? null);
    if (!user || !ok || user.status !== "ACTIVE") {
      // The 5th failure from an address still answers 401; the lock runs 15 minutes from now (known and unknown emails alike).
      const { locks, lockedFor } = await attempt.failed(deps.clock.now());
      // Timing (docs/security.md): a known email's failure is audited after the answer, so known
      // and unknown emails do the same work before it. A failure counted after the 5th from its
      // address is answered as locked and not audited as a failure, but a lock it set still is.
      if (user && (lockedFor === null || locks.length))
        afterAnswer(async () => {
          const org = await deps.orgs.get(user.tenantId, user.organizationId);
          const at = { tenantId: user.tenantId, org, actor: { ip }, target: { userId: user.id } };
          if (lockedFor === null)
            await deps.record({
              type: "auth.login.failed",
              ...at,
              data: { reason: !ok ? "bad_password" : "inactive" },
            });
          for (const scope of locks)
            await deps.record({
              type: "auth.login.locked",
              ...at,
              data:
                scope === "account"
                  ? {
                      scope,
                      failures: LIMITS.accountLockFailures,
                      addresses: LIMITS.accountLockAddresses,
                      lockSeconds: LIMITS.lockoutSeconds,
                    }
                  : { scope, failures: LIMITS.lockoutFailures, lockSeconds: LIMITS.lockoutSeconds },
            });
        });
      // A failure counted after the 5th is answered as locked, never as 401.
      if (lockedFor !== null) throw accountLocked(lockedFor);
      throw invalidCredentials();
    }
    // A right password checked while 5 failures were recorded is not revealed: locked.
    const lockedFor = await attempt.succeeded(deps.clock.now());
    if (lockedFor !== null) throw accountLocked(lockedFor);
    if (deps.passwordBarred && (await deps.passwordBarred(user)))
      throw new DomainError(
        "FORBIDDEN",
        "Your organization requires signing in through its own identity provider: use the hosted sign-in page and enter your email address.",
      );
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

/**
 * The counter keys of one email's lockout (CONTRACT §4, §19). The email and the client address are
 * hashed: no addresses in the counter store. `epoch` is moved by an unlock, so every per-address
 * count and lock of the email is left behind at once (they end with their windows).
 */
const emailHash = (email: string) => sha256Hex(normalizeEmail(email)).slice(0, 40);
/** The keys of one email (by its hash, computed once per attempt). */
const keysOf = (hash: string) => ({
  epoch: `login-epoch:${hash}`,
  accountFailures: `login-acct:${hash}`,
  accountLock: `login-lock:${hash}`,
});
/** Failures of the whole account, with the addresses they came from (`hitDistinct`). */
export const accountFailuresKey = (email: string) => keysOf(emailHash(email)).accountFailures;
/** The account-wide lock: present while it holds. */
export const accountLockKey = (email: string) => keysOf(emailHash(email)).accountLock;
const addressOf = (ip: string | null) => sha256Hex(`addr:${ip ?? "unknown"}`).slice(0, 24);
const addressKey = (hash: string, epoch: number, address: string) => `login:${hash}:${epoch}:${address}`;
/** How long an unlock's epoch is kept: far longer than any window it must outlive. */
const EPOCH_SECONDS = 7 * 86_400;

/**
 * One password check under the lockout (CONTRACT §4, §19), for sign-in and for a password change.
 * Two locks, both only on the password path (passkeys, social and federated sign-ins never look at
 * them), and neither aimed at one person from one place:
 *
 * - per (account, client address): 5 failures in 15 minutes lock that address's password attempts
 *   for that account for 15 minutes; other addresses go on;
 * - account-wide: at least 50 failures from at least 10 addresses in 15 minutes lock the password
 *   for every address for 15 minutes (a distributed guess); an administrator lifts both
 *   (`unlockSignIn`), as a password reset does.
 *
 * The counters count FAILURES, not attempts, so any number of parallel correct sign-ins of one
 * account all succeed:
 *
 * - before hashing, `lockedFor` (peeks) is the remaining seconds of a lock that holds: answer locked
 *   and check nothing (the cheap path while locked);
 * - after a wrong password, `failed()` atomically `hit`s the address's counter and `hitDistinct`s the
 *   account's: failures 1-4 from an address answer 401, the 5th re-arms the address's window to 15
 *   minutes from now (the lock) and still answers 401, and any later one answers locked
 *   (`lockedFor` set), so the guess is never revealed; the failure that brings the account to 50
 *   failures from 10 addresses sets the account-wide lock (and is answered 401);
 * - after a right password, `succeeded()` peeks again: a lock set meanwhile is a lock this check
 *   raced, answered locked; otherwise the address's count is cleared and the sign-in goes on (the
 *   account's count is not: a success must not wash out a distributed guess).
 *
 * Why at most 5 wrong guesses per address are ever answered 401 in a window: every wrong guess makes
 * exactly one `hit`, and the CounterStore contract makes hits linearizable (N concurrent hits return
 * 1..N, each once), so only the hits numbered 1..5 answer 401, whatever the interleaving; the peeks
 * only add refusals. The `set` of the 5th failure only moves the window's end: the count it writes
 * (5) keeps every later hit above 5. Nothing answers how many attempts are left.
 *
 * Known and unknown emails make the same counter operations (an unknown email always fails).
 */
export async function lockoutAttempt(counters: CounterStore, email: string, ip: string | null, now: Date) {
  // The email's and the address's digests once per attempt (every key below is made of them).
  const hash = emailHash(email);
  const keys = keysOf(hash);
  const from = addressOf(ip);
  const epoch = (await counters.peek(keys.epoch, now)).count;
  const key = addressKey(hash, epoch, from);
  const lockedNow = async (at: Date) => {
    const [address, account] = await Promise.all([counters.peek(key, at), counters.peek(keys.accountLock, at)]);
    if (account.count > 0) return { count: address.count, lockedFor: Math.max(1, account.ttlSeconds) };
    return {
      count: address.count,
      lockedFor: address.count >= LIMITS.lockoutFailures ? Math.max(1, address.ttlSeconds) : null,
    };
  };
  const seen = await lockedNow(now);
  return {
    lockedFor: seen.lockedFor,
    /**
     * Counts a failure: `locks` names the locks this one set (the address's 5th, the account's
     * 50th from 10 addresses, or both), `lockedFor` is set when it came after the address's lock.
     */
    async failed(at: Date): Promise<{ locks: ("address" | "account")[]; lockedFor: number | null }> {
      const [hit, account] = await Promise.all([
        counters.hit(key, LIMITS.lockoutWindowSeconds, at),
        counters.hitDistinct(keys.accountFailures, from, LIMITS.lockoutWindowSeconds, at),
      ]);
      const locks: ("address" | "account")[] = [];
      if (account.count >= LIMITS.accountLockFailures && account.distinct >= LIMITS.accountLockAddresses) {
        // The lock's window is fixed at its first hit: exactly one failure sets it (and is audited).
        const lock = await counters.hit(keys.accountLock, LIMITS.lockoutSeconds, at);
        if (lock.count === 1) locks.push("account");
      }
      if (hit.count > LIMITS.lockoutFailures) return { locks, lockedFor: Math.max(1, hit.ttlSeconds) };
      if (hit.count < LIMITS.lockoutFailures) return { locks, lockedFor: null };
      await counters.set(key, LIMITS.lockoutFailures, LIMITS.lockoutSeconds, at);
      return { locks: ["address", ...locks], lockedFor: null };
    },
    /** After a right password: the remaining seconds of a lock set meanwhile, else null (the address's count cleared). */
    async succeeded(at: Date): Promise<number | null> {
      const after = await lockedNow(at);
      if (after.lockedFor === null && after.count > 0) await counters.reset(key);
      return after.lockedFor;
    },
  };
}

/**
 * Lifts both locks of an email (POST /api/users/{id}/unlock, a password reset): the account-wide
 * lock and its count go, and a new epoch leaves every address's count and lock behind.
 */
export async function unlockSignIn(counters: CounterStore, email: string, now: Date): Promise<void> {
  const keys = keysOf(emailHash(email));
  await counters.hit(keys.epoch, EPOCH_SECONDS, now);
  await Promise.all([counters.reset(keys.accountLock), counters.reset(keys.accountFailures)]);
}

const invalidCredentials = () => new DomainError("INVALID_CREDENTIALS", "The email or password is incorrect.");
const accountLocked = (retryAfter: number) =>
  new DomainError(
    "ACCOUNT_LOCKED",
    "Too many failed sign-ins for this account. Wait until the lock ends, or reset the password.",
    { retryAfter: Math.max(1, retryAfter) },
  );

export type AuthService = ReturnType<typeof createAuthService>;
