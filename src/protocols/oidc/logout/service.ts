/**
 * Ending sign-in (CONTRACT §13): RP-initiated logout at `/oauth2/logout`, the person's and an
 * administrator's session control, consents withdrawn, and the revocation marks introspection reads.
 *
 * Every ending goes through one of three functions (`endSignIn`, `endFamily`, `endAllForUser`):
 * each ends the sign-in session(s) and the refresh families started through them, marks them
 * ended for introspection, and records one journal event whose back-channel logout notices the
 * outbox delivers (one logout token per client that got tokens in what ended, signed at delivery).
 *
 * Revocation marks: access tokens stay stateless JWTs, so what ended is remembered for as long as
 * any access token of it can live (ACCESS_TOKEN_TTL), as keyed counters in the store where
 * families live (Redis when configured): `end:sid:<sid>` for an ended sign-in session,
 * `end:fam:<sid>:<clientId>` for a client's family ended alone, `end:jti:<jti>` for one revoked
 * access token. Each holds the second it was set; a token issued at or before it is inactive.
 */
import type { JSONWebKeySet, JWTPayload } from "jose";
import type { Clock } from "../../../kernel/clock";
import type { TenantScope } from "../../../kernel/tenancy";
import { notFound } from "../../../kernel/errors";
import type { Unit } from "../../../kernel/unit";
import type { UserRepo } from "../../../kernel/users";
import type { EffectiveBrand } from "../../../features/branding";
import { type ClientDirectory, tenantScopeOf } from "../../../features/clients";
import type { DomainEvent, EventJournal, LogoutNotice } from "../../../features/events";
import { readIdTokenHint } from "..";
import { resumeFromCookie, type BrowserSession, type BrowserSessionStore } from "../../../features/journey";
import { type ConsentRepo } from "../../../features/consents";
import type { OrgRepo } from "../../../features/orgs";
import type { CounterStore, FamilyRecord, FamilyStore } from "../../../features/sessions";
import { ACCESS_TOKEN_TTL } from "../../../features/tokens";

/** How long a revocation mark lives: past the end of any access token issued before it (clock skew included). */
export const MARK_SECONDS = ACCESS_TOKEN_TTL + 60;

/**
 * Marks hold seconds since this instant (2025-01-01T00:00:00Z), not since 1970: counter stores keep
 * 32-bit integers (Postgres `integer`), which Unix seconds outgrow in 2038.
 */
export const MARK_EPOCH_SECONDS = 1_735_689_600;
/** The value a mark set at `at` holds (always ≥ 1). */
export const markValueAt = (at: Date) => Math.max(1, Math.floor(at.getTime() / 1000) - MARK_EPOCH_SECONDS);
/** True when a mark holding `value` was set at or after a token's `iat` (Unix seconds). */
export const markCovers = (value: number, iat: number) => value > 0 && value >= iat - MARK_EPOCH_SECONDS;

export const markKeys = {
  sid: (sid: string) => `end:sid:${sid}`,
  family: (sid: string, clientId: string) => `end:fam:${sid}:${clientId}`,
  jti: (jti: string) => `end:jti:${jti}`,
};

/** Who ended it and how (the audit entry's actor and `via`). */
export interface EndContext {
  actor: { userId?: number | null; ip: string | null };
  /** `logout` (RP-initiated), `sessions` (the person), `admin`, `password_reset`, `disabled`, `erased`, `revoke`, `consent`. */
  via: string;
}

/** One of the person's sessions as they see it (CONTRACT §13). */
export interface SessionEntry {
  id: string;
  kind: "signin" | "refresh";
  clientId: string | null;
  /** Refresh families of a client: its name as registered, so lists name the application, not an id. */
  clientName: string | null;
  applicationId: number | null;
  deviceId: string | null;
  /** Refresh families only: web, plain or device. */
  mode: string | null;
  /** Refresh families only: the active organization and audience. */
  organizationId: number | null;
  audience: string | null;
  /** Sign-in sessions: the clients that got tokens in it. */
  clients: string[];
  /** Sign-in sessions: those clients' names as registered (an unknown one keeps its id). */
  clientNames: string[];
  createdAt: Date | null;
  lastUsedAt: Date | null;
  expiresAt: Date;
  ipAddress: string | null;
  current: boolean;
}

