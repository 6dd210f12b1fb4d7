/**
 * The journey's seam (CONTRACT §12 "Signing people in: the hosted pages"; docs/architecture.md
 * "The journey"): what a protocol hands the journey, what the journey hands back, and what every
 * step answers. In node-oidc-provider's terms a handle is the interaction and `JourneyProtocol`'s
 * `proceed` is `interactionFinished`, called in-process so a sign-in's POST can answer the client
 * at once. No HTML, no HTTP: the routes render these outcomes.
 */
import type { TenantScope } from "../../kernel/tenancy";
import type { EffectiveBrand } from "../branding";
import type { BrowserSession } from "../sessions";

/** What the browser brought: its cookies, where it is, the language of the posted page. */
export interface BrowserContext {
  /** The `sso_session` cookie. */
  sessionCookie?: string | null;
  /** The `sso_org` cookie: the organization chosen earlier in a browser session (`<sid>.<orgId>`). */
  orgCookie?: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The language the posted page was shown in (its hidden `locale` field): saved as the person's choice. */
  locale?: string | null;
  /** The `sso_device` cookie: tags of the accounts that signed in with this browser before. */
  deviceCookie?: string | null;
}

/**
 * The state of one journey, sealed into its handle (the pages' hidden `interaction` field). Every
 * step re-reads the protocol's request from `q`, so a client or org changed meanwhile is seen, and
 * any instance serves any step with no interaction store.
 */
export interface JourneyState {
  /** The protocol that started the journey and gets the browser back (absent in handles sealed before it was written: the first protocol connected). */
  p?: string;
  /** The protocol's request, as it re-reads it (OpenID: the authorization request's raw parameters). */
  q: string;
  /** When the journey started (ms): its handle expires INTERACTION_SECONDS later. */
  iat: number;
  /** The browser session signed in during this journey: fresh, whatever the protocol asks about age. */
  sid?: string;
  /** The organization chosen on the picker, re-checked at every step. */
  org?: number;
  /** The person asked to sign in as someone else ("Use another account"). */
  again?: true;
  /** Step-up (CONTRACT §12): the second factor asked is to raise this browser session (its sid). */
  up?: string;
  /** Home-realm discovery (CONTRACT §16): the email given on the identifier page, served by no connection. */
  id?: string;
}

/** What the journey must know of the request it serves, re-read from the protocol at every step. */
export interface JourneyEntry {
  /** The name of the client signed in to, shown on the pages. */
  appName: string;
  /** The client's id: the password pages take it (the same branding), the audit events name it. */
  clientId: string;
  /** Where the answer goes back (the pages' CSP `form-action` target). */
  redirectUri: string;
  uiLocales: string[];
  /** The client's tenant and application: the pages' branding (CONTRACT §15) and the new-device mail's. */
  tenantId: number;
  applicationId: number | null;
  /** Whose browser sessions serve this request: the client's tenant, or "any" (a client of every tenant). */
  scope: TenantScope;
  /** Whether a person of `tenantId` may sign in here (tenant isolation: else a wrong password). */
  serves(tenantId: number): boolean;
  /**
   * What the request says of who signs in (CONTRACT §16 "Finding the provider"): `login_hint`,
   * `organization=` and `idp=` skip the identifier page.
   */
  hints?: { loginHint?: string; organizationId?: number; idpId?: number };
}

/** What every page of the journey needs from the request. */
export interface PageView {
  /** The sealed handle: the hidden field (or query parameter) of the next step. */
  interaction: string;
  appName: string;
  clientId: string;
  redirectUri: string;
  uiLocales: string[];
  /** The tenant's branding with the client's application's override over it (CONTRACT §15). */
  brand: EffectiveBrand;
}

/** A cookie change the answer must carry. */
export interface CookieChange {
  /** The new `sso_session` value (session-cookie.ts), or null to clear it. */
  session?: { value: string; maxAgeSeconds: number } | null;
  /** The pending second factor (the auth feature's pending token), or null to clear it. */
  pendingMfa?: { value: string; maxAgeSeconds: number } | null;
  /** The organization chosen in this browser session (`<sid>.<orgId>`), remembered for the next request. */
  org?: { value: string; maxAgeSeconds: number };
  /** The browser's known-account tags, with the account that just signed in (new-device alert). */
  device?: { value: string; maxAgeSeconds: number };
}

