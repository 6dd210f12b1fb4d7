/**
 * The federation protocol's wire (CONTRACT §16). OIDC: `/federation/oidc/{id}/start` (where the
 * journey hands a browser to a connection: a page whose script-submitted form carries the
 * authorization request to the upstream) and `/federation/oidc/{id}/callback` (the upstream's
 * answer). SAML: `/federation/saml/{id}/start` (the same page, carrying the signed AuthnRequest
 * over HTTP-Redirect), `/acs` (the Response, HTTP-POST), `/continue` (its same-site leg) and
 * `/metadata` (our SP metadata for the connection).
 * The browser endpoints are pages: every outcome is rendered by the journey's page kit (an error
 * page, never a 500 or a JSON body), and the end of the journey by its protocol's renderer.
 */
import { Elysia } from "elysia";
import type { JourneyPages } from "../../features/journey";
import { notFound } from "../../kernel/errors";
import { pageAnswer, seeOther } from "../../http/page-answer";
import { chooseLocale, FORM_POST_SCRIPT, formPostPage, renderPage } from "../../pages";
import { browserBinding, FEDERATION_COOKIE } from "./binding";
import type { OidcUpstream } from "./oidc-upstream";
import type { SamlUpstream } from "./saml-upstream";

const idOf = (raw: string) => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : 0);

/**
 * A page whose form (GET, submitted by its script; a button without JavaScript) takes the browser
 * to `endpoint` with `params`, not a redirect. Chromium applies a page's CSP `form-action` to every
 * redirect that follows the form's submission, so neither leg of an upstream sign-in may ride on a
 * chain of redirects from a form:
 * - the start page: a browser coming from the identifier page's form would apply that page's
 *   `form-action` to the redirect to the upstream; this page's names the upstream;
 * - the way back (`handedOn`): the upstream's own sign-in page may have posted its form under a
 *   `form-action` (this service's pages do) that names our callback, never the application our
 *   callback's 303 goes to; this page ends that chain and names the application.
 */
function handOnPage(
  request: Request,
  r: { endpoint: string; params: [string, string][]; name?: string },
  setCookies: readonly string[],
) {
  const { html, headers } = renderPage(
    formPostPage,
    { action: r.endpoint, fields: r.params, to: r.name, method: "get" },
    {
      locale: chooseLocale({ acceptLanguage: request.headers.get("accept-language") }),
      redirectTargets: [r.endpoint],
      scripts: [FORM_POST_SCRIPT],
    },
  );
  return pageAnswer(html, headers, "ok", setCookies);
}

/**
 * The end of an upstream sign-in as the browser goes on: the journey's 303 to another origin (the
 * application's redirect URI, with its code or error) becomes the hand-on page, its cookies kept.
 * A 303 within this service, a page, or a target a GET form cannot carry (a fragment, a private-use
 * scheme) stays as it is.
 */
async function handedOn(request: Request, answer: Promise<Response>): Promise<Response> {
  const res = await answer;
  const location = res.status === 303 ? res.headers.get("location") : null;
  if (!location) return res;
  const target = new URL(location, request.url);
  if (target.origin === new URL(request.url).origin || target.hash || !/^https?:$/.test(target.protocol)) return res;
  const params = [...target.searchParams] as [string, string][];
  return handOnPage(request, { endpoint: `${target.origin}${target.pathname}`, params }, res.headers.getSetCookie());
}

export function federationRoutes({
  oidc,
  saml,
  pages,
  secure,
}: {
  oidc: OidcUpstream;
  saml: SamlUpstream;
  pages: JourneyPages;
  /** False only when the issuer is plain http: then the binding cookie is not `Secure`. */
  secure: boolean;
}) {
  const bindingOf = (request: Request) => browserBinding(pages.cookiesOf(request).get(FEDERATION_COOKIE), secure);
  const boundTo = (request: Request) => pages.cookiesOf(request).get(FEDERATION_COOKIE);
  return new Elysia({ name: "federation-routes" })
    .get(
      "/federation/oidc/:id/start",
      ({ params, request, set }) =>
        pages.guarded(request, set, false, async () => {
          const binding = bindingOf(request);
          const interaction = new URL(request.url).searchParams.get("interaction");
          const r = await oidc.start(idOf(params.id), interaction, binding.hash);
          return "endpoint" in r ? handOnPage(request, r, [binding.setCookie]) : r;
        }),
      { detail: { hide: true } },
    )
    .get(
      "/federation/oidc/:id/callback",
      ({ params, request, server, set }) =>
        handedOn(
          request,
          pages.guarded(request, set, false, () =>
            oidc.callback(
              idOf(params.id),
              new URL(request.url).searchParams,
              pages.browserOf(request, server),
              boundTo(request),
            ),
          ),
        ),
      { detail: { hide: true } },
    )
    .get(
      "/federation/saml/:id/start",
      ({ params, request, set }) =>
        pages.guarded(request, set, false, async () => {
          const binding = bindingOf(request);
          const interaction = new URL(request.url).searchParams.get("interaction");
          const r = await saml.start(idOf(params.id), interaction, binding.hash);
          return "endpoint" in r ? handOnPage(request, r, [binding.setCookie]) : r;
        }),
      { detail: { hide: true } },
    )
    .post(
      "/federation/saml/:id/acs",
      // A cross-site POST from the IdP (no CSRF field, no SameSite=Lax cookie): the Response is
      // its own proof; the journey goes on at `/continue`, a same-site redirect with the cookies.
      ({ body, params, request, set }) =>
        handedOn(
          request,
          pages.guarded(request, set, true, async () => {
            if (!pages.isForm(request)) return pages.notAForm(request, set);
            const r = await saml.acs(idOf(params.id), new URLSearchParams(pages.textOf(body)));
            return "continueAt" in r ? seeOther(r.continueAt) : r;
          }),
        ),
      { parse: [pages.rawBody], detail: { hide: true } },
    )
    .get(
      "/federation/saml/:id/continue",
      ({ params, request, server, set }) =>
        handedOn(
          request,
          pages.guarded(request, set, false, () =>
            saml.resume(
              idOf(params.id),
              new URL(request.url).searchParams.get("r"),
              pages.browserOf(request, server),
              boundTo(request),
            ),
          ),
        ),
      { detail: { hide: true } },
    )
    .get(
      "/federation/saml/:id/metadata",
      async ({ params }) => {
        const xml = await saml.metadata(idOf(params.id));
        if (!xml) throw notFound("Identity provider");
        return new Response(xml, {
          headers: { "content-type": "application/samlmetadata+xml; charset=utf-8", "cache-control": "max-age=300" },
        });
      },
      { detail: { hide: true } },
    );
}
