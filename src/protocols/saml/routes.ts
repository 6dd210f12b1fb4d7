/**
 * The SAML endpoints (CONTRACT §17): `/saml/{tenantId}/metadata`, `/sso` (HTTP-Redirect GET and
 * HTTP-POST), `/sso/continue` (the same-site leg of a POSTed request), `/init` (IdP-initiated)
 * and `/slo`. The journey's page kit renders every outcome; this protocol's own answers (the
 * auto-submitting Response form, the LogoutResponse redirect) through `samlAnswers`.
 */
import { Elysia, t } from "elysia";
import type { JourneyPages, ProtocolRenderer } from "../../features/journey";
import { notFound } from "../../kernel/errors";
import { pageAnswer, pageResponsesDoc, seeOther } from "../../http/page-answer";
import { FORM_POST_SCRIPT, formPostPage, renderPage } from "../../pages";
import { QueryInt } from "../../http/wire";
import type { Incoming } from "./request";
import type { SamlAnswer, SamlService } from "./service";

export const SAML_PATH_PREFIX = "/saml/";

/** Renders this protocol's answers (the journey's page kit renders everything else). */
export function samlAnswers(): ProtocolRenderer {
  return (_request, a, kit) => {
    const o = a as SamlAnswer;
    if (o.kind === "saml_redirect") return seeOther(o.url, kit.cookies);
    // SAML bindings §3.5: an auto-submitting form (a script file of this origin, no inline script;
    // a <noscript> button without JavaScript). Its CSP's form-action names the ACS URL.
    const { html, headers } = renderPage(
      formPostPage,
      { action: o.acsUrl, fields: o.fields, appName: o.appName },
      {
        locale: kit.locale([]),
        brand: kit.brand(o.brand),
        redirectTargets: [o.acsUrl],
        scripts: [FORM_POST_SCRIPT],
      },
    );
    return pageAnswer(html, headers, "ok", kit.cookies);
  };
}

const Tenant = t.Object({ tenantId: QueryInt({ minimum: 1 }) });

export function samlRoutes({ saml, pages }: { saml: SamlService; pages: JourneyPages }) {
  const { browserOf, guarded, isForm, notAForm, rawBody, textOf } = pages;
  const fromQuery = (request: Request): Incoming => {
    const url = new URL(request.url);
    return {
      binding: "redirect",
      message: url.searchParams.get("SAMLRequest"),
      relayState: url.searchParams.get("RelayState"),
      rawQuery: url.search.slice(1),
    };
  };
  const fromForm = (text: string): Incoming => {
    const form = new URLSearchParams(text);
    return { binding: "post", message: form.get("SAMLRequest"), relayState: form.get("RelayState"), rawQuery: "" };
  };
  const tags = ["SAML"];
  return new Elysia({ name: "saml-routes" })
    .get(
      "/saml/:tenantId/metadata",
      async ({ params }) => {
        const xml = await saml.metadata(params.tenantId);
        if (!xml) throw notFound("Tenant");
        return new Response(xml, {
          headers: { "content-type": "application/samlmetadata+xml; charset=utf-8", "cache-control": "max-age=300" },
        });
      },
      {
        params: Tenant,
        detail: {
          tags,
          summary: "The tenant's SAML IdP metadata",
          description:
            "EntityDescriptor with entityID `{issuer}/saml/{tenantId}`: signing certificates of the current key and of the next one (published ahead of rotation, so an SP can pin it), SSO (HTTP-Redirect, HTTP-POST) and SLO endpoints, NameID formats persistent and emailAddress.",
        },
      },
    )
    .get(
      "/saml/:tenantId/sso",
      ({ params, request, server, set }) =>
        guarded(request, set, false, () =>
          saml.ssoRedirect(params.tenantId, fromQuery(request), browserOf(request, server)),
        ),
      {
        params: Tenant,
        detail: { tags, summary: "SAML SSO, HTTP-Redirect binding (an AuthnRequest)", responses: pageResponsesDoc },
      },
    )
    .post(
      "/saml/:tenantId/sso",
      ({ body, params, request, set }) =>
        guarded(request, set, true, async () => {
          if (!isForm(request)) return notAForm(request, set);
          const o = await saml.ssoPost(params.tenantId, fromForm(textOf(body)));
          if ("continueWith" in o)
            return seeOther(
              `/saml/${params.tenantId}/sso/continue?${new URLSearchParams({ interaction: o.continueWith })}`,
            );
          return o;
        }),
      {
        params: Tenant,
        parse: [rawBody],
        detail: {
          tags,
          summary: "SAML SSO, HTTP-POST binding (an AuthnRequest)",
          responses: pageResponsesDoc,
          description:
            "A cross-site POST carries no SameSite=Lax cookie: the checked request continues with a 303 to a same-site GET that sees the browser's sign-in session.",
        },
      },
    )
    .get(
      "/saml/:tenantId/sso/continue",
      ({ request, server, set }) =>
        guarded(request, set, false, () =>
          saml.ssoContinue(new URL(request.url).searchParams.get("interaction"), browserOf(request, server)),
        ),
      { params: Tenant, detail: { hide: true } },
    )
    .get(
      "/saml/:tenantId/init",
      ({ params, request, server, set }) =>
        guarded(request, set, false, () => {
          const q = new URL(request.url).searchParams;
          return saml.initiate(params.tenantId, q.get("sp"), q.get("RelayState"), browserOf(request, server));
        }),
      {
        params: Tenant,
        detail: {
          tags,
          summary: "IdP-initiated SAML sign-in into the SP named by `sp` (its entity id)",
          responses: pageResponsesDoc,
        },
      },
    )
    .get(
      "/saml/:tenantId/slo",
      ({ params, request, server, set }) =>
        guarded(request, set, false, () =>
          saml.logout(params.tenantId, fromQuery(request), browserOf(request, server)),
        ),
      {
        params: Tenant,
        detail: {
          tags,
          summary: "SAML single logout, HTTP-Redirect binding (a LogoutRequest)",
          responses: pageResponsesDoc,
        },
      },
    )
    .post(
      "/saml/:tenantId/slo",
      ({ body, params, request, server, set }) =>
        guarded(request, set, true, async () => {
          if (!isForm(request)) return notAForm(request, set);
          return saml.logout(params.tenantId, fromForm(textOf(body)), browserOf(request, server));
        }),
      {
        params: Tenant,
        parse: [rawBody],
        detail: {
          tags,
          summary: "SAML single logout, HTTP-POST binding (a LogoutRequest)",
          responses: pageResponsesDoc,
        },
      },
    );
}
