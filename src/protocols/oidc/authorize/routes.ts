/**
 * `GET|POST /oauth2/authorize` and the consent page's POST (CONTRACT §12): read the browser's
 * request and call the endpoint; the journey's page kit (features/journey/routes.ts) renders the
 * outcome, and this protocol's own answers through `authorizeAnswers`: the code or an error back
 * to the redirect URI (a 303, or a form_post page), and the consent page.
 */
import { Elysia } from "elysia";
import { authorizationErrorFields, authorizationErrorRedirect } from "../redirect";
import { authorizeResponsesDoc, pageAnswer, seeOther } from "../../../http/page-answer";
import { consentPage, FORM_POST_SCRIPT, formPostPage, renderPage } from "../../../pages";
import type { JourneyPages, ProtocolRenderer } from "../../../features/journey";
import { AUTHORIZE_PATH, authorizeDetail, CONSENT_PATH } from "./model";
import type { FormPostView, OidcAnswer } from "./request";
import type { AuthorizeService } from "./service";

/** Renders the provider's own answers (the journey's page kit renders everything else). */
export function authorizeAnswers({ issuer }: { issuer: string }): ProtocolRenderer {
  /**
   * OAuth 2.0 Form Post Response Mode §2: the answer as a page whose form POSTs `fields` to the
   * validated redirect URI, submitted by a script file of this origin (no inline script; a
   * `<noscript>` button without JavaScript). Its CSP's `form-action` names the redirect URI; no-store.
   */
  const formPost = (
    redirectUri: string,
    fields: [string, string][],
    view: FormPostView,
    kit: Parameters<ProtocolRenderer>[2],
  ): Response => {
    const { html, headers } = renderPage(
      formPostPage,
      { action: redirectUri, fields, appName: view.appName },
      {
        locale: kit.locale(view.uiLocales),
        brand: kit.brand(view.brand),
        redirectTargets: [redirectUri],
        scripts: [FORM_POST_SCRIPT],
      },
    );
    return pageAnswer(html, headers, "ok", kit.cookies);
  };

  return (_request, a, kit) => {
    // The provider's outcomes carry only its own answers (request.ts `answer`).
    const o = a as OidcAnswer;
    switch (o.kind) {
      case "redirect":
        return seeOther(o.url, kit.cookies);
      case "form_post":
        return formPost(o.redirectUri, o.fields, o.formPost, kit);
      case "redirect_error":
        return o.formPost
          ? formPost(o.redirectUri, authorizationErrorFields(o, issuer), o.formPost, kit)
          : seeOther(authorizationErrorRedirect(o, issuer), kit.cookies);
      case "consent": {
        const { ctx, hidden } = kit.page(o.view);
        const { html, headers } = renderPage(
          consentPage,
          {
            action: CONSENT_PATH,
            hidden,
            appName: o.view.appName,
            applicationName: o.applicationName ?? undefined,
            scopes: o.scopes,
            email: o.email,
            orgName: o.orgName,
          },
          ctx,
        );
        return pageAnswer(html, headers, "ok", kit.cookies);
      }
    }
  };
}

export function authorizeRoutes({ authorize, pages }: { authorize: AuthorizeService; pages: JourneyPages }) {
  const { browserOf, guarded, isForm, notAForm, pageForm, rawBody, textOf } = pages;
  return (
    new Elysia({ name: "authorize-routes" })
      .get(
        AUTHORIZE_PATH,
        ({ request, server, set }) =>
          guarded(request, set, false, () =>
            authorize.authorize(new URL(request.url).search.slice(1), browserOf(request, server)),
          ),
        { detail: { ...authorizeDetail("GET"), responses: authorizeResponsesDoc } },
      )
      // OIDC Core §3.1.2.1: the request may come as a form post (the client's own page posts it).
      .post(
        AUTHORIZE_PATH,
        ({ body, request, server, set }) =>
          guarded(request, set, true, async () => {
            if (!isForm(request)) return notAForm(request, set);
            return authorize.authorize(textOf(body), browserOf(request, server));
          }),
        { parse: [rawBody], detail: { ...authorizeDetail("POST"), responses: authorizeResponsesDoc } },
      )
      .post(
        CONSENT_PATH,
        ({ body, request, server, set }) =>
          guarded(request, set, true, async () => {
            const form = await pageForm(request, set, textOf(body));
            if (form instanceof Response) return form;
            return authorize.decideConsent(
              form.get("interaction"),
              (form.get("decision") ?? "") === "allow" ? "allow" : "deny",
              browserOf(request, server),
            );
          }),
        { parse: [rawBody], detail: { hide: true } },
      )
  );
}
