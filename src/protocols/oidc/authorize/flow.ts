/**
 * The authorization endpoint's decisions for a valid request (CONTRACT §12; OIDC Core §3.1.2.1),
 * in order: whether the browser session serves (`prompt`, `max_age`, `id_token_hint`), a step-up
 * asked by `acr_values`, the active organization, consent for third-party clients, and the code
 * with its authorization response. Whatever is still to be asked is a page of the journey.
 */
import type { JSONWebKeySet } from "jose";
import type { Clock } from "../../../kernel/clock";
import { randomToken, sha256Hex } from "../../../kernel/secrets";
import type { User, UserRepo } from "../../../kernel/users";
import type { ConsentRepo } from "../../../features/consents";
import type { DomainEvent } from "../../../features/events";
import {
  type BrowserContext,
  type CookieChange,
  type JourneyService,
  type JourneyState,
  rememberedOrg,
  rememberOrg,
} from "../../../features/journey";
import { type BrowserSession } from "../../../features/sessions";
import {
  acrOf,
  acrSatisfies,
  type AuthorizationCodeStore,
  oauthError,
  readIdTokenHint,
  successParameters,
  successRedirect,
} from "..";
import { answer, type AuthorizeOutcome, fail, type Validated } from "./request";

/** CONTRACT §12: a code lives 60 s. */
export const CODE_TTL_SECONDS = 60;

/** Where a request stands when the provider decides: what this call brought. */
export interface Step {
  /** A browser session started or raised in this call, else the cookie's is resumed. */
  session?: BrowserSession;
  /** Consent was just given on the consent page. */
  consentGiven?: boolean;
  cookies?: CookieChange;
}

export interface FlowDeps {
  issuer: string;
  clock: Clock;
  journey: Pick<JourneyService, "currentSession" | "view" | "seal" | "stepUp" | "usableOrgs" | "signedIn" | "signIn">;
  codes: Pick<AuthorizationCodeStore, "issue">;
  consents: Pick<ConsentRepo, "get">;
  users: Pick<UserRepo, "get">;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  /** The name of a client's application, for the consent page (what its tokens open; CONTRACT §12). */
  applicationName(tenantId: number, applicationId: number): Promise<string | null>;
  /** The service's published keys, to verify an `id_token_hint` (OIDC Core §3.1.2.1). */
  jwks(): JSONWebKeySet;
}

