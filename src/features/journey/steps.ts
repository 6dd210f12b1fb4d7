/**
 * The hosted sign-in steps (CONTRACT §12 "Signing people in: the hosted pages", §14): the password,
 * a TOTP or recovery code, a passkey (alone, or as the second factor) and the organization picker,
 * with the same proofs, lockout and limits as `/api/auth/login`. Each step opens its handle,
 * re-reads the protocol's request, and, once the person is proven, starts (or raises) the browser
 * session and hands the protocol its turn.
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { DomainError } from "../../kernel/errors";
import type { ProvenPerson } from "../../kernel/proven-person";
import type { AuthService } from "../auth";
import { PasskeyRefused, type PasskeyService } from "../passkeys";
import type { BrowserSessions } from "./browser-session";
import type { BrowserContext, JourneyOutcome, JourneyState, PageView, Reopened, SignInProblem } from "./seam";

/** A handle opened and its protocol's request re-read. */
export interface Opened {
  s: JourneyState;
  r: Reopened;
}

export interface StepDeps {
  /** The sign-in core shared with `/api/auth/login` and `/api/auth/mfa/verify`. */
  auth: Pick<
    AuthService,
    "provePassword" | "challengeSecondFactor" | "proveSecondFactor" | "proveSecondFactorWith" | "pendingUser"
  >;
  /** Passkeys (CONTRACT §14): the button and autofill of the sign-in page, and the second factor (or step-up). */
  passkeys: Pick<PasskeyService, "signInBegin" | "proveAssertion" | "hasPasskeys">;
  sessions: Pick<BrowserSessions, "start" | "raise">;
  /** Opens a handle and re-reads its request; the outcome to answer when either fails. */
  reopen(handle: string | undefined | null): Promise<Opened | JourneyOutcome>;
  view(o: Opened, state: JourneyState): Promise<PageView>;
  seal(state: JourneyState): string;
}

const isOpened = (x: Opened | JourneyOutcome): x is Opened => "r" in x;

/** The browser's WebAuthn answer as posted by the pages' passkey form; null when it is not a JSON object. */
function credentialOf(json: string): AuthenticationResponseJSON | null {
  if (!json || json.length > 65_536) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as AuthenticationResponseJSON) : null;
  } catch {
    return null;
  }
}

