/**
 * The SAML 2.0 identity provider (CONTRACT §17) as use cases: metadata per tenant, SSO
 * (SP-initiated over HTTP-Redirect or HTTP-POST, and IdP-initiated), and single logout. No HTML,
 * no HTTP: each answers an outcome the routes render through the journey's page kit.
 *
 * SSO, in order: the message is read by one parser (request.ts); its Issuer must be a registered
 * SP of the tenant and its ACS URL one of that SP's (else an error page, never a post); a required
 * signature must verify; a request ID is taken once per SP; then the browser session decides, as
 * for OpenID (the journey's pages when nobody is signed in, `ForceAuthn` asks again, `IsPassive`
 * never shows a page), and the signed Response goes to the ACS URL by an auto-submitting form.
 *
 * The provider is the journey's protocol "saml": a journey it starts carries the checked request
 * (tenant, SP, request ID, ACS URL, RelayState, flags) and comes back to `proceed` at every step,
 * which re-reads the SP, so an SP removed or changed meanwhile is seen.
 */
import type { Clock } from "../../kernel/clock";
import { sha256Hex } from "../../kernel/secrets";
import type { User, UserRepo } from "../../kernel/users";
import type { AppRepo } from "../../features/apps";
import type { EffectiveBrand } from "../../features/branding";
import type { DomainEvent } from "../../features/events";
import {
  type BrowserContext,
  type ErrorPageKind,
  type Finished,
  type JourneyEntry,
  type JourneyOutcome,
  type JourneyProtocol,
  type JourneyService,
  type JourneyState,
  rememberedOrg,
  rememberOrg,
} from "../../features/journey";
import type { OrgRepo, TenantRepo } from "../../features/orgs";
import type { RoleRepo } from "../../features/roles";
import { idpUrls, type SamlProvider, type SamlProviderRepo } from "../../features/saml-providers";
import type { BrowserSession, CounterStore } from "../../features/sessions";
import type { XmlSigningKey } from "../../features/tokens";
import { type IdpEndpoints, logoutResponseXml, metadataXml, signedResponse, STATUS, statusResponse } from "./messages";
import { authnAsk, type Incoming, logoutSubject, readMessage, type ReadMessage } from "./request";
import { redirectQuery, SamlMessageError } from "./xml";

/** The journey's name of this protocol, written into every handle it starts. */
export const SAML_JOURNEY_PROTOCOL = "saml";
/** CONTRACT §17: a Bearer assertion may be presented for 5 minutes. */
export const ASSERTION_SECONDS = 300;
/** An AuthnRequest older (or further ahead) than this is refused; its ID is remembered longer. */
const REQUEST_SKEW_SECONDS = 600;
const REQUEST_ID_SECONDS = 2 * REQUEST_SKEW_SECONDS + 60;

/** What this protocol answers its SP (rendered by routes.ts `samlAnswers`). */
export type SamlAnswer =
  | {
      kind: "saml_post";
      acsUrl: string;
      fields: [string, string][];
      appName: string;
      brand: EffectiveBrand;
    }
  | { kind: "saml_redirect"; url: string };

export const isSamlAnswer = (a: { kind: string }): a is SamlAnswer =>
  a.kind === "saml_post" || a.kind === "saml_redirect";

/** The checked request a journey carries (its `q`, as JSON). */
interface Checked {
  t: number;
  sp: number;
  /** The AuthnRequest's ID (absent: IdP-initiated). */
  id?: string;
  acs: string;
  rs?: string;
  f?: 1;
  p?: 1;
  m?: 1;
}

export interface SamlServiceDeps {
  issuer: string;
  clock: Clock;
  samlProviders: Pick<SamlProviderRepo, "get" | "findByEntityId">;
  tenants: Pick<TenantRepo, "get">;
  apps: Pick<AppRepo, "get">;
  users: Pick<UserRepo, "get">;
  roles: Pick<RoleRepo, "effectiveGrants">;
  orgs: Pick<OrgRepo, "get">;
  journey: Pick<
    JourneyService,
    "currentSession" | "view" | "seal" | "stepUp" | "usableOrgs" | "start" | "open" | "expired"
  >;
  /** Request IDs taken once per SP: an atomic counter shared by every instance. */
  counters: Pick<CounterStore, "hit">;
  /** The current signing key for XML signatures and the certificates to publish (features/tokens). */
  xmlSigning(): Promise<{ current: XmlSigningKey; certificates: string[] }>;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  /** The sessions feature's ending of a browser session (CONTRACT §13). */
  endSignIn(
    tenantId: number,
    sid: string,
    ctx: { actor: { userId?: number | null; ip: string | null }; via: string },
  ): Promise<BrowserSession | null>;
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
}