export interface ConsentEntry {
  clientId: string;
  applicationId: number | null;
  name: string;
  scopes: string[];
  grantedAt: Date;
}

/** The caller of `/api/users/me/**`: the access token's user and session (`sid`). */
export interface SelfCaller {
  userId: number;
  tenantId: number;
  sessionId?: string;
  ip: string | null;
}

/** The parameters of an RP-initiated logout request (RP-Initiated Logout 1.0 §2). */
export interface LogoutRequest {
  idTokenHint?: string;
  postLogoutRedirectUri?: string;
  state?: string;
  clientId?: string;
  logoutHint?: string;
  uiLocales?: string;
}

/**
 * What the logout endpoint answers. `brand` is what every page of the flow shows (CONTRACT §13):
 * the client's application's branding over its tenant's, or, without a client of one tenant, the
 * branding of the tenant of the browser's session; absent when neither is known.
 */
export type LogoutOutcome =
  /**
   * The request itself is bad (unknown client, unregistered URI, hint and client_id disagree, a
   * return URI without a client to check it against): a page, never a redirect.
   */
  | {
      kind: "error_page";
      reason: "unknown_client" | "bad_redirect" | "bad_request";
      brand?: EffectiveBrand;
      /** The check that failed and the value it refused (never the hint itself): for the operator's log line. */
      check: string;
      value?: string;
    }
  /** No valid hint and a live session of the browser to end: the person confirms (the form carries the validated request). */
  | { kind: "confirm"; appName?: string; brand?: EffectiveBrand; request: LogoutRequest; returnUrl?: string }
  /**
   * Back to the client (`redirect`), or a page that says what happened: `ended` when a sign-in
   * session was in fact ended; `browserEnded` when it was the browser's own (only then is its
   * cookie cleared); `stayed` after "stay"; neither: nothing was signed out (the browser held no
   * live session the request could end), with `returnUrl` as a link when the client's URI was valid.
   */
  | {
      kind: "done";
      redirect?: string;
      returnUrl?: string;
      appName?: string;
      brand?: EffectiveBrand;
      ended: boolean;
      browserEnded: boolean;
      stayed?: boolean;
    };

/** The client a logout request names (by its hint's `aud` or `client_id`), known to the directory. */
interface NamedClient {
  clientId: string;
  appName: string;
  applicationId: number | null;
  /** Its tenant; "any" for the console's client (the browser's session names the tenant then). */
  scope: TenantScope;
}

export interface LogoutDeps {
  issuer: string;
  clock: Clock;
  signIns: BrowserSessionStore;
  families: FamilyStore;
  /** Revocation marks (the session store's counters). */
  marks: Pick<CounterStore, "set" | "peek">;
  directory: Pick<ClientDirectory, "resolve">;
  consents: Pick<ConsentRepo, "listByUser">;
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "get">;
  /** Withdrawing a consent: one unit with its `consent.withdrawn` event. */
  unit: Unit<{ consents: ConsentRepo; events: EventJournal }>;
  /** Records an event that changes nothing else (units.record); with logout notices it runs as a unit. */
  record(e: DomainEvent): Promise<void>;
  /** The service's published keys, to verify an `id_token_hint`. */
  jwks(): JSONWebKeySet;
  /** The branding the logout pages show (an application's override over its tenant's; cached). */
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
}