export function createSignInSteps(deps: StepDeps) {
  const { reopen, view } = deps;

  /** The sign-in page again with a refused sign-in's problem (and the email typed, when there was one). */
  const signInAgain =
    (o: Opened, s: JourneyState, email?: string) =>
    async (problem: SignInProblem, retryAfterSeconds?: number): Promise<JourneyOutcome> => ({
      kind: "sign_in",
      view: await view(o, s),
      email,
      problem,
      retryAfterSeconds,
    });

  /** The lockout and the per-IP limit as the sign-in page's problem; any other error is thrown on. */
  function refusedByLimit(e: unknown, again: ReturnType<typeof signInAgain>): Promise<JourneyOutcome> {
    if (e instanceof DomainError && e.code === "ACCOUNT_LOCKED") return again("locked", e.retryAfter);
    if (e instanceof DomainError && e.code === "RATE_LIMITED") return again("rate_limited", e.retryAfter);
    throw e;
  }

  /**
   * A first factor's POST (password, passkey): its handle opened, the step-up it may have been for
   * dropped (a sign-in replaces that session), and the sign-in page again for its refusals.
   */
  async function firstFactor(
    handle: string | undefined | null,
    email: string | undefined,
    run: (o: Opened, s: JourneyState, again: ReturnType<typeof signInAgain>) => Promise<JourneyOutcome>,
  ): Promise<JourneyOutcome> {
    const o = await reopen(handle);
    if (!isOpened(o)) return o;
    const s: JourneyState = { ...o.s, up: undefined };
    return run(o, s, signInAgain(o, s, email));
  }

  /** A person proven by a first factor that is the whole sign-in: the session starts, the protocol goes on. */
  async function signedIn(person: ProvenPerson, o: Opened, s: JourneyState, browser: BrowserContext) {
    const { session, cookies } = await deps.sessions.start(person, o.r.entry, browser);
    return o.r.proceed({ ...s, sid: session.sid }, browser, { session, cookies });
  }

  /**
   * After a second factor on the pages: a step-up raises the session it was asked for, which must
   * still be the browser's and the same person's; otherwise the proof starts the browser session.
   * Then the protocol goes on.
   */
  async function afterSecondFactor(person: ProvenPerson, o: Opened, browser: BrowserContext): Promise<JourneyOutcome> {
    const { s } = o;
    if (s.up !== undefined) {
      const again = { ...s, up: undefined };
      const raised = await deps.sessions.raise(person, s.up, o.r.entry, browser);
      if (!raised)
        return { kind: "sign_in", view: await view(o, again), problem: "expired", cookies: { pendingMfa: null } };
      return o.r.proceed({ ...again, sid: raised.sid }, browser, { session: raised, cookies: { pendingMfa: null } });
    }
    const { session, cookies } = await deps.sessions.start(person, o.r.entry, browser);
    return o.r.proceed({ ...s, sid: session.sid }, browser, { session, cookies: { ...cookies, pendingMfa: null } });
  }

  /** The refusals of a pending second factor, as the page to show; any other error is thrown on. */
  async function secondFactorRefused(e: unknown, o: Opened, method: "totp" | "recovery", wrong: "invalid" | "passkey") {
    if (e instanceof DomainError && e.code === "MFA_INVALID_CODE")
      return { kind: "second_factor", view: await view(o, o.s), method, problem: wrong } as const;
    if (e instanceof DomainError && e.code === "INVALID_TOKEN")
      return { kind: "sign_in", view: await view(o, o.s), problem: "expired", cookies: { pendingMfa: null } } as const;
    throw e;
  }

  /** `GET resume`: the next page of a journey (or the protocol's answer, when nothing is left to ask). */
  async function resume(handle: string | undefined | null, browser: BrowserContext): Promise<JourneyOutcome> {
    const o = await reopen(handle);
    if (!isOpened(o)) return o;
    return o.r.proceed(o.s, browser, {});
  }

  /**
   * The sign-in page's POST: the password under the lockout and the per-IP limit (the sign-in
   * core of `/api/auth/login`). A refusal shows the page again with its problem; a user with MFA on
   * goes to the second-factor page; otherwise the session starts and the protocol goes on.
   */
  async function signInWithPassword(
    handle: string | undefined | null,
    email: string,
    password: string,
    browser: BrowserContext,
  ): Promise<JourneyOutcome> {
    return firstFactor(handle, email, async (o, s, again) => {
      if (!email.trim() || !password) return again("missing");
      let person: ProvenPerson;
      try {
        person = await deps.auth.provePassword(email, password, browser.ip);
      } catch (e) {
        if (e instanceof DomainError && e.code === "INVALID_CREDENTIALS") return again("credentials");
        // `ssoRequired` (CONTRACT §16): this person signs in at their organization's provider.
        if (e instanceof DomainError && e.code === "FORBIDDEN") return again("sso");
        return refusedByLimit(e, again);
      }
      // Tenant isolation: a person of another tenant is answered as a wrong password (no enumeration).
      if (!o.r.entry.serves(person.user.tenantId)) return again("credentials");
      if (person.user.mfaEnabled) {
        const challenge = await deps.auth.challengeSecondFactor(person, {});
        return {
          kind: "continue",
          step: "second-factor",
          interaction: deps.seal(s),
          cookies: { pendingMfa: { value: challenge.pendingToken, maxAgeSeconds: challenge.expiresInSeconds } },
        };
      }
      return signedIn(person, o, s, browser);
    });
  }

  /** `GET second-factor`: the second-factor page of a journey. */
  async function secondFactorPage(
    handle: string | undefined | null,
    method: "totp" | "recovery",
    pendingMfa: string | undefined | null,
  ): Promise<JourneyOutcome> {
    const o = await reopen(handle);
    if (!isOpened(o)) return o;
    // Signing in again replaces the session a step-up was for.
    if (!pendingMfa) return { kind: "sign_in", view: await view(o, { ...o.s, up: undefined }), problem: "expired" };
    return { kind: "second_factor", view: await view(o, o.s), method };
  }

  /**
   * The second-factor page's POST: a TOTP or a recovery code against the pending sign-in (the
   * core of `/api/auth/mfa/verify`: 5 wrong codes end it). Then the session starts (or is raised).
   */
  async function verifySecondFactor(
    handle: string | undefined | null,
    pendingMfa: string | undefined | null,
    code: string,
    method: "totp" | "recovery",
    browser: BrowserContext,
  ): Promise<JourneyOutcome> {
    const o = await reopen(handle);
    if (!isOpened(o)) return o;
    if (!pendingMfa) return { kind: "sign_in", view: await view(o, o.s), problem: "expired" };
    if (!code.trim()) return { kind: "second_factor", view: await view(o, o.s), method, problem: "missing" };
    let person: ProvenPerson;
    try {
      ({ person } = await deps.auth.proveSecondFactor(pendingMfa, code.trim(), browser.ip));
    } catch (e) {
      return secondFactorRefused(e, o, method, "invalid");
    }
    if (!o.r.entry.serves(person.user.tenantId))
      return { kind: "sign_in", view: await view(o, o.s), problem: "credentials", cookies: { pendingMfa: null } };
    return afterSecondFactor(person, o, browser);
  }

  /**
   * What the second-factor page offers the pending person: the code form unless their only second
   * factor is a passkey (a step-up of a person without TOTP), and "Use a passkey" (its options,
   * else null) when they have one.
   */
  async function secondFactorOffer(pendingMfa: string | undefined | null) {
    const user = pendingMfa ? await deps.auth.pendingUser(pendingMfa) : null;
    const passkey =
      user && (await deps.passkeys.hasPasskeys(user.tenantId, user.id))
        ? await deps.passkeys.signInBegin({ userId: user.id, tenantId: user.tenantId })
        : null;
    return { codes: !passkey || !!user?.mfaEnabled, passkey };
  }

  /**
   * The sign-in page's passkey POST (the button or the email field's autofill): the assertion under
   * the same per-IP limit and account lockout as a password (CONTRACT §14). A passkey with user
   * verification is two factors: no second-factor page follows. A refusal shows the sign-in page
   * again with its problem.
   */
  async function signInWithPasskey(
    handle: string | undefined | null,
    attemptId: string,
    credentialJson: string,
    browser: BrowserContext,
  ): Promise<JourneyOutcome> {
    return firstFactor(handle, undefined, async (o, s, again) => {
      const credential = credentialOf(credentialJson);
      if (!credential || !attemptId) return again("passkey");
      let person: ProvenPerson;
      try {
        const r = await deps.passkeys.proveAssertion(attemptId, credential, browser.ip);
        if (r.forUser !== null) return again("passkey");
        person = r.person;
      } catch (e) {
        if (e instanceof PasskeyRefused) return again("passkey");
        return refusedByLimit(e, again);
      }
      // Tenant isolation, and a disabled person: refused like any passkey that does not sign in.
      if (!o.r.entry.serves(person.user.tenantId) || person.user.status !== "ACTIVE") return again("passkey");
      return signedIn(person, o, s, browser);
    });
  }

  /**
   * The second-factor page's passkey POST: a passkey of the pending person (the attempt names them)
   * in place of a TOTP code; a refusal counts as a wrong code against the pending sign-in. The
   * session's `amr` then holds `pwd` and `hwk` (CONTRACT §14).
   */
  async function verifySecondFactorWithPasskey(
    handle: string | undefined | null,
    pendingMfa: string | undefined | null,
    attemptId: string,
    credentialJson: string,
    browser: BrowserContext,
  ): Promise<JourneyOutcome> {
    const o = await reopen(handle);
    if (!isOpened(o)) return o;
    if (!pendingMfa) return { kind: "sign_in", view: await view(o, o.s), problem: "expired" };
    const credential = credentialOf(credentialJson);
    let person: ProvenPerson;
    try {
      ({ person } = await deps.auth.proveSecondFactorWith(pendingMfa, browser.ip, async (user) => {
        if (!credential || !attemptId) return { ok: false };
        try {
          const r = await deps.passkeys.proveAssertion(attemptId, credential, browser.ip);
          return r.forUser === user.id && r.person.user.id === user.id ? { ok: true, via: "passkey" } : { ok: false };
        } catch (e) {
          if (e instanceof PasskeyRefused) return { ok: false };
          throw e;
        }
      }));
    } catch (e) {
      if (e instanceof DomainError && (e.code === "ACCOUNT_LOCKED" || e.code === "RATE_LIMITED"))
        return {
          kind: "sign_in",
          view: await view(o, o.s),
          problem: "locked",
          retryAfterSeconds: e.retryAfter,
          cookies: { pendingMfa: null },
        };
      return secondFactorRefused(e, o, "totp", "passkey");
    }
    if (!o.r.entry.serves(person.user.tenantId))
      return { kind: "sign_in", view: await view(o, o.s), problem: "credentials", cookies: { pendingMfa: null } };
    return afterSecondFactor(person, o, browser);
  }

  /** The org picker's POST: the protocol goes on with that org (one the user may not use is ignored: the picker shows again). */
  async function chooseOrganization(
    handle: string | undefined | null,
    organizationId: number,
    browser: BrowserContext,
  ): Promise<JourneyOutcome> {
    const o = await reopen(handle);
    if (!isOpened(o)) return o;
    return o.r.proceed({ ...o.s, org: organizationId }, browser, {});
  }

  return {
    resume,
    signInWithPassword,
    secondFactorPage,
    verifySecondFactor,
    secondFactorOffer,
    /** The options of the sign-in page's passkey button and autofill (a usernameless attempt). */
    passkeySignInOffer: () => deps.passkeys.signInBegin(),
    signInWithPasskey,
    verifySecondFactorWithPasskey,
    chooseOrganization,
  };
}
