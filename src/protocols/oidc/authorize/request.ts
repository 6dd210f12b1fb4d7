/**
 * The authorization request as the authorization endpoint serves it (CONTRACT §12): its ordered
 * checks (`validateAuthorizationRequest`) with the client read through the directory, what a
 * failure answers (an error page, or an error back to the redirect URI, in the query or as a
 * form_post page: RFC 6749 §4.1.2.1), and what the journey must know of a valid one.
 */
import { type ClientDirectory, servesTenant, tenantScopeOf } from "../../../features/clients";
import type { EffectiveBrand } from "../../../features/branding";
import type { ErrorPageKind, JourneyEntry, JourneyOutcome, PageView } from "../../../features/journey";
import { type AuthorizationRequest, OAuthProtocolError, validateAuthorizationRequest } from "..";

/**
 * The page of a `response_mode=form_post` answer (OAuth 2.0 Form Post Response Mode §2): the
 * client it returns to, in the request's languages and the client's branding.
 */
export interface FormPostView {
  appName: string;
  uiLocales: string[];
  brand: EffectiveBrand;
}

/** The OpenID provider's own answers: back to the client, or its consent page. */
export type OidcAnswer =
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
  | { kind: "redirect_error"; error: OAuthProtocolError; redirectUri: string; state?: string; formPost?: FormPostView }
  | {
      kind: "consent";
      view: PageView;
      scopes: string[];
      email: string;
      orgName: string;
      /** The application the client's tokens open (CONTRACT §12: who asks, and for what). */
      applicationName: string | null;
    };

/** What every answer of the endpoint is: a page of the journey, or the provider's own answer. */
export type AuthorizeOutcome = JourneyOutcome;

/** The provider's own answer as an outcome (its consent page is a page of the journey's: after a POST, a 303 shows it). */
export const answer = (a: OidcAnswer): AuthorizeOutcome =>
  a.kind === "consent" ? { kind: "protocol", answer: a, view: a.view } : { kind: "protocol", answer: a };

/** A request that passed every check. */
export interface Validated {
  request: AuthorizationRequest;
  appName: string;
  applicationId: number | null;
  /** What the journey's pages show and whom they may sign in. */
  entry: JourneyEntry;
  /** Set when the request asked for `response_mode=form_post`: every answer to the client is that page. */
  formPost?: FormPostView;
}

export const isOutcome = (v: Validated | AuthorizeOutcome): v is AuthorizeOutcome => "kind" in v;

/** An error back to the client of a valid request (RFC 6749 §4.1.2.1). */
export const fail = (v: Validated, error: OAuthProtocolError): AuthorizeOutcome =>
  answer({
    kind: "redirect_error",
    error,
    redirectUri: v.request.redirectUri,
    state: v.request.state,
    ...(v.formPost ? { formPost: v.formPost } : {}),
  });

export function createRequestValidation(deps: {
  directory: Pick<ClientDirectory, "resolve">;
  brandOf(tenantId: number, applicationId: number | null): Promise<EffectiveBrand>;
}) {
  /** The form_post page's view of the client (its branding read through the directory cache). */
  const formPostView = async (
    tenantId: number,
    applicationId: number | null,
    appName: string,
    uiLocales: string[],
  ): Promise<FormPostView> => ({ appName, uiLocales, brand: await deps.brandOf(tenantId, applicationId) });

  /** The error page of a request that cannot be answered to its client (never redirected). */
  function errorPage(
    q: string,
    outcome: { about: string; error: OAuthProtocolError; check: string; value?: string },
  ): AuthorizeOutcome {
    const page: ErrorPageKind =
      outcome.about === "client" ? "unknown_client" : outcome.about === "redirect_uri" ? "bad_redirect" : "bad_request";
    // CONTRACT §15: even a request that cannot be answered to its client speaks the language it asked for.
    const asked = new URLSearchParams(q).get("ui_locales") ?? "";
    const uiLocales = asked.length <= 256 ? asked.split(" ").filter(Boolean).slice(0, 8) : [];
    return { kind: "error_page", page, error: outcome.error, uiLocales, check: outcome.check, value: outcome.value };
  }

  /** Validates the request (`q`: its raw parameters); a failure is the outcome to answer. */
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
    if (outcome.kind === "error_page") return errorPage(q, outcome);
    if (outcome.kind === "redirect_error")
      return answer({
        kind: "redirect_error",
        error: outcome.error,
        redirectUri: outcome.redirectUri,
        state: outcome.state,
        ...(outcome.responseMode === "form_post"
          ? { formPost: await formPostView(tenantId, applicationId, appName, []) }
          : {}),
      });
    const r = outcome.request;
    const entry: JourneyEntry = {
      appName,
      clientId: r.client.clientId,
      redirectUri: r.redirectUri,
      uiLocales: r.uiLocales,
      tenantId: r.client.tenantId,
      applicationId,
      scope: tenantScopeOf(r.client),
      serves: (t) => servesTenant(r.client, t),
      // Home-realm discovery (CONTRACT §16): who the request says signs in skips the identifier page.
      hints: { loginHint: r.loginHint, organizationId: r.organizationId, idpId: r.idpId },
    };
    const v: Validated = { request: r, appName, applicationId, entry };
    if (r.responseMode === "form_post")
      v.formPost = await formPostView(r.client.tenantId, applicationId, appName, r.uiLocales);
    return v;
  }

  return { validate };
}