export function createLogoutService(deps: LogoutDeps) {
  const now = () => deps.clock.now();

  async function mark(keys: string[]) {
    const at = now();
    const value = markValueAt(at);
    await Promise.all(keys.map((k) => deps.marks.set(k, value, MARK_SECONDS, at)));
  }

  /** The logout notices for `clientIds` (those with a back-channel URI), naming `sid` when given. */
  async function noticesFor(tenantId: number, userId: number, clientIds: Iterable<string>, sid?: string) {
    const out: LogoutNotice[] = [];
    for (const clientId of new Set(clientIds)) {
      const r = await deps.directory.resolve(clientId);
      const url = r?.client.backchannelLogoutUri;
      if (!r || r.client.tenantId !== tenantId || !url) continue;
      out.push({ clientId, url, sub: String(userId), ...(sid ? { sid } : {}) });
    }
    return out;
  }

  async function orgOf(tenantId: number, userId: number) {
    const user = await deps.users.get(tenantId, userId);
    const org = user ? await deps.orgs.get(tenantId, user.organizationId) : null;
    return org ? { id: org.id, path: org.path } : null;
  }

  /** The live client families started through sign-in session `sid`. */
  async function familiesOf(userId: number, sid: string): Promise<FamilyRecord[]> {
    return (await deps.families.listUser(userId, now())).filter((f) => f.data.sid === sid);
  }

  /**
   * Ends sign-in session `sid` of the tenant and every refresh family started through it, marks
   * them ended, and sends a logout token (with `sid`) to each client that got tokens in it.
   * Returns the ended session; null when it was not live (another call ended it: nothing is sent twice).
   */
  async function endSignIn(tenantId: number, sid: string, ctx: EndContext): Promise<BrowserSession | null> {
    const s = await deps.signIns.end(tenantId, sid);
    if (!s) return null;
    const fams = await familiesOf(s.userId, sid);
    await Promise.all(fams.map((f) => deps.families.revoke(f.familyId)));
    await mark([markKeys.sid(sid)]);
    const clients = [...new Set([...s.clients, ...fams.flatMap((f) => (f.data.clientId ? [f.data.clientId] : []))])];
    await deps.record({
      type: "auth.logout",
      tenantId,
      org: await orgOf(tenantId, s.userId),
      actor: ctx.actor,
      target: { userId: s.userId },
      data: { sid, via: ctx.via, clients, families: fams.map((f) => f.familyId) },
      logoutNotices: await noticesFor(tenantId, s.userId, clients, sid),
    });
    return s;
  }

  /**
   * Ends one refresh family. A client's family (authorization code grant) is marked ended for
   * its client in its sign-in session and that client gets a logout token with the `sid`; an
   * /api/auth family's access tokens are checked against the family itself.
   */
  async function endFamily(f: FamilyRecord, ctx: EndContext, type = "auth.logout"): Promise<void> {
    await deps.families.revoke(f.familyId);
    const d = f.data;
    if (d.clientId && d.sid) await mark([markKeys.family(d.sid, d.clientId)]);
    await deps.record({
      type,
      tenantId: d.tenantId,
      org: { id: d.orgId, path: d.orgPath },
      actor: ctx.actor,
      target: { userId: d.userId },
      data: {
        sessionId: f.familyId,
        mode: d.mode,
        via: ctx.via,
        ...(d.clientId ? { clientId: d.clientId } : {}),
        ...(d.sid && d.clientId ? { sid: d.sid } : {}),
        ...(d.deviceId ? { deviceId: d.deviceId } : {}),
      },
      logoutNotices: d.clientId && d.sid ? await noticesFor(d.tenantId, d.userId, [d.clientId], d.sid) : undefined,
    });
  }

  /**
   * Marks a client's tokens of sign-in session `sid` ended elsewhere (refresh-token reuse revoked
   * its family in the sessions feature; a reused code in the oauth feature, whose client may hold
   * no family), so introspection and UserInfo refuse the access tokens issued until now. /api/auth
   * families need no mark.
   */
  async function familyRevoked(d: Pick<FamilyRecord["data"], "clientId" | "sid">): Promise<void> {
    if (d.clientId && d.sid) await mark([markKeys.family(d.sid, d.clientId)]);
  }

  /**
   * Ends every sign-in session and refresh family of the user but `keep` (the caller's own
   * session: a sign-in `sid` or a family id; a family started through a kept sign-in session
   * stays too). With nothing kept every client that got tokens gets one logout token without
   * `sid` (Back-Channel Logout 1.0 §2.4: all the user's sessions at the OP ended); otherwise one
   * per ended sign-in session with its `sid`. Records one `auth.sessions.ended` event.
   */
  async function endAllForUser(tenantId: number, userId: number, ctx: EndContext, keep?: string): Promise<number> {
    const at = now();
    const live = await deps.signIns.listByUser(tenantId, userId, at);
    let ended: BrowserSession[];
    if (keep === undefined) ended = await deps.signIns.endAllForUser(tenantId, userId);
    else {
      const out = await Promise.all(live.filter((s) => s.sid !== keep).map((s) => deps.signIns.end(tenantId, s.sid)));
      ended = out.filter((s): s is BrowserSession => s !== null);
    }
    // Families: a user id names one tenant (sessions/ports.ts), but check the tenant anyway.
    const fams = (await deps.families.listUser(userId, at)).filter(
      (f) => f.data.tenantId === tenantId && f.familyId !== keep && (keep === undefined || f.data.sid !== keep),
    );
    await Promise.all(fams.map((f) => deps.families.revoke(f.familyId)));
    await mark([
      ...ended.map((s) => markKeys.sid(s.sid)),
      ...fams.flatMap((f) => (f.data.clientId && f.data.sid ? [markKeys.family(f.data.sid, f.data.clientId)] : [])),
    ]);
    const clientsBySid = new Map<string, Set<string>>();
    for (const s of ended) clientsBySid.set(s.sid, new Set(s.clients));
    for (const f of fams)
      if (f.data.clientId && f.data.sid) {
        const set = clientsBySid.get(f.data.sid) ?? new Set<string>();
        set.add(f.data.clientId);
        clientsBySid.set(f.data.sid, set);
      }
    const notices: LogoutNotice[] = [];
    if (keep === undefined) {
      const all = new Set([...clientsBySid.values()].flatMap((s) => [...s]));
      notices.push(...(await noticesFor(tenantId, userId, all)));
    } else
      for (const [sid, clients] of clientsBySid) notices.push(...(await noticesFor(tenantId, userId, clients, sid)));
    const count = ended.length + fams.length;
    if (count === 0) return 0;
    await deps.record({
      type: "auth.sessions.ended",
      tenantId,
      org: await orgOf(tenantId, userId),
      actor: ctx.actor,
      target: { userId },
      data: {
        via: ctx.via,
        signIns: ended.map((s) => s.sid),
        families: fams.map((f) => f.familyId),
        ...(keep ? { kept: keep } : {}),
      },
      logoutNotices: notices,
    });
    return count;
  }

  // ------------------------------------------------------------------------------------------
  // The person's sessions and consents
  // ------------------------------------------------------------------------------------------

  /** The caller's live sign-in sessions and refresh families, oldest first; `current` marks the calling one. */
  async function listSessions(caller: SelfCaller): Promise<SessionEntry[]> {
    const at = now();
    const [signIns, fams] = await Promise.all([
      deps.signIns.listByUser(caller.tenantId, caller.userId, at),
      deps.families.listUser(caller.userId, at),
    ]);
    const nameOf = async (clientId: string) => (await deps.directory.resolve(clientId))?.client.name ?? clientId;
    const out: SessionEntry[] = [];
    for (const s of signIns) {
      const clients = [...s.clients].sort();
      out.push({
        id: s.sid,
        kind: "signin",
        clientId: null,
        clientName: null,
        applicationId: null,
        deviceId: null,
        mode: null,
        organizationId: null,
        audience: null,
        clients,
        clientNames: await Promise.all(clients.map(nameOf)),
        createdAt: s.createdAt,
        lastUsedAt: s.lastUsedAt,
        expiresAt: new Date(Math.min(s.idleExpiresAt.getTime(), s.absoluteExpiresAt.getTime())),
        ipAddress: s.ipAddress,
        current: s.sid === caller.sessionId,
      });
    }
    for (const f of fams) {
      if (f.data.tenantId !== caller.tenantId) continue;
      const d = f.data;
      const client = d.clientId ? await deps.directory.resolve(d.clientId) : null;
      // A web or plain family's expiry is fixed at its start: it started ttl before it.
      const createdAt = d.absoluteExpiresAt ? new Date(d.absoluteExpiresAt - d.ttlSeconds * 1000) : null;
      // A sliding (device) family moved its expiry to ttl after its last rotation.
      const lastUsedAt = d.absoluteExpiresAt ? null : new Date(f.expiresAt.getTime() - d.ttlSeconds * 1000);
      out.push({
        id: f.familyId,
        kind: "refresh",
        clientId: d.clientId ?? null,
        clientName: client?.client.name ?? null,
        applicationId: client?.client.applicationId ?? null,
        deviceId: d.deviceId ?? null,
        mode: d.mode,
        organizationId: d.orgId,
        audience: d.audience,
        clients: [],
        clientNames: [],
        createdAt,
        lastUsedAt,
        expiresAt: f.expiresAt,
        ipAddress: null,
        current: f.familyId === caller.sessionId,
      });
    }
    const time = (e: SessionEntry) => (e.createdAt ?? e.lastUsedAt ?? e.expiresAt).getTime();
    return out.sort((a, b) => time(a) - time(b));
  }

  /** Ends one of the caller's sessions (a sign-in `sid` or a family id); 404 when it is not a live one of theirs. */
  async function endOwnSession(caller: SelfCaller, id: string): Promise<void> {
    const ctx: EndContext = { actor: { userId: caller.userId, ip: caller.ip }, via: "sessions" };
    const s = await deps.signIns.get(caller.tenantId, id, now());
    if (s && s.userId === caller.userId) {
      await endSignIn(caller.tenantId, id, ctx);
      return;
    }
    const f = await deps.families.get(id, now());
    if (!f || f.data.userId !== caller.userId || f.data.tenantId !== caller.tenantId) throw notFound("Session");
    await endFamily(f, ctx);
  }

  /** "Sign out everywhere": every session of the caller but the calling one; returns how many ended. */
  async function endOtherSessions(caller: SelfCaller): Promise<number> {
    return endAllForUser(
      caller.tenantId,
      caller.userId,
      { actor: { userId: caller.userId, ip: caller.ip }, via: "sessions" },
      caller.sessionId ?? "",
    );
  }

  /** The caller's consents to third-party clients, by client id. */
  async function listConsents(caller: SelfCaller): Promise<ConsentEntry[]> {
    const list = await deps.consents.listByUser(caller.tenantId, caller.userId);
    const out: ConsentEntry[] = [];
    for (const c of list) {
      const r = await deps.directory.resolve(c.clientId);
      out.push({
        clientId: c.clientId,
        applicationId: r?.client.applicationId ?? null,
        name: r?.client.name ?? c.clientId,
        scopes: [...c.scopes],
        grantedAt: c.grantedAt,
      });
    }
    return out;
  }

  /**
   * Withdraws the caller's consent to `clientId` (404 when there is none) in one unit with
   * `consent.withdrawn`; the client's refresh families of the caller end with it (the next
   * authorization asks again).
   */
  async function withdrawConsent(caller: SelfCaller, clientId: string): Promise<void> {
    const org = await orgOf(caller.tenantId, caller.userId);
    await deps.unit("consents.withdraw", ["consents", "events"], async ({ consents, events }) => {
      if (!(await consents.revoke(caller.tenantId, caller.userId, clientId))) throw notFound("Consent");
      await events.record({
        type: "consent.withdrawn",
        tenantId: caller.tenantId,
        org,
        actor: { userId: caller.userId, ip: caller.ip },
        target: { userId: caller.userId },
        data: { clientId },
      });
    });
    const ctx: EndContext = { actor: { userId: caller.userId, ip: caller.ip }, via: "consent" };
    for (const f of await deps.families.listUser(caller.userId, now()))
      if (f.data.clientId === clientId && f.data.tenantId === caller.tenantId) await endFamily(f, ctx);
  }

  // ------------------------------------------------------------------------------------------
  // RP-initiated logout
  // ------------------------------------------------------------------------------------------

  /** The claims of a valid ID token of ours (an expired one too: RP-Initiated Logout 1.0 §2); null otherwise. */
  async function hintClaims(hint: string): Promise<JWTPayload | null> {
    const h = await readIdTokenHint(hint, { jwks: deps.jwks(), issuer: deps.issuer, now: now() });
    const p = h?.payload;
    return p && h.typ === "JWT" && typeof p.sub === "string" && typeof p.aud === "string" ? p : null;
  }

  /** RP-Initiated Logout 1.0 §3: the redirect back, with `state` when sent. */
  function returnUrl(uri: string, state?: string): string {
    if (state === undefined) return uri;
    const u = new URL(uri);
    u.searchParams.set("state", state);
    return u.toString();
  }

  /**
   * Checks the request: the client named by the hint's `aud` or `client_id` (the two must agree),
   * and `post_logout_redirect_uri` registered for it by exact string. A hint that is not a valid ID
   * token of ours counts as absent (the person then confirms). Every parameter is optional
   * (RP-Initiated Logout 1.0 §2): with no client the browser's own session is the one to end, but
   * a return URI then has no registration to be checked against, so it is refused, never followed.
   */
  async function check(
    req: LogoutRequest,
  ): Promise<
    | Extract<LogoutOutcome, { kind: "error_page" }>
    | { hint: JWTPayload | null; client: NamedClient | null; returnTo?: string }
  > {
    const hint = req.idTokenHint ? await hintClaims(req.idTokenHint) : null;
    const aud = hint ? (hint.aud as string) : undefined;
    if (aud && req.clientId && aud !== req.clientId)
      return {
        kind: "error_page",
        reason: "bad_request",
        check: "id_token_hint audience is client_id",
        value: `client_id=${req.clientId} aud=${aud}`,
      };
    const clientId = aud ?? req.clientId;
    if (!clientId) {
      if (req.postLogoutRedirectUri !== undefined)
        return {
          kind: "error_page",
          reason: "bad_request",
          check: "post_logout_redirect_uri needs a client",
          value: req.postLogoutRedirectUri,
        };
      return { hint: null, client: null };
    }
    const resolved = await deps.directory.resolve(clientId);
    if (!resolved) return { kind: "error_page", reason: "unknown_client", check: "client is known", value: clientId };
    const client: NamedClient = {
      clientId,
      appName: resolved.client.name,
      applicationId: resolved.client.applicationId,
      // The console's client serves every tenant: the browser's session names the tenant then.
      scope: tenantScopeOf(resolved.client),
    };
    let returnTo: string | undefined;
    if (req.postLogoutRedirectUri !== undefined) {
      // Never redirected to unless registered for the client, by exact string (CONTRACT §13).
      if (!resolved.client.postLogoutRedirectUris.includes(req.postLogoutRedirectUri))
        return {
          kind: "error_page",
          reason: "bad_redirect",
          brand: await brandFor(client),
          check: "post_logout_redirect_uri registered for the client",
          value: req.postLogoutRedirectUri,
        };
      returnTo = returnUrl(req.postLogoutRedirectUri, req.state);
    }
    return { hint, client, returnTo };
  }

  /** The pages' branding: the client's application over its tenant, else the tenant of the browser's session. */
  async function brandFor(client: NamedClient | null, sessionTenant?: number): Promise<EffectiveBrand | undefined> {
    if (client && client.scope !== "any") return deps.brandOf(client.scope, client.applicationId);
    return sessionTenant === undefined ? undefined : deps.brandOf(sessionTenant, null);
  }

  /**
   * The browser's live sign-in session, when its `sso_session` cookie opens one in `scope` (a
   * client's tenant; "any" when no client names one: the cookie names it). The oidc feature's codec.
   */
  const cookieSession = (cookie: string | null | undefined, scope: TenantScope) =>
    resumeFromCookie(deps.signIns, scope, cookie, now());

  /**
   * `GET|POST /oauth2/logout` (RP-Initiated Logout 1.0, CONTRACT §13). With a valid
   * `id_token_hint` the hinted sign-in session (and the browser's, when it is the same person's)
   * ends at once and the browser goes back to the registered `post_logout_redirect_uri` (or sees
   * the signed-out page). Without one the browser's own session (in the client's tenant, or the
   * one its cookie names when no client is named) is the one to end: the person is asked to
   * confirm, or told that nothing is signed in here to end.
   */
  async function logout(
    req: LogoutRequest,
    sessionCookie: string | null | undefined,
    ip: string | null,
  ): Promise<LogoutOutcome> {
    const c = await check(req);
    if ("kind" in c) return c;
    const appName = c.client?.appName;
    if (!c.hint || !c.client) {
      const browser = await cookieSession(sessionCookie, c.client?.scope ?? "any");
      const brand = await brandFor(c.client, browser?.tenantId);
      // Nothing of this tenant is signed in here (another tenant's session is not this request's to end).
      if (!browser) return { kind: "done", returnUrl: c.returnTo, appName, brand, ended: false, browserEnded: false };
      const { idTokenHint: _drop, ...rest } = req;
      return { kind: "confirm", appName, brand, request: rest, returnUrl: c.returnTo };
    }
    const sub = c.hint.sub as string;
    const ctx: EndContext = { actor: { userId: Number(sub) || null, ip }, via: "logout" };
    const hinted = typeof c.hint.sid === "string" ? c.hint.sid : null;
    // The browser's session is read before anything ends (ending the hinted one may end it).
    const browser = await cookieSession(sessionCookie, c.client.scope);
    const mine = !!browser && String(browser.userId) === sub;
    // For the console's client the tenant is the browser's session's; without one nothing is known to end.
    const tenantId = c.client.scope === "any" ? browser?.tenantId : c.client.scope;
    const brand = await brandFor(c.client, tenantId);
    let ended = false;
    let browserEnded = false;
    if (tenantId !== undefined && hinted) {
      const s = await deps.signIns.get(tenantId, hinted, now());
      if (s && String(s.userId) === sub) ended = (await endSignIn(tenantId, hinted, ctx)) !== null;
      browserEnded = ended && mine && browser.sid === hinted;
    }
    if (tenantId !== undefined && mine && browser.sid !== hinted) {
      browserEnded = (await endSignIn(tenantId, browser.sid, ctx)) !== null;
      ended ||= browserEnded;
    }
    return { kind: "done", redirect: c.returnTo, appName, brand, ended, browserEnded };
  }

  /**
   * The confirmation page's answer: `logout` ends the browser's sign-in session (in the client's
   * tenant, or the one its cookie names); the browser then goes back to the validated return URI
   * when there is one. "stay" changes nothing and goes back too. When nothing was ended (no live
   * session of that tenant: none, or another tenant's, which stays with its cookie) the page says
   * so, with the return URI as a link rather than a redirect.
   */
  async function confirm(
    req: LogoutRequest,
    decision: "logout" | "stay",
    sessionCookie: string | null | undefined,
    ip: string | null,
  ): Promise<LogoutOutcome> {
    const c = await check({ ...req, idTokenHint: undefined });
    if ("kind" in c) return c;
    const browser = await cookieSession(sessionCookie, c.client?.scope ?? "any");
    const base = { appName: c.client?.appName, brand: await brandFor(c.client, browser?.tenantId) };
    if (decision === "stay")
      return { kind: "done", ...base, redirect: c.returnTo, ended: false, browserEnded: false, stayed: true };
    const ended = browser
      ? await endSignIn(browser.tenantId, browser.sid, { actor: { userId: browser.userId, ip }, via: "logout" })
      : null;
    if (!ended) return { kind: "done", ...base, returnUrl: c.returnTo, ended: false, browserEnded: false };
    return { kind: "done", ...base, redirect: c.returnTo, ended: true, browserEnded: true };
  }

  return {
    endSignIn,
    endFamily,
    endAllForUser,
    familyRevoked,
    listSessions,
    endOwnSession,
    endOtherSessions,
    listConsents,
    withdrawConsent,
    logout,
    confirm,
  };
}

export type LogoutService = ReturnType<typeof createLogoutService>;
