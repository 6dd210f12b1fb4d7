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
import { attributeValues } from "./attributes";
import { type Checked, createAuthnCheck, REQUEST_ID_SECONDS } from "./authn-check";
import { createSingleLogout } from "./logout";
import { type IdpEndpoints, metadataXml, signedResponse, STATUS, statusResponse } from "./messages";
import { postFields, samlAnswer as answer, samlError as errorPage, type SamlAnswer } from "./outcomes";
import type { Incoming } from "./request";

/** The journey's name of this protocol, written into every handle it starts. */
export const SAML_JOURNEY_PROTOCOL = "saml";
/** CONTRACT §17: a Bearer assertion may be presented for 5 minutes. */
export const ASSERTION_SECONDS = 300;
export { isSamlAnswer, type SamlAnswer } from "./outcomes";

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
  /** The AuthnRequest's checks (authn-check.ts) and single logout (logout.ts). */
  const check = createAuthnCheck(deps);
  const logout = createSingleLogout(deps);

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
        attributes: await attributeValues(deps.roles, sp, user, org.org),
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

  return { protocol, metadata, ssoRedirect, ssoPost, ssoContinue, initiate, logout, idp };
}

export type SamlService = ReturnType<typeof createSamlService>;
