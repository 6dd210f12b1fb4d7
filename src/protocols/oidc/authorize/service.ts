/**
 * The browser half of the OpenID provider (CONTRACT §12): `/oauth2/authorize` and the hosted
 * pages' steps as use cases, ending in an authorization code. No HTML, no HTTP: each use case
 * answers an `AuthorizeOutcome` (a page to show, a redirect, an error) that the routes render.
 *
 * The flow, in order (docs/oidc.md "Signing people in: the hosted pages"):
 * 1. the request's checks (`validateAuthorizationRequest`): an error page or an error redirect;
 * 2. the sign-in session (`sso_session`): resumed, or replaced by a sign-in on the pages (the same
 *    password check, lockout, limits and second factor as `/api/auth/login`); `prompt`, `max_age`
 *    and `id_token_hint` decide whether the session serves;
 * 3. the active organization (one usable membership: no page; several: the picker);
 * 4. consent, for third-party clients, remembered per user and client;
 * 5. the code: stored as its SHA-256 with everything the token endpoint mints from.
 *
 * The pending interaction: the authorization request travels between the pages as a signed blob
 * (HMAC-SHA256 with a key derived from the master key) holding its raw parameters, when it started
 * and the organization chosen so far. Every step re-validates the request from it, so a client or
 * org changed meanwhile is seen, and any instance serves any step with no interaction store.
 */
import { createHmac } from "node:crypto";
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import type { JSONWebKeySet } from "jose";
import type { Clock } from "../../../kernel/clock";
import type { TenantScope } from "../../../kernel/tenancy";
import { DomainError } from "../../../kernel/errors";
import { proofLabel, type ProofMethod, type ProvenPerson } from "../../../kernel/proven-person";
import { randomToken, sha256Hex, timingSafeEqual } from "../../../kernel/secrets";
import { createSealer } from "../../../kernel/sealed";
import type { Unit } from "../../../kernel/unit";
import type { User, UserRepo } from "../../../kernel/users";
import type { AuthService } from "../../../features/auth";
import type { EffectiveBrand } from "../../../features/branding";
import type { Mailer } from "../../../kernel/mail";
import { type ClientDirectory, servesTenant, tenantScopeOf } from "../../../features/clients";
import { PasskeyRefused, type PasskeyService } from "../../../features/passkeys";
import type { DomainEvent, EventJournal } from "../../../features/events";
import { acrOf, acrSatisfies, type AuthorizationCodeStore, type AuthorizationRequest, OAuthProtocolError, oauthError, successParameters, successRedirect, validateAuthorizationRequest, readIdTokenHint } from "..";
import { type BrowserSession, type BrowserSessionStore, resumeFromCookie, writeSessionCookie } from "../../../features/journey";
import { type ConsentRepo } from "../../../features/consents";
import type { OrgRepo } from "../../../features/orgs";
import { type RoleRepo, usableMemberships } from "../../../features/roles";

/** CONTRACT §12: a sign-in session ends after 24 h without use, and 14 days after the sign-in at the latest. */
export const SIGN_IN_IDLE_SECONDS = 24 * 3600;
export const SIGN_IN_ABSOLUTE_SECONDS = 14 * 24 * 3600;
/** CONTRACT §12: a code lives 60 s. */
export const CODE_TTL_SECONDS = 60;
/** How long a page of the flow stays usable (its interaction blob). */
export const INTERACTION_SECONDS = 3600;
/** How long a browser stays known to the accounts that signed in with it (new-device alert). */
export const DEVICE_COOKIE_SECONDS = 400 * 86_400;
/** Accounts a browser is remembered for. */
const DEVICE_TAGS = 10;

export interface AuthorizeDeps {
  issuer: string;
  clock: Clock;
  directory: Pick<ClientDirectory, "resolve">;
  /** The sign-in core shared with `/api/auth/login` and `/api/auth/mfa/verify`. */
  auth: Pick<
    AuthService,
    "provePassword" | "challengeSecondFactor" | "proveSecondFactor" | "proveSecondFactorWith" | "pendingUser"
  >;
  /** Passkeys (CONTRACT §14): the button and autofill of the sign-in page, and the second factor (or step-up). */
  passkeys: Pick<PasskeyService, "signInBegin" | "proveAssertion" | "hasPasskeys">;
  signIns: BrowserSessionStore;
  codes: Pick<AuthorizationCodeStore, "issue">;
  consents: Pick<ConsentRepo, "get">;
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "get" | "getMany">;
  roles: Pick<RoleRepo, "assignmentsOf">;
  /** Remembering a consent, saving a person's language: one unit each, with its event. */
  unit: Unit<{ consents: ConsentRepo; users: UserRepo; events: EventJournal }>;
  /** The new-device sign-in alert (when the tenant turned it on). */
  mailer: Mailer;
  /** Where a failed background step (the alert mail) is reported. */
  onBackgroundError(e: unknown): void;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  /** The name of a client's application, for the consent page (what its tokens open; CONTRACT §12). */
  applicationName(tenantId: number, applicationId: number): Promise<string | null>;
  /** The branding the pages of a client show (its application's override over the tenant's; cached). */
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
  /** The service's published keys, to verify an `id_token_hint` (OIDC Core §3.1.2.1). */
  jwks(): JSONWebKeySet;
  /** At least 32 bytes shared by every instance (derived from the master key): signs interactions. */
  interactionKey: Uint8Array;
}

