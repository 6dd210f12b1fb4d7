/**
 * The authorization endpoint (CONTRACT §12): `/oauth2/authorize` and its consent page as use
 * cases, ending in an authorization code. No HTML, no HTTP: each use case answers an outcome (a
 * page, a redirect, an error) that the routes render.
 *
 * The flow, in order (docs/oidc.md "Signing people in: the hosted pages"):
 * 1. the request's checks (`validateAuthorizationRequest`): an error page or an error redirect;
 * 2. the browser session (`sso_session`): resumed, or replaced by a sign-in on the journey's pages
 *    (features/journey); `prompt`, `max_age` and `id_token_hint` decide whether the session serves;
 * 3. the active organization (one usable membership: no page; several: the journey's picker);
 * 4. consent, for third-party clients, remembered per user and client;
 * 5. the code: stored as its SHA-256 with everything the token endpoint mints from.
 *
 * The provider is the journey's protocol "oidc": a journey it starts carries the request's raw
 * parameters and comes back to `proceed` (flow.ts) at every step, which re-validates them, so a
 * client or org changed meanwhile is seen.
 */
import type { Unit } from "../../../kernel/unit";
import type { User, UserRepo } from "../../../kernel/users";
import type { EffectiveBrand } from "../../../features/branding";
import type { ClientDirectory } from "../../../features/clients";
import type { ConsentRepo } from "../../../features/consents";
import type { DomainEvent, EventJournal } from "../../../features/events";
import type { BrowserContext, JourneyProtocol, JourneyService } from "../../../features/journey";
import type { OrgRepo } from "../../../features/orgs";
import { oauthError } from "..";
import { createAuthorizationFlow, type FlowDeps } from "./flow";
import { type AuthorizeOutcome, createRequestValidation, fail, isOutcome } from "./request";

/** The journey's name of this protocol, written into every handle it starts. */
export const JOURNEY_PROTOCOL = "oidc";

export interface AuthorizeDeps extends FlowDeps {
  directory: Pick<ClientDirectory, "resolve">;
  journey: FlowDeps["journey"] & Pick<JourneyService, "start" | "open" | "expired">;
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "get">;
  /** Remembering a consent: one unit with its event. */
  unit: Unit<{ consents: ConsentRepo; events: EventJournal }>;
  /** The branding of a client's pages (its application's override over the tenant's; cached). */
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
}

/** A person's own consent decision, as its event (CONTRACT §12 "Consent"). */
const consentEvent = (
  type: "consent.granted" | "consent.denied",
  user: User,
  org: DomainEvent["org"],
  browser: BrowserContext,
  data: Record<string, unknown>,
): DomainEvent => ({
  type,
  tenantId: user.tenantId,
  org,
  actor: { userId: user.id, ip: browser.ip },
  target: { userId: user.id },
  data,
});

export function createAuthorizeService(deps: AuthorizeDeps) {
  const { validate } = createRequestValidation(deps);
  const { proceed } = createAuthorizationFlow(deps);
  const now = () => deps.clock.now();

  /** The provider as the journey's protocol: a handle's request re-validated, and its turn. */
  const protocol: JourneyProtocol = {
    name: JOURNEY_PROTOCOL,
    async reopen(q) {
      const v = await validate(q);
      if (isOutcome(v)) return v;
      return { entry: v.entry, proceed: (state, browser, finished) => proceed(v, state, browser, finished) };
    },
    // The person's organization provider refused (CONTRACT §16): that error back to the client.
    async refuse(q, error, description) {
      const v = await validate(q);
      if (isOutcome(v)) return v;
      return fail(v, oauthError(error, description));
    },
  };

  /**
   * `GET|POST /oauth2/authorize`: validates the request (`query` is its raw parameters) and runs
   * the flow with the browser's session: a code with no page when the session serves, else the
   * first page of a new journey.
   */
  async function authorize(query: string, browser: BrowserContext): Promise<AuthorizeOutcome> {
    const v = await validate(query);
    if (isOutcome(v)) return v;
    return proceed(v, deps.journey.start(JOURNEY_PROTOCOL, query), browser, {});
  }

  /**
   * The consent page's POST. `allow` remembers the requested scopes for (user, client) in one unit
   * with `consent.granted`, then issues the code; `deny` answers access_denied to the client.
   */
  async function decideConsent(
    handle: string | undefined | null,
    decision: "allow" | "deny",
    browser: BrowserContext,
  ): Promise<AuthorizeOutcome> {
    const i = deps.journey.open(handle);
    if (!i) return deps.journey.expired();
    const v = await validate(i.q);
    if (isOutcome(v)) return v;
    const session = await deps.journey.currentSession(v.entry.scope, browser.sessionCookie);
    if (!session) return proceed(v, i, browser, {});
    const user = await deps.users.get(session.tenantId, session.userId);
    if (decision === "deny") {
      if (user)
        await deps.record(
          consentEvent("consent.denied", user, await deps.orgs.get(user.tenantId, user.organizationId), browser, {
            clientId: v.request.client.clientId,
            scopes: [...v.request.scopes],
          }),
        );
      return fail(v, oauthError("access_denied", "The person declined to share their data."));
    }
    if (!user || user.status !== "ACTIVE") return proceed(v, i, browser, {});
    const org = (await deps.journey.usableOrgs(user)).find((o) => o.id === i.org);
    // The org of the consent page must still be usable; otherwise the flow decides again.
    if (!org) return proceed(v, { ...i, org: undefined }, browser, {});
    const clientId = v.request.client.clientId;
    const scopes = [...v.request.scopes];
    await deps.unit("consents.grant", ["consents", "events"], async ({ consents, events }) => {
      const c = await consents.grant(user.tenantId, user.id, clientId, scopes, now());
      await events.record(
        consentEvent("consent.granted", user, org.org, browser, { clientId, scopes, granted: c.scopes }),
      );
    });
    return proceed(v, i, browser, { session, consentGiven: true });
  }

  return { issuer: deps.issuer, protocol, authorize, decideConsent };
}

export type AuthorizeService = ReturnType<typeof createAuthorizeService>;
