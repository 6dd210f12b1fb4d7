/**
 * The federation protocol's wire (CONTRACT §16): `/federation/oidc/{id}/start` (where the journey
 * hands a browser to a connection: a page whose script-submitted form carries the authorization
 * request to the upstream) and `/federation/oidc/{id}/callback` (the upstream's answer).
 * Both are browser pages: every outcome is rendered by the journey's page kit (an error page,
 * never a 500 or a JSON body), and the end of the journey by its protocol's renderer.
 */
import { Elysia } from "elysia";
import type { JourneyPages } from "../../features/journey";
import { pageAnswer } from "../../http/page-answer";
import { chooseLocale, FORM_POST_SCRIPT, formPostPage, renderPage } from "../../pages";
import type { OidcUpstream } from "./oidc-upstream";

const idOf = (raw: string) => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : 0);

export function federationRoutes({ oidc, pages }: { oidc: OidcUpstream; pages: JourneyPages }) {
  return new Elysia({ name: "federation-routes" })
    .get(
      "/federation/oidc/:id/start",
      ({ params, request, set }) =>
        pages.guarded(request, set, false, async () => {
          const r = await oidc.start(idOf(params.id), new URL(request.url).searchParams.get("interaction"));
          if (!("endpoint" in r)) return r;
          // A page whose form (GET) goes to the upstream, not a redirect: a browser coming from the identifier page's form would apply that page's CSP
          // `form-action` to every redirect of the submission; this page's names the upstream.
          const { html, headers } = renderPage(
            formPostPage,
            { action: r.endpoint, fields: r.params, to: r.name, method: "get" },
            {
              locale: chooseLocale({ acceptLanguage: request.headers.get("accept-language") }),
              redirectTargets: [r.endpoint],
              scripts: [FORM_POST_SCRIPT],
            },
          );
          return pageAnswer(html, headers, "ok", []);
        }),
      { detail: { hide: true } },
    )
    .get(
      "/federation/oidc/:id/callback",
      ({ params, request, server, set }) =>
        pages.guarded(request, set, false, () =>
          oidc.callback(idOf(params.id), new URL(request.url).searchParams, pages.browserOf(request, server)),
        ),
      { detail: { hide: true } },
    );
}
