/**
 * The journey (CONTRACT §12 "Signing people in: the hosted pages"; docs/architecture.md "The
 * journey"): the protocol-neutral browser sign-in. A protocol starts one for a request it cannot
 * answer yet (`start`), shows its pages through the returned state (`view`), and gets the browser
 * back through its `JourneyProtocol.proceed` once the person is proven: a browser session started
 * or raised, the organization chosen. The journey owns the browser session, the sign-in steps,
 * the organization picker, the new-device mail and the saved language; the protocol owns what it
 * answers its client.
 */
import type { Clock } from "../../kernel/clock";
import { createDirectoryCache, type DirectoryVersion } from "../../kernel/directory-cache";
import type { Mailer } from "../../kernel/mail";
import type { ProofMethod, ProvenPerson } from "../../kernel/proven-person";
import type { Unit } from "../../kernel/unit";
import type { User, UserRepo } from "../../kernel/users";
import type { EffectiveBrand } from "../branding";
import type { EnterpriseSignIn } from "../connections";
import type { DomainEvent, EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import type { RoleRepo } from "../roles";
import { type BrowserSessionDeps, createBrowserSessions } from "./browser-session";
import { createDeviceCheck } from "./device";
import { createHandles } from "./handle";
import { createOrganizations } from "./organizations";
import type { BrowserSession, BrowserSessionStore } from "../sessions";
import type { BrowserContext, JourneyEntry, JourneyOutcome, JourneyProtocol, JourneyState, PageView } from "./seam";
import { createSignInSteps, type Opened, type StepDeps } from "./steps";

export interface JourneyDeps extends Pick<StepDeps, "auth" | "passkeys"> {
  clock: Clock;
  signIns: BrowserSessionStore;
  orgs: Pick<OrgRepo, "get" | "getMany">;
  roles: Pick<RoleRepo, "assignmentsOf">;
  /** The person of a browser session, with `signedIn` (cached under the directory's version with `version`). */
  users?: Pick<UserRepo, "get">;
  version?: Pick<DirectoryVersion, "read"> | null;
  /** SSO_CACHE_SECONDS in ms (0 or absent: `signedIn` reads the store every time). */
  maxAgeMs?: number;
  /** Saving a person's language: one unit with its event. */
  unit: Unit<{ users: UserRepo; events: EventJournal }>;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  /** The new-device sign-in alert (when the tenant turned it on). */
  mailer: Mailer;
  /** Where a failed background step (the alert mail) is reported. */
  onBackgroundError(e: unknown): void;
  /** The branding the pages of a client show (its application's override over the tenant's; cached). */
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
  /** At least 32 bytes shared by every instance (derived from the master key): seals handles, tags devices. */
  interactionKey: Uint8Array;
  /** Ends a browser session another person held in this browser before (the sessions feature's `endSignIn`). */
  endPrevious: BrowserSessionDeps["endPrevious"];
  /** Home-realm discovery (CONTRACT §16): the connection that serves an email, an org or `idp=`. */
  realm?: Pick<EnterpriseSignIn, "anyEnabled" | "connectionForEmail" | "connectionForOrg" | "enabledConnection">;
}

export function createJourneyService(deps: JourneyDeps) {
  const handles = createHandles(deps.interactionKey, deps.clock);
  const device = createDeviceCheck({ key: deps.interactionKey, ...deps });
  // The home org a sign-in's audit entry names (its id and path): read once per change of the
  // directory, not per sign-in (kernel/directory-cache.ts; every unit that changes orgs moves it on).
  const homeOrgs = createDirectoryCache<Org | null>(deps.version ?? null, {
    maxAgeMs: deps.maxAgeMs ?? 0,
    now: () => deps.clock.now().getTime(),
  });
  const orgs = {
    get: (tenantId: number, id: number) =>
      homeOrgs.get(`${tenantId}:${id}`, async () => {
        const org = await deps.orgs.get(tenantId, id);
        return org && Object.freeze(org);
      }),
  };
  const sessions = createBrowserSessions({ ...deps, orgs, device });
  const organizations = createOrganizations(deps);
  /** The protocols connected, by name; the first one also answers handles that name none. */
  const protocols = new Map<string, JourneyProtocol>();

  /** What a page of the journey shows of `entry`, with `state` sealed as its handle. */
  const view = async (entry: JourneyEntry, state: JourneyState): Promise<PageView> => ({
    interaction: handles.seal(state),
    appName: entry.appName,
    clientId: entry.clientId,
    redirectUri: entry.redirectUri,
    uiLocales: entry.uiLocales,
    brand: await deps.brandOf(entry.tenantId, entry.applicationId),
  });

  /** Opens a handle and has its protocol re-read the request; the outcome to answer when either fails. */
  async function reopen(handle: string | undefined | null): Promise<Opened | JourneyOutcome> {
    const s = handles.open(handle);
    if (!s) return handles.expired();
    const protocol = s.p === undefined ? protocols.values().next().value : protocols.get(s.p);
    if (!protocol) return handles.expired();
    const r = await protocol.reopen(s.q);
    return "entry" in r ? { s, r } : r;
  }

  /**
   * Asks the person of `session` for a second factor that will raise it (CONTRACT §12 "Step-up"):
   * the second-factor page with a pending challenge holding the session's proofs, as after a
   * password. A person with neither TOTP nor a passkey cannot give one: a page says so.
   */
  async function stepUp(
    entry: JourneyEntry,
    state: JourneyState,
    session: BrowserSession,
    user: User,
  ): Promise<JourneyOutcome> {
    if (!user.mfaEnabled && !(await deps.passkeys.hasPasskeys(user.tenantId, user.id)))
      return {
        kind: "error_page",
        page: "second_factor_required",
        error: {
          error: "access_denied",
          description: "The application asks for a second factor and the person has none.",
        },
        brand: await deps.brandOf(entry.tenantId, entry.applicationId),
        uiLocales: entry.uiLocales,
        check: "stepUpSecondFactor",
        value: `user ${user.id}`,
      };
    const methods: ProofMethod[] = session.amr.includes("pwd") ? ["password"] : [];
    const challenge = await deps.auth.challengeSecondFactor({ user, methods, at: session.authTime }, {});
    return {
      kind: "continue",
      step: "second-factor",
      interaction: handles.seal({ ...state, up: session.sid }),
      cookies: { pendingMfa: { value: challenge.pendingToken, maxAgeSeconds: challenge.expiresInSeconds } },
    };
  }

  /** To a connection's provider: the federation protocol's start, with this journey's handle. */
  const upstream = (c: { id: number; kind: "oidc" | "saml" }, state: JourneyState): JourneyOutcome => ({
    kind: "upstream",
    connection: { id: c.id, kind: c.kind },
    interaction: handles.seal(state),
  });

  /**
   * The first page of a sign-in (CONTRACT §16 "Finding the provider"), what a protocol answers when
   * nobody is signed in: `idp=`, then `login_hint` (its domain's connection, else the password page
   * with it filled in), then `organization=` (its only connection), then the identifier page when
   * the tenant has an enabled connection, else the password/passkey page. An email the identifier
   * page took (`state.id`) is the password page's.
   */
  async function signIn(entry: JourneyEntry, state: JourneyState, email?: string): Promise<JourneyOutcome> {
    const realm = deps.realm;
    const h = entry.hints ?? {};
    const password = async (e?: string): Promise<JourneyOutcome> => ({
      kind: "sign_in",
      view: await view(entry, state),
      email: e,
    });
    if (!realm || state.id !== undefined) return password(state.id ?? email ?? h.loginHint);
    const tenantId = entry.tenantId;
    if (h.idpId !== undefined) {
      const c = await realm.enabledConnection(tenantId, h.idpId);
      if (c) return upstream(c, state);
    }
    const hint = email ?? h.loginHint;
    if (hint?.includes("@")) {
      const c = await realm.connectionForEmail(tenantId, hint);
      return c ? upstream(c, state) : password(hint);
    }
    if (h.organizationId !== undefined) {
      const c = await realm.connectionForOrg(tenantId, h.organizationId);
      if (c) return upstream(c, state);
    }
    if (await realm.anyEnabled(tenantId)) return { kind: "identify", view: await view(entry, state), email: hint };
    return password(hint);
  }

  /**
   * The identifier page's POST: an email whose verified domain a connection serves goes to that
   * provider; any other to the password/passkey page with it filled in. Nothing about an account
   * is looked up, so the next page is the same whether or not one exists.
   */
  async function identify(handle: string | undefined | null, email: string, _browser: BrowserContext) {
    const s = handles.open(handle);
    if (!s) return handles.expired();
    const protocol = s.p === undefined ? protocols.values().next().value : protocols.get(s.p);
    if (!protocol) return handles.expired();
    const r = await protocol.reopen(s.q);
    if (!("entry" in r)) return r;
    const typed = email.trim().slice(0, 320);
    if (!typed) return { kind: "identify", view: await view(r.entry, s), problem: "missing" } as JourneyOutcome;
    const c = deps.realm ? await deps.realm.connectionForEmail(r.entry.tenantId, typed) : null;
    if (c) return upstream(c, s);
    return { kind: "continue", step: "resume", interaction: handles.seal({ ...s, id: typed }) } as JourneyOutcome;
  }

  /**
   * The end of a sign-in at an organization's provider (CONTRACT §16): its protocol verified the
   * upstream's answer and found the account; the browser session starts with that proof (`amr`
   * `fed`) and the journey's protocol goes on, as after a password.
   */
  async function finishUpstream(
    handle: string,
    person: ProvenPerson,
    browser: BrowserContext,
  ): Promise<JourneyOutcome> {
    const s = handles.open(handle);
    if (!s) return handles.expired();
    const protocol = s.p === undefined ? protocols.values().next().value : protocols.get(s.p);
    if (!protocol) return handles.expired();
    const r = await protocol.reopen(s.q);
    if (!("entry" in r)) return r;
    if (!r.entry.serves(person.user.tenantId))
      return {
        kind: "error_page",
        page: "upstream_not_linkable",
        error: { error: "access_denied", description: "The upstream's account is of another tenant." },
        check: "entry.serves",
        value: `tenant ${person.user.tenantId}`,
      };
    const state = { ...s, up: undefined, id: undefined };
    const { session, cookies } = await sessions.start(person, r.entry, browser);
    return r.proceed({ ...state, sid: session.sid }, browser, { session, cookies });
  }

  /**
   * The organization's provider answered an error (CONTRACT §16): the browser goes back to the
   * journey's client with it (the protocol's `refuse`), or an error page.
   */
  /** The request a genuine, unexpired handle carries, re-read by its protocol; null otherwise. */
  async function entryOf(handle: string | undefined | null): Promise<JourneyEntry | null> {
    const s = handles.open(handle);
    const protocol = s && (s.p === undefined ? protocols.values().next().value : protocols.get(s.p));
    if (!s || !protocol) return null;
    const r = await protocol.reopen(s.q);
    return "entry" in r ? r.entry : null;
  }

  async function failUpstream(
    handle: string,
    error: "access_denied" | "temporarily_unavailable",
    description: string,
  ): Promise<JourneyOutcome> {
    const s = handles.open(handle);
    if (!s) return handles.expired();
    const protocol = s.p === undefined ? protocols.values().next().value : protocols.get(s.p);
    if (!protocol) return handles.expired();
    if (protocol.refuse) return protocol.refuse(s.q, error, description);
    return {
      kind: "error_page",
      page: "upstream_invalid",
      error: { error, description },
      check: "upstream error",
      value: error,
    };
  }

  const steps = createSignInSteps({
    ...deps,
    sessions,
    reopen,
    view: (o, state) => view(o.r.entry, state),
    seal: handles.seal,
  });

  return {
    ...steps,
    /** Connects a protocol: handles it starts come back to its `reopen` and `proceed`. */
    connect(protocol: JourneyProtocol): void {
      protocols.set(protocol.name, protocol);
    },
    /** A new journey for `request` of the protocol named `protocol` (sealed into a handle by `view`). */
    start: (protocol: string, request: string): JourneyState => ({
      p: protocol,
      q: request,
      iat: deps.clock.now().getTime(),
    }),
    /** The handle's state when it is genuine and not expired; else null (then `expired()` is the answer). */
    open: handles.open,
    seal: handles.seal,
    expired: handles.expired,
    view,
    /** The browser's live session for a request of `scope` (its `sso_session` cookie), its idle window slid. */
    currentSession: sessions.resume,
    stepUp,
    signIn,
    identify,
    finishUpstream,
    failUpstream,
    entryOf,
    /** Orgs whose tokens the user may get: memberships (home org, assigned roles) not blocked. */
    usableOrgs: organizations.usable,
    /** The person of a browser session and their usable orgs, from the directory cache (organizations.ts). */
    signedIn: organizations.signedIn,
    /** Resolves when every alert mail started so far is handed over (graceful shutdown, tests). */
    idle: device.idle,
  };
}

export type JourneyService = ReturnType<typeof createJourneyService>;