/** What the browser brought: its `sso_session` cookie and where it is. */
export interface BrowserContext {
  sessionCookie?: string | null;
  /** The `sso_org` cookie: the organization chosen earlier in a sign-in session (`<sid>.<orgId>`). */
  orgCookie?: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The language the posted page was shown in (its hidden `locale` field): saved as the person's choice. */
  locale?: string | null;
  /** The `sso_device` cookie: tags of the accounts that signed in with this browser before. */
  deviceCookie?: string | null;
}

/** What every page of the flow needs from the request. */
export interface PageView {
  /** The signed interaction: the hidden field (or query parameter) of the next step. */
  interaction: string;
  /** The client's name, shown as the application signed in to. */
  appName: string;
  /** The client's id (the password pages take it, to show the same branding). */
  clientId: string;
  /** The validated redirect URI (the pages' CSP `form-action` target). */
  redirectUri: string;
  uiLocales: string[];
  /** The tenant's branding with the client's application's override over it (CONTRACT §15). */
  brand: EffectiveBrand;
}

/**
 * Why the request ends on an error page: a request that cannot be answered to the client (never
 * redirected: RFC 6749 §4.1.2.1), or a step-up the person cannot give (no second factor set up).
 */
export type ErrorPageKind = "unknown_client" | "bad_redirect" | "bad_request" | "expired" | "second_factor_required";

/**
 * The page of a `response_mode=form_post` answer (OAuth 2.0 Form Post Response Mode §2): the
 * client it returns to, in the request's languages and the client's branding.
 */
export interface FormPostView {
  appName: string;
  uiLocales: string[];
  brand: EffectiveBrand;
}

export type SignInProblem = "credentials" | "locked" | "rate_limited" | "missing" | "expired" | "passkey";
export type SecondFactorProblem = "invalid" | "ended" | "missing" | "passkey";

/** A cookie change the answer must carry. */
export interface CookieChange {
  /** The new `sso_session` value (`<tenantId>.<sid>.<secret>`: the oidc feature's codec), or null to clear it. */
  session?: { value: string; maxAgeSeconds: number } | null;
  /** The pending second factor (the auth feature's pending token), or null to clear it. */
  pendingMfa?: { value: string; maxAgeSeconds: number } | null;
  /** The organization chosen in this sign-in session (`<sid>.<orgId>`), remembered for the next request. */
  org?: { value: string; maxAgeSeconds: number };
  /** The browser's known-account tags, with the account that just signed in (new-device alert). */
  device?: { value: string; maxAgeSeconds: number };
}

export type AuthorizeOutcome = { cookies?: CookieChange } & (
  | {
      kind: "error_page";
      page: ErrorPageKind;
      error: OAuthProtocolError;
      /** The client's branding and the request's languages, when the request was valid. */
      brand?: EffectiveBrand;
      uiLocales?: string[];
      /** The check that failed and the value it refused (never a secret): for the operator's log line. */
      check: string;
      value?: string;
    }
  /** Back to the client: the code (RFC 6749 §4.1.2), as a finished URL. */
  | { kind: "redirect"; url: string }
  /**
   * Back to the client with the code as an auto-submitting page (OAuth 2.0 Form Post Response Mode
   * §2): `fields` (code, state, iss) posted to the redirect URI.
   */
  | { kind: "form_post"; redirectUri: string; fields: [string, string][]; formPost: FormPostView }
  /**
   * Back to the client with an error (RFC 6749 §4.1.2.1), in the query or with `formPost` as the
   * auto-submitting page: the edge renders it (src/http/oauth-error.ts).
   */
  | {
      kind: "redirect_error";
      error: OAuthProtocolError;
      redirectUri: string;
      state?: string;
      formPost?: FormPostView;
    }
  /** After a POST: 303 to the GET that shows the next page of this interaction. */
  | { kind: "continue"; step: "resume" | "second-factor"; interaction: string }
  | {
      kind: "sign_in";
      view: PageView;
      email?: string;
      problem?: SignInProblem;
      retryAfterSeconds?: number;
    }
  | { kind: "second_factor"; view: PageView; method: "totp" | "recovery"; problem?: SecondFactorProblem; left?: number }
  | {
      kind: "choose_org";
      view: PageView;
      organizations: { id: number; name: string }[];
      /** `prompt=select_account`: who is signed in, and the interaction of "Use another account". */
      account?: { email: string; again: string };
    }
  | {
      kind: "consent";
      view: PageView;
      scopes: string[];
      email: string;
      orgName: string;
      /** The application the client's tokens open (CONTRACT §12: who asks, and for what). */
      applicationName: string | null;
    }
);

/** The signed pending interaction. */
interface Interaction {
  /** The authorization request's raw parameters (a query string). */
  q: string;
  /** When the request arrived (ms): the interaction expires INTERACTION_SECONDS later. */
  iat: number;
  /** The session signed in during this interaction: fresh for `prompt=login`, `max_age` and `id_token_hint`. */
  sid?: string;
  /** The organization chosen on the picker, re-checked at every step. */
  org?: number;
  /** The person asked to sign in as someone else (`prompt=select_account`'s "Use another account"). */
  again?: true;
  /** Step-up (CONTRACT §12): the second factor asked is to raise this sign-in session (its sid). */
  up?: string;
}

/**
 * RFC 8176 `amr` values of the proofs given (a recovery code is a one-time code: `otp`; a passkey
 * with user verification is a hardware key and the user's own gesture: `hwk` and `user`, CONTRACT §14).
 */