/**
 * Why a request ends on an error page: one that cannot be answered to its client (never
 * redirected), an expired handle, or a step-up the person cannot give (no second factor set up).
 */
export type ErrorPageKind =
  | "unknown_client"
  | "bad_redirect"
  | "bad_request"
  | "expired"
  | "second_factor_required"
  /** Enterprise sign-in (CONTRACT §16): an invalid upstream answer, or an account the upstream's person cannot use. */
  | "upstream_invalid"
  | "upstream_no_account"
  | "upstream_not_linkable"
  | "upstream_refused";

/** `sso`: the person's organization requires its own provider (`ssoRequired`): no password here. */
export type SignInProblem = "credentials" | "locked" | "rate_limited" | "missing" | "expired" | "passkey" | "sso";
export type SecondFactorProblem = "invalid" | "ended" | "missing" | "passkey";

/** A protocol's own answer (back to its client, or a page of its own): the journey passes it on unread. */
export interface ProtocolAnswer {
  readonly kind: string;
}

/** What a step answers; the routes render it. */
export type JourneyOutcome = { cookies?: CookieChange } & (
  | {
      kind: "error_page";
      page: ErrorPageKind;
      /** The protocol's error code and its description: the operator's log line (never shown). */
      error: { error: string; description: string };
      /** The client's branding and the request's languages, when the request was valid. */
      brand?: EffectiveBrand;
      uiLocales?: string[];
      /** The check that failed and the value it refused (never a secret): for the operator's log line. */
      check: string;
      value?: string;
    }
  /** After a POST: 303 to the GET that shows the next page of this journey. */
  | { kind: "continue"; step: "resume" | "second-factor"; interaction: string }
  | { kind: "sign_in"; view: PageView; email?: string; problem?: SignInProblem; retryAfterSeconds?: number }
  /** Home-realm discovery (CONTRACT §16): the email first, when the tenant has an enabled connection. */
  | { kind: "identify"; view: PageView; email?: string; problem?: "missing" }
  /** To the organization's provider: the federation protocol's start for this connection, with the handle. */
  | { kind: "upstream"; connection: { id: number; kind: "oidc" | "saml" }; interaction: string }
  | { kind: "second_factor"; view: PageView; method: "totp" | "recovery"; problem?: SecondFactorProblem; left?: number }
  | {
      kind: "choose_org";
      view: PageView;
      organizations: { id: number; name: string }[];
      /** Choosing again (OpenID's `prompt=select_account`): who is signed in, and the handle of "Use another account". */
      account?: { email: string; again: string };
    }
  /**
   * The protocol's answer, rendered by the protocol's renderer. `view` says it is a page of this
   * journey (after a POST it is shown by a 303 to `resume`, as the journey's own pages are).
   */
  | { kind: "protocol"; answer: ProtocolAnswer; view?: PageView }
);

/** What a finished step hands the protocol: the browser session it started or raised, and the cookies to carry. */
export interface Finished {
  session?: BrowserSession;
  cookies?: CookieChange;
}

/** A protocol's request, re-read from a handle: what the pages need, and the protocol's turn. */
export interface Reopened {
  entry: JourneyEntry;
  /**
   * The protocol's turn (node-oidc-provider's `interactionFinished`, in-process): with the browser
   * session `finished` names (else the cookie's), decide what comes next: another page of the
   * journey, or the protocol's answer to its client.
   */
  proceed(state: JourneyState, browser: BrowserContext, finished: Finished): Promise<JourneyOutcome>;
}

/** A protocol that sends browsers into the journey (`journey.connect`). */
export interface JourneyProtocol {
  /** Written into every handle it starts: which protocol gets the browser back. */
  name: string;
  /** Re-reads the request a handle carries; the outcome to answer when it no longer stands. */
  reopen(request: string): Promise<Reopened | JourneyOutcome>;
  /**
   * The person's organization provider refused the sign-in (CONTRACT §16: `access_denied`, or
   * another error it names): the protocol's error answer to its client. Absent: an error page.
   */
  refuse?(
    request: string,
    error: "access_denied" | "temporarily_unavailable",
    description: string,
  ): Promise<JourneyOutcome>;
}