export function createAuthorizationFlow(deps: FlowDeps) {
  const now = () => deps.clock.now();

  /** The `sub` of a valid ID token of ours (an expired one is acceptable: OIDC Core §3.1.2.1); null otherwise. */
  async function hintSubject(hint: string): Promise<string | null> {
    const h = await readIdTokenHint(hint, { jwks: deps.jwks(), issuer: deps.issuer, now: now() });
    return h && h.typ !== "at+jwt" && typeof h.payload.sub === "string" ? h.payload.sub : null;
  }

  /**
   * The browser session that serves the request, or null: none, or one that `prompt=login`,
   * `max_age`, "Use another account" or an `id_token_hint` naming someone else rules out (a
   * session signed in during this journey is fresh whatever they say). An outcome when
   * `prompt=none` must answer at once.
   */
  async function servingSession(
    v: Validated,
    i: JourneyState,
    browser: BrowserContext,
    step: Step,
  ): Promise<{ session: BrowserSession | null; fresh: boolean } | AuthorizeOutcome> {
    const r = v.request;
    let session = step.session ?? (await deps.journey.currentSession(v.entry.scope, browser.sessionCookie));
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
        if (r.prompt.includes("none"))
          return fail(v, oauthError("login_required", "The signed-in person is not the one hinted."));
        session = null;
      }
    }
    return { session, fresh };
  }

  /**
   * The code (CONTRACT §12 "Code"): single use, 60 s, stored only as its SHA-256, carrying
   * everything its redemption needs (the redemption reads nothing the authorization had); then
   * the response to the client.
   */
  async function issueCode(
    v: Validated,
    session: BrowserSession,
    user: Pick<User, "id">,
    org: { id: number; org: DomainEvent["org"] },
    browser: BrowserContext,
  ): Promise<AuthorizeOutcome> {
    const r = v.request;
    const tenantId = session.tenantId;
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
      // The authorization is audited once, when the code is redeemed (oauth.code.redeemed): a
      // code never redeemed opened nothing, and the sign-in and any consent have their own entries.
      authorizedIp: browser.ip,
      expiresAt: new Date(at.getTime() + CODE_TTL_SECONDS * 1000),
    });
    const response = { code, state: r.state, iss: deps.issuer };
    return v.formPost
      ? answer({
          kind: "form_post",
          redirectUri: r.redirectUri,
          fields: successParameters(response),
          formPost: v.formPost,
        })
      : answer({ kind: "redirect", url: successRedirect(r.redirectUri, response) });
  }

  /** Everything after the request's checks, for a valid request `v` in journey `i`. */
  async function proceed(
    v: Validated,
    i: JourneyState,
    browser: BrowserContext,
    step: Step,
  ): Promise<AuthorizeOutcome> {
    const r = v.request;
    const none = r.prompt.includes("none");
    const withCookies = (o: AuthorizeOutcome): AuthorizeOutcome => (step.cookies ? { ...o, cookies: step.cookies } : o);

    const served = await servingSession(v, i, browser, step);
    if ("kind" in served) return withCookies(served);
    const { session, fresh } = served;
    // The person and their usable organizations from the directory cache (one store read per
    // change of the directory, not per request: the silent single sign-on path).
    const person = session ? await deps.journey.signedIn(session.tenantId, session.userId) : null;
    if (!session || !person || person.user.status !== "ACTIVE") {
      if (none) return withCookies(fail(v, oauthError("login_required", "Nobody is signed in.")));
      // The first page of the sign-in: the identifier page, the password page, or the organization's provider.
      return withCookies(await deps.journey.signIn(v.entry, i));
    }
    const user = person.user;
    // prompt=none's PKCE refusal, kept by checkPkce until login_required (above) had its turn.
    if (r.pkceRefusal) return withCookies(fail(v, r.pkceRefusal));

    // Step-up (CONTRACT §12): `acr_values` asks for more than the session reached.
    if (r.acr !== undefined && !acrSatisfies(acrOf(session.amr), r.acr)) {
      if (none)
        return withCookies(
          fail(v, oauthError("interaction_required", "The application asks for a second factor; sign in with one.")),
        );
      // The step-up's pages read the person's second factors: their record as stored now.
      const stored = await deps.users.get(session.tenantId, session.userId);
      if (!stored || stored.status !== "ACTIVE") return withCookies(await deps.journey.signIn(v.entry, i));
      return withCookies(await deps.journey.stepUp(v.entry, i, session, stored));
    }

    // The session's tenant: the client's (resume checked it), or the person's for the console client.
    const tenantId = session.tenantId;
    // The active organization (CONTRACT §12).
    const orgs = person.orgs;
    if (orgs.length === 0)
      return withCookies(fail(v, oauthError("access_denied", "None of your organizations can get tokens now.")));
    const pick = (id: number | undefined) => (id === undefined ? undefined : orgs.find((o) => o.id === id));
    // Chosen on the picker in this journey, else asked for (`organization=`), else chosen earlier
    // in this same browser session (the `sso_org` cookie names its sid), else the only one.
    const remembered = rememberedOrg(browser.orgCookie, session.sid);
    // OIDC Core §3.1.2.1 prompt=select_account: the person chooses, even with one organization or a
    // choice made earlier, unless they have just signed in in this journey (choosing who they are).
    const selecting = r.prompt.includes("select_account") && !fresh;
    const org = selecting
      ? pick(i.org)
      : (pick(i.org) ?? pick(r.organizationId) ?? pick(remembered) ?? (orgs.length === 1 ? orgs[0] : undefined));
    if (!org) {
      if (none)
        return withCookies(fail(v, oauthError("account_selection_required", "Choose the organization to sign in to.")));
      const account = selecting
        ? { email: user.email, again: deps.journey.seal({ ...i, again: true, org: undefined }) }
        : undefined;
      return withCookies({
        kind: "choose_org",
        view: await deps.journey.view(v.entry, i),
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
        return withCookies(
          answer({
            kind: "consent",
            view: await deps.journey.view(v.entry, { ...i, org: org.id }),
            scopes: [...r.scopes],
            email: user.email,
            orgName: org.name,
            applicationName:
              v.applicationId !== null ? await deps.applicationName(r.client.tenantId, v.applicationId) : null,
          }),
        );
      }
    }

    const done = await issueCode(v, session, user, org, browser);
    // A choice among several organizations is remembered for this browser session's next request.
    if (orgs.length > 1 && org.id !== remembered)
      return { ...done, cookies: { ...step.cookies, org: rememberOrg(session.sid, org.id) } };
    return withCookies(done);
  }

  return { proceed };
}
