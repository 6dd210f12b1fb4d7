/**
 * RP-initiated logout at `/oauth2/logout` (OpenID Connect RP-Initiated Logout 1.0, CONTRACT §13):
 * the request checked against the client's registration, the confirmation page's decision, and the
 * redirect back to `post_logout_redirect_uri`. What ends, and the logout tokens its clients get,
 * is the sessions feature's ending (`endSignIn`) with this protocol's back-channel notices
 * (backchannel.ts).
 */
import type { JSONWebKeySet, JWTPayload } from "jose";
import type { TenantScope } from "../../../kernel/tenancy";
import type { EffectiveBrand } from "../../../features/branding";
import { type ClientDirectory, tenantScopeOf } from "../../../features/clients";
import { readIdTokenHint } from "..";
import { resumeFromCookie } from "../../../features/sessions";
import type { EndContext, SessionEnding, SessionEndingDeps } from "../../../features/sessions";

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
   * Back to the client (`redirect`), or a page that says what happened: `ended` when a browser
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

/** The clock and the browser sessions (the `sso_session` cookie's records) are the sessions feature's. */
export interface EndSessionDeps extends Pick<SessionEndingDeps, "clock" | "browserSessions"> {
  issuer: string;
  /** Ends the browser session, its refresh families, and tells its clients (the sessions feature). */
  ending: Pick<SessionEnding, "endSignIn">;
  directory: Pick<ClientDirectory, "resolve">;
  /** The service's published keys, to verify an `id_token_hint`. */
  jwks(): JSONWebKeySet;
  /** The branding the logout pages show (an application's override over its tenant's; cached). */
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
}

/** `/oauth2/logout` and its confirmation: `logout` and `confirm` decide; the routes render. */
export function createEndSessionService(deps: EndSessionDeps) {
  const now = () => deps.clock.now();

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
   * The browser's live session, when its `sso_session` cookie opens one in `scope` (a
   * client's tenant; "any" when no client names one: the cookie names it). The journey feature's codec.
   */
  const cookieSession = (cookie: string | null | undefined, scope: TenantScope) =>
    resumeFromCookie(deps.browserSessions, scope, cookie, now());

  /**
   * `GET|POST /oauth2/logout` (RP-Initiated Logout 1.0, CONTRACT §13). With a valid
   * `id_token_hint` the hinted browser session (and the browser's, when it is the same person's)
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
      const s = await deps.browserSessions.get(tenantId, hinted, now());
      if (s && String(s.userId) === sub) ended = (await deps.ending.endSignIn(tenantId, hinted, ctx)) !== null;
      browserEnded = ended && mine && browser.sid === hinted;
    }
    if (tenantId !== undefined && mine && browser.sid !== hinted) {
      browserEnded = (await deps.ending.endSignIn(tenantId, browser.sid, ctx)) !== null;
      ended ||= browserEnded;
    }
    return { kind: "done", redirect: c.returnTo, appName, brand, ended, browserEnded };
  }

  /**
   * The confirmation page's answer: `logout` ends the browser's session (in the client's
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
      ? await deps.ending.endSignIn(browser.tenantId, browser.sid, {
          actor: { userId: browser.userId, ip },
          via: "logout",
        })
      : null;
    if (!ended) return { kind: "done", ...base, returnUrl: c.returnTo, ended: false, browserEnded: false };
    return { kind: "done", ...base, redirect: c.returnTo, ended: true, browserEnded: true };
  }

  return { logout, confirm };
}

export type EndSessionService = ReturnType<typeof createEndSessionService>;