export function amrOf(methods: readonly ProofMethod[]): string[] {
  const out = new Set<string>();
  for (const m of methods) {
    if (m === "password") out.add("pwd");
    else if (m === "totp" || m === "recovery") out.add("otp");
    else if (m === "passkey") {
      out.add("hwk");
      out.add("user");
    }
  }
  if (methods.length > 1) out.add("mfa");
  return [...out];
}

/** The organization an `sso_org` cookie names for session `sid`; undefined for another session or a malformed value. */
export function rememberedOrg(cookie: string | null | undefined, sid: string): number | undefined {
  const m = cookie ? /^([A-Za-z0-9_-]{16,64})\.([1-9][0-9]{0,15})$/.exec(cookie) : null;
  return m && m[1] === sid ? Number(m[2]) : undefined;
}

export function createAuthorizeService(deps: AuthorizeDeps) {
  const sealer = createSealer(deps.interactionKey, "sso-authorize-interaction");
  const now = () => deps.clock.now();
  /** Background mails (the new-device alert) not yet handed to the transport. */
  const pending = new Set<Promise<void>>();

  // ------------------------------------------------------------------------------------------
  // The signed interaction
  // ------------------------------------------------------------------------------------------
  const seal = (i: Interaction): string => sealer.seal(i);

  /** The interaction when its signature holds and it is not older than INTERACTION_SECONDS; else null. */
  function open(blob: string | undefined | null): Interaction | null {
    const i = sealer.open(blob, 40_000) as Interaction | null;
    if (!i || typeof i.q !== "string" || typeof i.iat !== "number") return null;
    return now().getTime() - i.iat > INTERACTION_SECONDS * 1000 ? null : i;
  }

  const expired = (): AuthorizeOutcome => ({
    kind: "error_page",
    page: "expired",
    // The interaction's signature or age (INTERACTION_SECONDS); the sealed value itself is not logged.
    check: "interaction",
    error: oauthError("invalid_request", "This sign-in page has expired. Go back to the application and start again."),
  });

  // ------------------------------------------------------------------------------------------
  // The request's checks
  // ------------------------------------------------------------------------------------------
  type Validated = {
    request: AuthorizationRequest;
    appName: string;
    applicationId: number | null;
    /** Set when the request asked for `response_mode=form_post`: every answer to the client is that page. */
    formPost?: FormPostView;
  };

  /** The form_post page's view of the client (its branding read through the directory cache). */
  const formPostView = async (
    tenantId: number,
    applicationId: number | null,
    appName: string,
    uiLocales: string[],
  ): Promise<FormPostView> => ({ appName, uiLocales, brand: await deps.brandOf(tenantId, applicationId) });

  /** Validates the request; a failure is the outcome to answer. */
  async function validate(q: string): Promise<Validated | AuthorizeOutcome> {
    let appName = "";
    let applicationId: number | null = null;
    let tenantId = 0;
    const outcome = await validateAuthorizationRequest(new URLSearchParams(q), async (clientId) => {
      const r = await deps.directory.resolve(clientId);
      // A client whose org is blocked or whose application is gone is not served (an error page).
      if (!r || r.usability !== "ok") return null;
      appName = r.client.name;
      applicationId = r.client.applicationId;
      tenantId = r.client.tenantId;
      return r.client;
    });
    if (outcome.kind === "error_page") {
      const e = outcome.error;
      const page: ErrorPageKind =
        outcome.about === "client"
          ? "unknown_client"
          : outcome.about === "redirect_uri"
            ? "bad_redirect"
            : "bad_request";
      // CONTRACT §15: even a request that cannot be answered to its client speaks the language it asked for.
      const asked = new URLSearchParams(q).get("ui_locales") ?? "";
      const uiLocales = asked.length <= 256 ? asked.split(" ").filter(Boolean).slice(0, 8) : [];
      return { kind: "error_page", page, error: e, uiLocales, check: outcome.check, value: outcome.value };
    }
    if (outcome.kind === "redirect_error")
      return {
        kind: "redirect_error",
        error: outcome.error,
        redirectUri: outcome.redirectUri,
        state: outcome.state,
        ...(outcome.responseMode === "form_post"
          ? { formPost: await formPostView(tenantId, applicationId, appName, []) }
          : {}),
      };
    const r = outcome.request;
    const v: Validated = { request: r, appName, applicationId };
    if (r.responseMode === "form_post")
      v.formPost = await formPostView(r.client.tenantId, applicationId, appName, r.uiLocales);
    return v;
  }

  const isOutcome = (v: Validated | AuthorizeOutcome): v is AuthorizeOutcome => "kind" in v;

  const fail = (v: Validated, error: OAuthProtocolError): AuthorizeOutcome => ({
    kind: "redirect_error",
    error,
    redirectUri: v.request.redirectUri,
    state: v.request.state,
    ...(v.formPost ? { formPost: v.formPost } : {}),
  });

  const viewOf = async (v: Validated, i: Interaction): Promise<PageView> => ({
    interaction: seal(i),
    appName: v.appName,
    clientId: v.request.client.clientId,
    redirectUri: v.request.redirectUri,
    uiLocales: v.request.uiLocales,
    brand: await deps.brandOf(v.request.client.tenantId, v.applicationId),
  });

  /** The sign-in page again with a refused sign-in's problem (and the email typed, when there was one). */
  const signInAgain =
    (v: Validated, i: Interaction, email?: string) =>
    async (problem: SignInProblem, retryAfterSeconds?: number): Promise<AuthorizeOutcome> => ({
      kind: "sign_in",
      view: await viewOf(v, i),
      email,
      problem,
      retryAfterSeconds,
    });

  /** The lockout and the per-IP limit as the sign-in page's problem; any other error is thrown on. */
  function refusedByLimit(e: unknown, again: ReturnType<typeof signInAgain>): Promise<AuthorizeOutcome> {
    if (e instanceof DomainError && e.code === "ACCOUNT_LOCKED") return again("locked", e.retryAfter);
    if (e instanceof DomainError && e.code === "RATE_LIMITED") return again("rate_limited", e.retryAfter);
    throw e;
  }

  // ------------------------------------------------------------------------------------------
  // The sign-in session
  // ------------------------------------------------------------------------------------------
  /** The browser's live session for a client of `tenantId` (its cookie, the oidc feature's codec). */
  const resumeSession = (tenantId: TenantScope, cookie: string | null | undefined) =>
    resumeFromCookie(deps.signIns, tenantId, cookie, now());

  /** Starts the sign-in session of a person proven on the pages and records the sign-in. */
  async function startSession(
    person: ProvenPerson,
    v: Validated,
    browser: BrowserContext,
  ): Promise<{ session: BrowserSession; cookies: CookieChange }> {
    const at = now();
    const sid = randomToken(16);
    const secret = randomToken(32);
    const absolute = new Date(at.getTime() + SIGN_IN_ABSOLUTE_SECONDS * 1000);
    const record = {
      sid,
      tenantId: person.user.tenantId,
      userId: person.user.id,
      authTime: person.at,
      amr: amrOf(person.methods),
      idleSeconds: SIGN_IN_IDLE_SECONDS,
      idleExpiresAt: new Date(Math.min(at.getTime() + SIGN_IN_IDLE_SECONDS * 1000, absolute.getTime())),
      absoluteExpiresAt: absolute,
      createdAt: at,
      ipAddress: browser.ip,
      userAgent: browser.userAgent ? browser.userAgent.slice(0, 512) : null,
    };
    await deps.signIns.create(record, sha256Hex(secret));
    const org = await deps.orgs.get(person.user.tenantId, person.user.organizationId);
    await deps.record({
      type: "auth.login.succeeded",
      tenantId: person.user.tenantId,
      org,
      actor: { ip: browser.ip },
      target: { userId: person.user.id },
      data: { method: proofLabel(person.methods), via: "pages", clientId: v.request.client.clientId, sid },
    });
    await rememberLocale(person.user, browser.locale);
    const device = await checkDevice(person.user, v, browser, at);
    return {
      session: { ...record, clients: [], lastUsedAt: at },
      cookies: {
        session: { value: writeSessionCookie(record, secret), maxAgeSeconds: SIGN_IN_ABSOLUTE_SECONDS },
        ...(device ? { device } : {}),
      },
    };
  }

  /** The language a person signed in with becomes their saved choice (CONTRACT §15), audited when it changes. */
  async function rememberLocale(user: User, locale: string | null | undefined): Promise<void> {
    if (!locale || !/^(en|de)$/.test(locale) || user.locale === locale) return;
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    await deps.unit("users.locale", ["users", "events"], async ({ users, events }) => {
      await users.update(user.tenantId, user.id, { locale });
      await events.record({
        type: "user.locale_changed",
        tenantId: user.tenantId,
        org,
        actor: { userId: user.id },
        target: { userId: user.id },
        data: { locale, via: "pages" },
      });
    });
  }

  /**
   * The new-device alert (docs/branding.md): a browser is known to an account when its `sso_device`
   * cookie carries the account's tag, an HMAC of the user id under the interaction key (so a cookie
   * cannot be forged for another account, and any instance can check it). An unknown browser gets
   * the tag (at most DEVICE_TAGS accounts per browser) and, when the tenant turned the alert on, the
   * person gets a mail.
   */
  async function checkDevice(
    user: User,
    v: Validated,
    browser: BrowserContext,
    at: Date,
  ): Promise<CookieChange["device"] | undefined> {
    const tag = createHmac("sha256", deps.interactionKey)
      .update(`sso-device\0${user.id}`)
      .digest("base64url")
      .slice(0, 22);
    const tags = (browser.deviceCookie ?? "").split(".").filter((x) => /^[A-Za-z0-9_-]{22}$/.test(x));
    if (tags.some((x) => timingSafeEqual(x, tag))) return undefined;
    const brand = await deps.brandOf(user.tenantId, v.applicationId);
    if (brand.newDeviceAlert) {
      const mail = deps.mailer.send({
        to: user.email,
        tenantId: user.tenantId,
        applicationId: v.applicationId,
        uiLocales: browser.locale,
        savedLocale: user.locale,
        message: {
          kind: "new_device",
          when: at,
          device: (browser.userAgent ?? "").slice(0, 200) || "unknown",
          ip: browser.ip,
        },
      });
      pending.add(mail);
      void mail.catch(deps.onBackgroundError).finally(() => pending.delete(mail));
    }
    return { value: [...tags, tag].slice(-DEVICE_TAGS).join("."), maxAgeSeconds: DEVICE_COOKIE_SECONDS };
  }

  /** The `sub` of a valid ID token of ours (an expired one is acceptable: OIDC Core §3.1.2.1); null otherwise. */
  async function hintSubject(hint: string): Promise<string | null> {
    const h = await readIdTokenHint(hint, { jwks: deps.jwks(), issuer: deps.issuer, now: now() });
    return h && h.typ !== "at+jwt" && typeof h.payload.sub === "string" ? h.payload.sub : null;
  }

  // ------------------------------------------------------------------------------------------
  // The flow
  // ------------------------------------------------------------------------------------------
  interface Step {
    /** A session started in this call (fresh sign-in), else the cookie's is resumed. */
    session?: BrowserSession;
    /** Consent was just given on the consent page. */
    consentGiven?: boolean;
    cookies?: CookieChange;
  }

  /**
   * Asks the person of `session` for a second factor that will raise it (CONTRACT §12 "Step-up"):
   * the second-factor page with a pending challenge holding the session's proofs, as after a
   * password. A person with neither TOTP nor a passkey cannot give one: a page says so.
   */
  async function stepUp(v: Validated, i: Interaction, session: BrowserSession, user: User): Promise<AuthorizeOutcome> {
    if (!user.mfaEnabled && !(await deps.passkeys.hasPasskeys(user.tenantId, user.id)))
      return {
        kind: "error_page",
        page: "second_factor_required",
        error: oauthError("access_denied", "The application asks for a second factor and the person has none."),
        brand: await deps.brandOf(v.request.client.tenantId, v.applicationId),
        uiLocales: v.request.uiLocales,
        check: "stepUpSecondFactor",
        value: `user ${user.id}`,
      };
    const methods: ProofMethod[] = session.amr.includes("pwd") ? ["password"] : [];
    const challenge = await deps.auth.challengeSecondFactor({ user, methods, at: session.authTime }, {});
    return {
      kind: "continue",
      step: "second-factor",
      interaction: seal({ ...i, up: session.sid }),
      cookies: { pendingMfa: { value: challenge.pendingToken, maxAgeSeconds: challenge.expiresInSeconds } },
    };
  }

  /**
   * After a second factor on the pages: a step-up raises the session it was asked for (its `amr`
   * gains the factor and `mfa`, its `auth_time` moves to now; the same sid, so every client of the
   * session keeps it), which must still be the browser's and the same person's; otherwise the
   * proof starts the sign-in session. Then the flow goes on.
   */
  async function afterSecondFactor(
    person: ProvenPerson,
    v: Validated,
    i: Interaction,
    browser: BrowserContext,
  ): Promise<AuthorizeOutcome> {
    if (i.up !== undefined) {
      const again = { ...i, up: undefined };
      const current = await resumeSession(tenantScopeOf(v.request.client), browser.sessionCookie);
      const raised =
        current && current.sid === i.up && current.userId === person.user.id
          ? await deps.signIns.raise(
              current.tenantId,
              current.sid,
              [...new Set([...current.amr, ...amrOf(person.methods), "mfa"])],
              person.at,
              now(),
            )
          : null;
      if (!raised)
        return { kind: "sign_in", view: await viewOf(v, again), problem: "expired", cookies: { pendingMfa: null } };
      const org = await deps.orgs.get(person.user.tenantId, person.user.organizationId);
      await deps.record({
        type: "auth.login.stepped_up",
        tenantId: person.user.tenantId,
        org,
        actor: { ip: browser.ip },
        target: { userId: person.user.id },
        data: {
          method: proofLabel(person.methods),
          via: "pages",
          clientId: v.request.client.clientId,
          sid: raised.sid,
        },
      });
      return afterPost(
        await proceed(v, { ...again, sid: raised.sid }, browser, { session: raised, cookies: { pendingMfa: null } }),
      );
    }
    const { session, cookies } = await startSession(person, v, browser);
    return afterPost(
      await proceed(v, { ...i, sid: session.sid }, browser, {
        session,
        cookies: { ...cookies, pendingMfa: null },
      }),
    );
  }

  /** Orgs whose tokens the user may get: memberships (home org, assigned roles) not blocked. */
  const usableOrgs = (user: User) => usableMemberships(deps, user, now());

  /** Steps 2 to 5 for a validated request. */
  async function proceed(v: Validated, i: Interaction, browser: BrowserContext, step: Step): Promise<AuthorizeOutcome> {
    const r = v.request;
    const none = r.prompt.includes("none");
    const withCookies = (o: AuthorizeOutcome): AuthorizeOutcome => (step.cookies ? { ...o, cookies: step.cookies } : o);

    let session = step.session ?? (await resumeSession(tenantScopeOf(r.client), browser.sessionCookie));
    // Signed in during this interaction: fresh for prompt=login and max_age whatever the clock says.
    const fresh = !!session && session.sid === i.sid;
    if (session && !fresh) {
      // OIDC Core §3.1.2.1 prompt=login: "MUST reauthenticate"; max_age: auth_time older than it.
      // "Use another account" on the select_account picker asks the same.
      if (r.prompt.includes("login") || i.again) session = null;
      else if (r.maxAge !== undefined && now().getTime() - session.authTime.getTime() > r.maxAge * 1000) session = null;
    }
    if (session && !fresh && r.idTokenHint !== undefined) {
      const sub = await hintSubject(r.idTokenHint);
      // The hint names someone else (or is not ours): that session does not serve this request.
      if (sub !== String(session.userId)) {
        if (none)
          return withCookies(fail(v, oauthError("login_required", "The signed-in person is not the one hinted.")));
        session = null;
      }
    }
    const user = session ? await deps.users.get(session.tenantId, session.userId) : null;
    if (!session || !user || user.status !== "ACTIVE") {
      if (none) return withCookies(fail(v, oauthError("login_required", "Nobody is signed in.")));
      return withCookies({ kind: "sign_in", view: await viewOf(v, i), email: r.loginHint });
    }
    // prompt=none's PKCE refusal, kept by checkPkce until login_required (above) had its turn.
    if (r.pkceRefusal) return withCookies(fail(v, r.pkceRefusal));

    // Step-up (CONTRACT §12): `acr_values` asks for more than the session reached.
    if (r.acr !== undefined && !acrSatisfies(acrOf(session.amr), r.acr)) {
      if (none)
        return withCookies(
          fail(v, oauthError("interaction_required", "The application asks for a second factor; sign in with one.")),
        );
      return withCookies(await stepUp(v, i, session, user));
    }

    // The session's tenant: the client's (resume checked it), or the person's for the console client.
    const tenantId = session.tenantId;
    // The active organization (CONTRACT §12).
    const orgs = await usableOrgs(user);
    if (orgs.length === 0)
      return withCookies(fail(v, oauthError("access_denied", "None of your organizations can get tokens now.")));
    const pick = (id: number | undefined) => (id === undefined ? undefined : orgs.find((o) => o.id === id));
    // Chosen on the picker in this interaction, else asked for (`organization=`), else chosen earlier
    // in this same sign-in session (the `sso_org` cookie names its sid), else the only one.
    const remembered = rememberedOrg(browser.orgCookie, session.sid);
    // OIDC Core §3.1.2.1 prompt=select_account: the person chooses, even with one organization or a
    // choice made earlier, unless they have just signed in in this interaction (choosing who they are).
    const selecting = r.prompt.includes("select_account") && !fresh;
    const org = selecting
      ? pick(i.org)
      : (pick(i.org) ?? pick(r.organizationId) ?? pick(remembered) ?? (orgs.length === 1 ? orgs[0] : undefined));
    if (!org) {
      if (none)
        return withCookies(fail(v, oauthError("account_selection_required", "Choose the organization to sign in to.")));
      const account = selecting ? { email: user.email, again: seal({ ...i, again: true, org: undefined }) } : undefined;
      return withCookies({
        kind: "choose_org",
        view: await viewOf(v, i),
        organizations: orgs.map((o) => ({ id: o.id, name: o.name })),
        account,
      });
    }

    // Consent for third-party clients (CONTRACT §12 "Consent").
    if (!r.client.firstParty && !step.consentGiven) {
      const existing = await deps.consents.get(tenantId, user.id, r.client.clientId);
      const missing = !existing || r.scopes.some((s) => !existing.scopes.includes(s));
      if (missing || r.prompt.includes("consent")) {
        if (none) return withCookies(fail(v, oauthError("consent_required", "The person has not consented yet.")));
        return withCookies({
          kind: "consent",
          view: await viewOf(v, { ...i, org: org.id }),
          scopes: [...r.scopes],
          email: user.email,
          orgName: org.name,
          applicationName:
            v.applicationId !== null ? await deps.applicationName(r.client.tenantId, v.applicationId) : null,
        });
      }
    }

    // The code (CONTRACT §12 "Code"): single use, 60 s, stored only as its SHA-256.
    const code = randomToken(32);
    const at = now();
    await deps.codes.issue(sha256Hex(code), {
      tenantId,
      clientId: r.client.clientId,
      userId: user.id,
      redirectUri: r.redirectUri,
      codeChallenge: r.codeChallenge ?? null,
      nonce: r.nonce ?? null,
      sid: session.sid,
      scopes: [...r.scopes],
      ...(r.claims ? { claims: r.claims } : {}),
      orgId: org.id,
      authTime: session.authTime,
      amr: session.amr,
      expiresAt: new Date(at.getTime() + CODE_TTL_SECONDS * 1000),
    });
    await deps.record({
      type: "oauth.authorized",
      tenantId,
      org: org.org,
      actor: { userId: user.id, ip: browser.ip },
      target: { userId: user.id },
      data: { clientId: r.client.clientId, scopes: [...r.scopes], organizationId: org.id, sid: session.sid },
    });
    const response = { code, state: r.state, iss: deps.issuer };
    const done: AuthorizeOutcome = v.formPost
      ? { kind: "form_post", redirectUri: r.redirectUri, fields: successParameters(response), formPost: v.formPost }
      : { kind: "redirect", url: successRedirect(r.redirectUri, response) };
    // A choice among several organizations is remembered for this sign-in session's next request.
    if (orgs.length > 1 && org.id !== remembered) {
      const cookies: CookieChange = {
        ...step.cookies,
        org: { value: `${session.sid}.${org.id}`, maxAgeSeconds: SIGN_IN_ABSOLUTE_SECONDS },
      };
      return { ...done, cookies };
    }
    return withCookies(done);
  }

  /** After a POST, a page is never answered directly: 303 to the GET that shows it. */
  const afterPost = (o: AuthorizeOutcome): AuthorizeOutcome => {
    if (o.kind === "sign_in" || o.kind === "choose_org" || o.kind === "consent")
      return { kind: "continue", step: "resume", interaction: o.view.interaction, cookies: o.cookies };
    return o;
  };

  /** Validates the interaction's request; a failure (or an expired interaction) is the outcome. */
  async function reopen(blob: string | undefined | null): Promise<{ i: Interaction; v: Validated } | AuthorizeOutcome> {
    const i = open(blob);
    if (!i) return expired();
    const v = await validate(i.q);
    if (isOutcome(v)) return v;
    return { i, v };
  }

  const isReopened = (x: { i: Interaction; v: Validated } | AuthorizeOutcome): x is { i: Interaction; v: Validated } =>
    "v" in x;

  /**
   * `GET|POST /oauth2/authorize`: validates the request (`query` is its raw parameters) and runs
   * the flow with the browser's session: a code with no page when the session serves, else the
   * first page to show.
   */
  async function authorize(query: string, browser: BrowserContext): Promise<AuthorizeOutcome> {
    const v = await validate(query);
    if (isOutcome(v)) return v;
    return proceed(v, { q: query, iat: now().getTime() }, browser, {});
  }

  /** `GET /oauth2/authorize/resume`: the next page of an interaction (or its end, when nothing is left to ask). */
  async function resume(blob: string | undefined | null, browser: BrowserContext): Promise<AuthorizeOutcome> {
    const x = await reopen(blob);
    if (!isReopened(x)) return x;
    return proceed(x.v, x.i, browser, {});
  }

  /**
   * The sign-in page's POST: the password under the lockout and the per-IP limit (the sign-in
   * core of `/api/auth/login`). A refusal shows the page again with its problem; a user with MFA on
   * goes to the second-factor page; otherwise the session starts and the flow goes on.
   */
  async function signInWithPassword(
    blob: string | undefined | null,
    email: string,
    password: string,
    browser: BrowserContext,
  ): Promise<AuthorizeOutcome> {
    const x = await reopen(blob);
    if (!isReopened(x)) return x;
    const { v } = x;
    // A sign-in replaces the session a step-up was for.
    const i: Interaction = { ...x.i, up: undefined };
    const again = signInAgain(v, i, email);
    if (!email.trim() || !password) return again("missing");
    let person: ProvenPerson;
    try {
      person = await deps.auth.provePassword(email, password, browser.ip);
    } catch (e) {
      if (e instanceof DomainError && e.code === "INVALID_CREDENTIALS") return again("credentials");
      return refusedByLimit(e, again);
    }
    // Tenant isolation: a person of another tenant is answered as a wrong password (no enumeration).
    if (!servesTenant(v.request.client, person.user.tenantId)) return again("credentials");
    if (person.user.mfaEnabled) {
      const challenge = await deps.auth.challengeSecondFactor(person, {});
      return {
        kind: "continue",
        step: "second-factor",
        interaction: seal(i),
        cookies: { pendingMfa: { value: challenge.pendingToken, maxAgeSeconds: challenge.expiresInSeconds } },
      };
    }
    const { session, cookies } = await startSession(person, v, browser);
    return afterPost(await proceed(v, { ...i, sid: session.sid }, browser, { session, cookies }));
  }

  /** `GET /oauth2/authorize/second-factor`: the second-factor page of an interaction. */
  async function secondFactorPage(
    blob: string | undefined | null,
    method: "totp" | "recovery",
    pendingMfa: string | undefined | null,
  ): Promise<AuthorizeOutcome> {
    const x = await reopen(blob);
    if (!isReopened(x)) return x;
    // Signing in again replaces the session a step-up was for.
    if (!pendingMfa) return { kind: "sign_in", view: await viewOf(x.v, { ...x.i, up: undefined }), problem: "expired" };
    return { kind: "second_factor", view: await viewOf(x.v, x.i), method };
  }

  /**
   * The second-factor page's POST: a TOTP or a recovery code against the pending sign-in (the
   * core of `/api/auth/mfa/verify`: 5 wrong codes end it). Then the session starts.
   */
  async function verifySecondFactor(
    blob: string | undefined | null,
    pendingMfa: string | undefined | null,
    code: string,
    method: "totp" | "recovery",
    browser: BrowserContext,
  ): Promise<AuthorizeOutcome> {
    const x = await reopen(blob);
    if (!isReopened(x)) return x;
    const { i, v } = x;
    if (!pendingMfa) return { kind: "sign_in", view: await viewOf(v, i), problem: "expired" };
    if (!code.trim()) return { kind: "second_factor", view: await viewOf(v, i), method, problem: "missing" };
    let person: ProvenPerson;
    try {
      ({ person } = await deps.auth.proveSecondFactor(pendingMfa, code.trim(), browser.ip));
    } catch (e) {
      if (e instanceof DomainError && e.code === "MFA_INVALID_CODE")
        return { kind: "second_factor", view: await viewOf(v, i), method, problem: "invalid" };
      if (e instanceof DomainError && e.code === "INVALID_TOKEN")
        return { kind: "sign_in", view: await viewOf(v, i), problem: "expired", cookies: { pendingMfa: null } };
      throw e;
    }
    if (!servesTenant(v.request.client, person.user.tenantId))
      return { kind: "sign_in", view: await viewOf(v, i), problem: "credentials", cookies: { pendingMfa: null } };
    return afterSecondFactor(person, v, i, browser);
  }

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

  /** The options of the sign-in page's passkey button and autofill (a usernameless attempt). */
  const passkeySignInOffer = () => deps.passkeys.signInBegin();

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
    blob: string | undefined | null,
    attemptId: string,
    credentialJson: string,
    browser: BrowserContext,
  ): Promise<AuthorizeOutcome> {
    const x = await reopen(blob);
    if (!isReopened(x)) return x;
    const { v } = x;
    // A sign-in replaces the session a step-up was for.
    const i: Interaction = { ...x.i, up: undefined };
    const again = signInAgain(v, i);
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
    if (!servesTenant(v.request.client, person.user.tenantId) || person.user.status !== "ACTIVE")
      return again("passkey");
    const { session, cookies } = await startSession(person, v, browser);
    return afterPost(await proceed(v, { ...i, sid: session.sid }, browser, { session, cookies }));
  }

  /**
   * The second-factor page's passkey POST: a passkey of the pending person (the attempt names them)
   * in place of a TOTP code; a refusal counts as a wrong code against the pending sign-in. The
   * session's `amr` then holds `pwd` and `hwk` (CONTRACT §14).
   */
  async function verifySecondFactorWithPasskey(
    blob: string | undefined | null,
    pendingMfa: string | undefined | null,
    attemptId: string,
    credentialJson: string,
    browser: BrowserContext,
  ): Promise<AuthorizeOutcome> {
    const x = await reopen(blob);
    if (!isReopened(x)) return x;
    const { i, v } = x;
    if (!pendingMfa) return { kind: "sign_in", view: await viewOf(v, i), problem: "expired" };
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
      if (e instanceof DomainError && e.code === "MFA_INVALID_CODE")
        return { kind: "second_factor", view: await viewOf(v, i), method: "totp", problem: "passkey" };
      if (e instanceof DomainError && e.code === "INVALID_TOKEN")
        return { kind: "sign_in", view: await viewOf(v, i), problem: "expired", cookies: { pendingMfa: null } };
      if (e instanceof DomainError && (e.code === "ACCOUNT_LOCKED" || e.code === "RATE_LIMITED"))
        return {
          kind: "sign_in",
          view: await viewOf(v, i),
          problem: "locked",
          retryAfterSeconds: e.retryAfter,
          cookies: { pendingMfa: null },
        };
      throw e;
    }
    if (!servesTenant(v.request.client, person.user.tenantId))
      return { kind: "sign_in", view: await viewOf(v, i), problem: "credentials", cookies: { pendingMfa: null } };
    return afterSecondFactor(person, v, i, browser);
  }

  /** The org picker's POST: an org the user may use (re-checked), then the flow goes on. */
  async function chooseOrganization(
    blob: string | undefined | null,
    organizationId: number,
    browser: BrowserContext,
  ): Promise<AuthorizeOutcome> {
    const x = await reopen(blob);
    if (!isReopened(x)) return x;
    // An org the user may not use is ignored by `proceed`: the picker shows again.
    return afterPost(await proceed(x.v, { ...x.i, org: organizationId }, browser, {}));
  }

  /**
   * The consent page's POST. `allow` remembers the requested scopes for (user, client) in one unit
   * with `consent.granted`, then issues the code; `deny` answers access_denied to the client.
   */
  async function decideConsent(
    blob: string | undefined | null,
    decision: "allow" | "deny",
    browser: BrowserContext,
  ): Promise<AuthorizeOutcome> {
    const x = await reopen(blob);
    if (!isReopened(x)) return x;
    const { i, v } = x;
    const session = await resumeSession(tenantScopeOf(v.request.client), browser.sessionCookie);
    if (!session) return afterPost(await proceed(v, i, browser, {}));
    if (decision === "deny") {
      const user = await deps.users.get(session.tenantId, session.userId);
      if (user) {
        const org = await deps.orgs.get(user.tenantId, user.organizationId);
        await deps.record({
          type: "consent.denied",
          tenantId: user.tenantId,
          org,
          actor: { userId: user.id, ip: browser.ip },
          target: { userId: user.id },
          data: { clientId: v.request.client.clientId, scopes: [...v.request.scopes] },
        });
      }
      return fail(v, oauthError("access_denied", "The person declined to share their data."));
    }
    const user = await deps.users.get(session.tenantId, session.userId);
    if (!user || user.status !== "ACTIVE") return afterPost(await proceed(v, i, browser, {}));
    const orgs = await usableOrgs(user);
    const org = orgs.find((o) => o.id === i.org);
    // The org of the consent page must still be usable; otherwise the flow decides again.
    if (!org) return afterPost(await proceed(v, { ...i, org: undefined }, browser, {}));
    const clientId = v.request.client.clientId;
    const scopes = [...v.request.scopes];
    await deps.unit("consents.grant", ["consents", "events"], async ({ consents, events }) => {
      const c = await consents.grant(user.tenantId, user.id, clientId, scopes, now());
      await events.record({
        type: "consent.granted",
        tenantId: user.tenantId,
        org: org.org,
        actor: { userId: user.id, ip: browser.ip },
        target: { userId: user.id },
        data: { clientId, scopes, granted: c.scopes },
      });
    });
    return afterPost(await proceed(v, i, browser, { session, consentGiven: true }));
  }

  return {
    issuer: deps.issuer,
    authorize,
    resume,
    signInWithPassword,
    secondFactorPage,
    verifySecondFactor,
    chooseOrganization,
    decideConsent,
    passkeySignInOffer,
    secondFactorOffer,
    signInWithPasskey,
    verifySecondFactorWithPasskey,
    /** Resolves when every alert mail started so far is handed over (graceful shutdown, tests). */
    idle: async () => void (await Promise.allSettled([...pending])),
  };
}

export type AuthorizeService = ReturnType<typeof createAuthorizeService>;