/** A second factor or a user-verified passkey (the same rule as the OpenID `acr`, CONTRACT §12). */
const multiFactor = (amr: readonly string[]) => amr.includes("mfa") || (amr.includes("hwk") && amr.includes("user"));

export function createSamlService(deps: SamlServiceDeps) {
  const now = () => deps.clock.now();
  const idp = (tenantId: number): IdpEndpoints => idpUrls(deps.issuer, tenantId);

  const errorPage = (page: ErrorPageKind, check: string, description: string, value?: string): JourneyOutcome => ({
    kind: "error_page",
    page,
    error: { error: "saml_request_refused", description },
    check,
    value,
  });
  const answer = (a: SamlAnswer, cookies?: JourneyOutcome["cookies"]): JourneyOutcome => ({
    kind: "protocol",
    answer: a,
    ...(cookies ? { cookies } : {}),
  });

  /** `GET /saml/{tenantId}/metadata`; null for an unknown tenant. */
  async function metadata(tenantId: number): Promise<string | null> {
    if (!(await deps.tenants.get(tenantId))) return null;
    return metadataXml(idp(tenantId), (await deps.xmlSigning()).certificates);
  }

  /** The journey entry of a checked request: the SP's application names the pages and brands them. */
  async function entryOf(c: Checked, sp: SamlProvider): Promise<JourneyEntry> {
    const app = await deps.apps.get(c.t, sp.applicationId);
    return {
      appName: app?.name ?? sp.entityId,
      clientId: sp.entityId,
      redirectUri: c.acs,
      uiLocales: [],
      tenantId: c.t,
      applicationId: sp.applicationId,
      scope: c.t,
      serves: (t) => t === c.t,
    };
  }

  /** A status Response to the ACS URL (NoPassive, RequestDenied, …). */
  async function status(
    c: Checked,
    entry: JourneyEntry,
    s: { top: string; second?: string; message?: string },
    cookies?: JourneyOutcome["cookies"],
  ): Promise<JourneyOutcome> {
    const key = (await deps.xmlSigning()).current;
    const xml = statusResponse(idp(c.t), c.acs, c.id, s, now(), key);
    return answer(
      {
        kind: "saml_post",
        acsUrl: c.acs,
        fields: postFields(xml, c.rs),
        appName: entry.appName,
        brand: await deps.brandOf(c.t, entry.applicationId),
      },
      cookies,
    );
  }

  const postFields = (xml: string, relayState?: string): [string, string][] => [
    ["SAMLResponse", Buffer.from(xml, "utf8").toString("base64")],
    ...(relayState ? [["RelayState", relayState] as [string, string]] : []),
  ];

  /** The attribute values of the SP's configuration for this person at this organization. */
  async function attributesOf(sp: SamlProvider, user: User, org: { id: number; name: string; path: string }) {
    const needsGrants = sp.attributes.some((a) => ["roles", "permissions", "scope_subtree"].includes(a.from));
    const grants = needsGrants ? await deps.roles.effectiveGrants(user.id, org.path) : [];
    const ofApp = grants.filter((g) => g.permissions.some((p) => p.applicationId === sp.applicationId));
    const values = (from: string): string[] => {
      switch (from) {
        case "email":
          return [user.email];
        case "name":
          return user.fullName ? [user.fullName] : [];
        case "uid":
        case "sub":
          return [String(user.id)];
        case "tenant_id":
          return [String(user.tenantId)];
        case "org_id":
          return [String(org.id)];
        case "org_name":
          return [org.name];
        case "org_path":
        case "scope_self":
          return [org.path];
        case "scope_subtree":
          return grants.some((g) => g.scope === "SUBTREE") ? [org.path] : [];
        case "roles":
          return [...new Set(ofApp.map((g) => g.roleName))].sort();
        case "permissions":
          return [
            ...new Set(
              grants.flatMap((g) =>
                g.permissions.filter((p) => p.applicationId === sp.applicationId).map((p) => p.code),
              ),
            ),
          ].sort();
        default:
          return [];
      }
    };
    return sp.attributes.map((a) => ({ name: a.name, values: values(a.from) }));
  }

  /**
   * Everything after the request's checks: the browser session (or the journey's pages), the
   * organization, the request ID taken once, then the signed Response.
   */
  async function proceed(
    c: Checked,
    sp: SamlProvider,
    entry: JourneyEntry,
    state: JourneyState,
    browser: BrowserContext,
    finished: Finished,
  ): Promise<JourneyOutcome> {
    const withCookies = (o: JourneyOutcome): JourneyOutcome =>
      finished.cookies ? { ...o, cookies: { ...finished.cookies, ...o.cookies } } : o;
    let session = finished.session ?? (await deps.journey.currentSession(c.t, browser.sessionCookie));
    const fresh = !!session && session.sid === state.sid;
    // SAML core §3.4.1 ForceAuthn: "MUST authenticate the presenter directly"; "Use another account" alike.
    if (session && !fresh && (c.f || state.again)) session = null;
    const user = session ? await deps.users.get(session.tenantId, session.userId) : null;
    if (!session || !user || user.status !== "ACTIVE") {
      // IsPassive: never a page (SAML core §3.4.1).
      if (c.p) return withCookies(await status(c, entry, { top: STATUS.responder, second: STATUS.noPassive }));
      return withCookies({ kind: "sign_in", view: await deps.journey.view(entry, state) });
    }
    if (c.m && !multiFactor(session.amr)) {
      if (c.p) return withCookies(await status(c, entry, { top: STATUS.responder, second: STATUS.noAuthnContext }));
      return withCookies(await deps.journey.stepUp(entry, state, session, user));
    }
    const orgs = await deps.journey.usableOrgs(user);
    if (!orgs.length)
      return withCookies(
        await status(c, entry, {
          top: STATUS.responder,
          second: STATUS.requestDenied,
          message: "None of the person's organizations can sign in now.",
        }),
      );
    const pick = (id: number | undefined) => (id === undefined ? undefined : orgs.find((o) => o.id === id));
    const remembered = rememberedOrg(browser.orgCookie, session.sid);
    const org = pick(state.org) ?? pick(remembered) ?? (orgs.length === 1 ? orgs[0] : undefined);
    if (!org) {
      if (c.p) return withCookies(await status(c, entry, { top: STATUS.responder, second: STATUS.noPassive }));
      return withCookies({
        kind: "choose_org",
        view: await deps.journey.view(entry, state),
        organizations: orgs.map((o) => ({ id: o.id, name: o.name })),
      });
    }
    // CONTRACT §17: an AuthnRequest ID is answered once per SP (a replayed handle included).
    if (c.id) {
      const taken = await deps.counters.hit(
        `saml:answered:${c.t}:${sp.id}:${sha256Hex(c.id)}`,
        REQUEST_ID_SECONDS,
        now(),
      );
      if (taken.count > 1)
        return withCookies(
          errorPage("bad_request", "AuthnRequest ID answered once", "The request was answered already."),
        );
    }
    const at = now();
    const key = (await deps.xmlSigning()).current;
    const xml = signedResponse(
      {
        idp: idp(c.t),
        audience: sp.entityId,
        acsUrl: c.acs,
        inResponseTo: c.id,
        nameId: { format: sp.nameIdFormat, value: sp.nameIdFormat === "persistent" ? String(user.id) : user.email },
        sid: session.sid,
        authTime: session.authTime,
        multiFactor: multiFactor(session.amr),
        attributes: await attributesOf(sp, user, org.org),
        now: at,
        ttlSeconds: ASSERTION_SECONDS,
      },
      key,
    );
    await deps.record({
      type: "saml.assertion_issued",
      tenantId: c.t,
      org: org.org,
      actor: { userId: user.id, ip: browser.ip },
      target: { userId: user.id },
      data: {
        entityId: sp.entityId,
        samlProviderId: sp.id,
        applicationId: sp.applicationId,
        organizationId: org.id,
        sid: session.sid,
        inResponseTo: c.id ?? null,
        initiatedBy: c.id ? "sp" : "idp",
      },
    });
    const done = answer({
      kind: "saml_post",
      acsUrl: c.acs,
      fields: postFields(xml, c.rs),
      appName: entry.appName,
      brand: await deps.brandOf(c.t, sp.applicationId),
    });
    if (orgs.length > 1 && org.id !== remembered)
      return { ...done, cookies: { ...finished.cookies, org: rememberOrg(session.sid, org.id) } };
    return withCookies(done);
  }

  /** Re-reads a journey's checked request: the SP must still be registered with that ACS URL. */
  async function reread(q: string): Promise<{ c: Checked; sp: SamlProvider; entry: JourneyEntry } | JourneyOutcome> {
    let c: Checked;
    try {
      c = JSON.parse(q) as Checked;
    } catch {
      return deps.journey.expired();
    }
    const sp = await deps.samlProviders.get(c.t, c.sp);
    if (!sp) return errorPage("unknown_client", "SAML service provider registered", "The SP is no longer registered.");
    if (!sp.acsUrls.includes(c.acs))
      return errorPage("bad_redirect", "ACS URL registered", "The ACS URL is no longer registered.", c.acs);
    return { c, sp, entry: await entryOf(c, sp) };
  }

  const protocol: JourneyProtocol = {
    name: SAML_JOURNEY_PROTOCOL,
    async reopen(q) {
      const r = await reread(q);
      if ("kind" in r) return r;
      return {
        entry: r.entry,
        proceed: (state, browser, finished) => proceed(r.c, r.sp, r.entry, state, browser, finished),
      };
    },
  };

  /** Starts (or continues with the browser's session) the journey of a checked request. */
  async function run(c: Checked, browser: BrowserContext): Promise<JourneyOutcome> {
    const r = await reread(JSON.stringify(c));
    if ("kind" in r) return r;
    return proceed(r.c, r.sp, r.entry, deps.journey.start(SAML_JOURNEY_PROTOCOL, JSON.stringify(c)), browser, {});
  }

  /**
   * The AuthnRequest's checks in order; the checked request, or the error page (never a post
   * before the SP and its ACS URL are known).
   */
  async function check(tenantId: number, incoming: Incoming): Promise<Checked | JourneyOutcome> {
    let m: ReadMessage;
    try {
      m = readMessage(incoming, "AuthnRequest");
    } catch (e) {
      const reason = e instanceof SamlMessageError ? e.reason : "unreadable";
      return errorPage("bad_request", "AuthnRequest readable", reason);
    }
    const sp = await deps.samlProviders.findByEntityId(tenantId, m.issuer);
    if (!sp) return errorPage("unknown_client", "Issuer is a registered SP of the tenant", "Unknown SP.", m.issuer);
    const ask = authnAsk(m);
    const acs = ask.acsUrl ?? sp.acsUrls[0];
    if (!sp.acsUrls.includes(acs))
      return errorPage("bad_redirect", "AssertionConsumerServiceURL registered", "ACS URL not registered.", acs);
    if (!ask.bindingOk)
      return errorPage("bad_request", "ProtocolBinding is HTTP-POST", "Only the HTTP-POST binding answers.");
    if (sp.signAuthnRequests && (!sp.certificate || !m.signed(sp.certificate)))
      return errorPage(
        "bad_request",
        "AuthnRequest signed by the SP",
        "The request's signature is missing or invalid.",
      );
    if (m.destination && m.destination !== idp(tenantId).ssoUrl)
      return errorPage("bad_request", "Destination is this SSO endpoint", "Wrong Destination.", m.destination);
    if (m.issueInstant && Math.abs(now().getTime() - m.issueInstant.getTime()) > REQUEST_SKEW_SECONDS * 1000)
      return errorPage("bad_request", "IssueInstant is recent", "The request is too old or from the future.");
    // CONTRACT §17: an AuthnRequest ID is taken once per SP (a replayed request is refused here).
    const seen = await deps.counters.hit(
      `saml:request:${tenantId}:${sp.id}:${sha256Hex(m.id)}`,
      REQUEST_ID_SECONDS,
      now(),
    );
    if (seen.count > 1) return errorPage("bad_request", "AuthnRequest ID unseen", "The request was replayed.", m.id);
    return {
      t: tenantId,
      sp: sp.id,
      id: m.id,
      acs,
      ...(incoming.relayState ? { rs: incoming.relayState } : {}),
      ...(ask.force ? { f: 1 as const } : {}),
      ...(ask.passive ? { p: 1 as const } : {}),
      ...(ask.mfa ? { m: 1 as const } : {}),
    };
  }

  /** `GET /saml/{tenantId}/sso` (HTTP-Redirect): checks the request and runs it with the browser's session. */
  async function ssoRedirect(tenantId: number, incoming: Incoming, browser: BrowserContext): Promise<JourneyOutcome> {
    const c = await check(tenantId, incoming);
    return "kind" in c ? c : run(c, browser);
  }

  /**
   * `POST /saml/{tenantId}/sso` (HTTP-POST): a cross-site POST carries no SameSite=Lax cookie, so
   * the checked request continues as a same-site GET (`continueAt`) that sees the browser session.
   */
  async function ssoPost(tenantId: number, incoming: Incoming): Promise<JourneyOutcome | { continueWith: string }> {
    const c = await check(tenantId, incoming);
    if ("kind" in c) return c;
    return { continueWith: deps.journey.seal(deps.journey.start(SAML_JOURNEY_PROTOCOL, JSON.stringify(c))) };
  }

  /** `GET /saml/{tenantId}/sso/continue?interaction=`: the POSTed request, now with the browser's cookies. */
  async function ssoContinue(handle: string | null, browser: BrowserContext): Promise<JourneyOutcome> {
    const state = deps.journey.open(handle);
    if (!state || state.p !== SAML_JOURNEY_PROTOCOL) return deps.journey.expired();
    const r = await reread(state.q);
    if ("kind" in r) return r;
    return proceed(r.c, r.sp, r.entry, state, browser, {});
  }

  /** `GET /saml/{tenantId}/init?sp=<entityId>`: IdP-initiated sign-in to the SP's first ACS URL. */
  async function initiate(
    tenantId: number,
    entityId: string | null,
    relayState: string | null,
    browser: BrowserContext,
  ): Promise<JourneyOutcome> {
    const sp = entityId ? await deps.samlProviders.findByEntityId(tenantId, entityId) : null;
    if (!sp)
      return errorPage("unknown_client", "sp names a registered SP of the tenant", "Unknown SP.", entityId ?? "");
    if (relayState && relayState.length > 1024)
      return errorPage("bad_request", "RelayState length", "RelayState too long.");
    return run({ t: tenantId, sp: sp.id, acs: sp.acsUrls[0], ...(relayState ? { rs: relayState } : {}) }, browser);
  }

  /**
   * `GET|POST /saml/{tenantId}/slo`: a LogoutRequest from a registered SP with an SLO URL (signed
   * when the SP registered a certificate) ends the browser session it names as §13 does, and the
   * LogoutResponse goes back over HTTP-Redirect (its query signed with our key).
   */
  async function logout(tenantId: number, incoming: Incoming, browser: BrowserContext): Promise<JourneyOutcome> {
    let m: ReadMessage;
    try {
      m = readMessage(incoming, "LogoutRequest");
    } catch (e) {
      return errorPage(
        "bad_request",
        "LogoutRequest readable",
        e instanceof SamlMessageError ? e.reason : "unreadable",
      );
    }
    const sp = await deps.samlProviders.findByEntityId(tenantId, m.issuer);
    if (!sp) return errorPage("unknown_client", "Issuer is a registered SP of the tenant", "Unknown SP.", m.issuer);
    if (!sp.sloUrl) return errorPage("bad_redirect", "the SP registered an SLO URL", "No SLO URL registered.");
    const signed = !!sp.certificate && m.signed(sp.certificate);
    if (sp.certificate && !signed)
      return errorPage(
        "bad_request",
        "LogoutRequest signed by the SP",
        "The request's signature is missing or invalid.",
      );
    const { nameId, sessionIndexes } = logoutSubject(m);
    const session = await deps.journey.currentSession(tenantId, browser.sessionCookie);
    let clear = false;
    const ctx = (userId: number) => ({ actor: { userId, ip: browser.ip }, via: "saml_logout" });
    // An unsigned request must name the session (its SessionIndex, the sid): a page elsewhere that
    // knows only a user id cannot sign the browser out (logout CSRF).
    if (session && (sessionIndexes.includes(session.sid) || (signed && !sessionIndexes.length))) {
      const user = await deps.users.get(tenantId, session.userId);
      const names = user ? [String(user.id), user.email] : [];
      if (user && names.includes(nameId)) {
        await deps.endSignIn(tenantId, session.sid, ctx(user.id));
        clear = true;
      }
    } else if (signed && sessionIndexes.length) {
      // A signed request from the SP that got these sessions ends them without the browser's cookie.
      for (const sid of sessionIndexes)
        await deps.endSignIn(tenantId, sid, { actor: { ip: browser.ip }, via: "saml_logout" });
    }
    // Success whether or not a session was live: the SP's session ends either way (SAML core §3.7.3.2).
    const xml = logoutResponseXml(idp(tenantId), sp.sloUrl, m.id, STATUS.success, now());
    const key = (await deps.xmlSigning()).current;
    const url = new URL(sp.sloUrl);
    const query = redirectQuery("SAMLResponse", xml, incoming.relayState, key.privateKey);
    const target = `${sp.sloUrl}${url.search ? "&" : "?"}${query}`;
    return answer({ kind: "saml_redirect", url: target }, clear ? { session: null } : undefined);
  }

  return { protocol, metadata, ssoRedirect, ssoPost, ssoContinue, initiate, logout, idp };
}

export type SamlService = ReturnType<typeof createSamlService>;
