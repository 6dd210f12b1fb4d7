/**
 * Rendering a hosted page outside the authorization flow (the password and email-verification
 * pages): the chosen language, the branding the visitor may see, a CSRF token for a form, and the
 * error page of a refused request. One place, so those pages cannot drift apart.
 */
import { chooseLocale, type Csrf, errorPage, type Page, renderPage } from "../pages";
import { type PageStatus, pageAnswer } from "./page-answer";

/** The branding a page shows (the branding feature's effective brand, as the page kit takes it). */
export interface PageBrand {
  displayName?: string;
  primaryColor?: string;
  supportUrl?: string;
  logo?: { path: string };
}

export function createPageRenderer(csrf: Csrf) {
  const cookiesOf = (request: Request) => new Bun.CookieMap(request.headers.get("cookie") ?? "");

  /** The page, in the language asked for (`ui_locales`, then Accept-Language), with a CSRF token when it has a form. */
  function render<P>(
    request: Request,
    page: Page<P>,
    props: P,
    o: { uiLocales?: string; brand: PageBrand | null; status?: PageStatus; form?: boolean },
  ): Response {
    const cookies: string[] = [];
    let csrfToken: string | undefined;
    if (o.form) {
      const issued = csrf.issue(cookiesOf(request).get(csrf.cookieName));
      if (issued.setCookie) cookies.push(issued.setCookie);
      csrfToken = issued.token;
    }
    const locale = chooseLocale({ uiLocales: o.uiLocales, acceptLanguage: request.headers.get("accept-language") });
    const b = o.brand;
    const brand = b
      ? { displayName: b.displayName, primaryColor: b.primaryColor, supportUrl: b.supportUrl, logoUrl: b.logo?.path }
      : undefined;
    const { html, headers } = renderPage(page, props, { locale, brand, csrfToken });
    return pageAnswer(html, headers, o.status ?? "ok", cookies);
  }

  /** The error page of a refused request (CSRF, a bad form, a failure), with its reference. */
  function errorAnswer(request: Request, kind: "csrf" | "badRequest" | "server", reference: string): Response {
    const locale = chooseLocale({ acceptLanguage: request.headers.get("accept-language") });
    const { html, headers } = renderPage(errorPage, { kind, reference }, { locale });
    return pageAnswer(
      html,
      headers,
      kind === "csrf" ? "forbidden" : kind === "server" ? "server_error" : "bad_request",
    );
  }

  return { cookiesOf, render, errorAnswer };
}
