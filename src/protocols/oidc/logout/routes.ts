/**
 * `GET|POST /oauth2/logout` (the page half of RP-Initiated Logout 1.0: parameters in, a page or a
 * 303 out; CONTRACT §13). The person's sessions and consents under `/api/users/me` are the
 * sessions and consents features' routes.
 */
import { Elysia } from "elysia";
import { clientIp } from "../../../http/context";
import type { Logger } from "../../../http/observability";
import { logPageRefusal, type PageStatus, pageAnswer, pageResponsesDoc, seeOther } from "../../../http/page-answer";
import { SESSION_COOKIE, sessionCookieHeader } from "../../../http/session-cookie";
import {
  type Csrf,
  CSRF_FIELD,
  chooseLocale,
  type ErrorKind,
  errorPage,
  logoutConfirmPage,
  renderPage,
  signedOutPage,
} from "../../../pages";
import { LOGOUT_PATH, logoutDetail } from "./model";
import type { EndSessionService, LogoutOutcome, LogoutRequest } from "./service";

const PARAMS = [
  "id_token_hint",
  "post_logout_redirect_uri",
  "state",
  "client_id",
  "logout_hint",
  "ui_locales",
] as const;

const rawBody = async ({ request }: { request: Request }) => ({ text: await request.text() });
const textOf = (body: unknown) => (body as { text?: string } | undefined)?.text ?? "";

/** The request's parameters; null when one is repeated (a bad request). */
function requestOf(q: URLSearchParams): LogoutRequest | null {
  for (const k of PARAMS) if (q.getAll(k).length > 1) return null;
  const v = (k: string) => q.get(k) ?? undefined;
  return {
    idTokenHint: v("id_token_hint"),
    postLogoutRedirectUri: v("post_logout_redirect_uri"),
    state: v("state"),
    clientId: v("client_id"),
    logoutHint: v("logout_hint"),
    uiLocales: v("ui_locales"),
  };
}

export function logoutRoutes({
  logout,
  csrf,
  secure,
  log,
}: {
  logout: EndSessionService;
  csrf: Csrf;
  secure: boolean;
  log: Logger;
}) {
  const cookiesOf = (request: Request) => new Bun.CookieMap(request.headers.get("cookie") ?? "");
  const requestIdOf = (set: { headers: Record<string, unknown> }) => String(set.headers["x-request-id"] ?? "");
  /** Cleared only after the browser's own session ended (CONTRACT §13: never another's cookie). */
  const clearSession = () => sessionCookieHeader(null, { secure });

  function localeOf(request: Request, uiLocales?: string) {
    return chooseLocale({ uiLocales, acceptLanguage: request.headers.get("accept-language") });
  }

  /** The pages kit's brand from the service's (CONTRACT §15: logo served by this service). */
  const pageBrand = (b: LogoutOutcome["brand"]) =>
    b && { displayName: b.displayName, primaryColor: b.primaryColor, supportUrl: b.supportUrl, logoUrl: b.logo?.path };

  /** An error page of the way out: every kind is worded as signing out (src/pages catalogue `signOut*`). */
  function errorAnswer(
    request: Request,
    kind: Extract<ErrorKind, `signOut${string}`>,
    reference: string,
    status: PageStatus,
    uiLocales?: string,
    brand?: LogoutOutcome["brand"],
  ): Response {
    const { html, headers } = renderPage(
      errorPage,
      { kind, reference },
      { locale: localeOf(request, uiLocales), brand: pageBrand(brand) },
    );
    return pageAnswer(html, headers, status);
  }

  const ERROR_KIND = {
    unknown_client: "signOutUnknownClient",
    bad_redirect: "signOutBadRedirect",
    bad_request: "signOutBadRequest",
  } as const;

  /** Renders what the service decided: an error page, the confirmation form, a 303 back, or the signed-out page. */
  function answer(request: Request, o: LogoutOutcome, reference: string, uiLocales?: string): Response {
    switch (o.kind) {
      case "error_page":
        // The operator's side of the page's reference: which check refused what (CONTRACT §19).
        logPageRefusal(log, "logout request refused with an error page", {
          reference,
          page: o.reason,
          check: o.check,
          value: o.value,
        });
        return errorAnswer(request, ERROR_KIND[o.reason], reference, "bad_request", uiLocales, o.brand);
      case "confirm": {
        const issued = csrf.issue(cookiesOf(request).get(csrf.cookieName));
        const cookies = issued.setCookie ? [issued.setCookie] : [];
        const hidden: Record<string, string> = {};
        const r = o.request;
        if (r.clientId) hidden.client_id = r.clientId;
        if (r.postLogoutRedirectUri) hidden.post_logout_redirect_uri = r.postLogoutRedirectUri;
        if (r.state !== undefined) hidden.state = r.state;
        if (r.uiLocales) hidden.ui_locales = r.uiLocales;
        const { html, headers } = renderPage(
          logoutConfirmPage,
          { action: LOGOUT_PATH, hidden, appName: o.appName },
          {
            locale: localeOf(request, uiLocales),
            brand: pageBrand(o.brand),
            csrfToken: issued.token,
            // The POST answers 303 to the client's validated URI: the CSP form-action allows it.
            redirectTargets: o.returnUrl ? [o.returnUrl] : [],
          },
        );
        return pageAnswer(html, headers, "ok", cookies);
      }
      case "done": {
        const cookies = o.browserEnded ? [clearSession()] : [];
        if (o.redirect) return seeOther(o.redirect, cookies);
        const { html, headers } = renderPage(
          signedOutPage,
          { appName: o.appName, stayed: o.stayed, nothingEnded: !o.ended && !o.stayed, returnUrl: o.returnUrl },
          { locale: localeOf(request, uiLocales), brand: pageBrand(o.brand) },
        );
        return pageAnswer(html, headers, "ok", cookies);
      }
    }
  }

  async function guarded(request: Request, set: { headers: Record<string, unknown> }, run: () => Promise<Response>) {
    try {
      return await run();
    } catch (e) {
      log.error("logout failed", {
        requestId: requestIdOf(set),
        error: String((e as Error)?.message ?? e).split("\n")[0],
      });
      return errorAnswer(request, "signOutServer", requestIdOf(set), "server_error");
    }
  }

  async function handle(
    request: Request,
    server: unknown,
    set: { headers: Record<string, unknown> },
    q: URLSearchParams,
  ) {
    const reference = requestIdOf(set);
    const req = requestOf(q);
    // A repeated parameter: the page still speaks the language asked for, when one was.
    if (!req) {
      const repeated = [...new Set([...q.keys()].filter((k) => q.getAll(k).length > 1))];
      logPageRefusal(log, "logout request refused with an error page", {
        reference,
        page: "bad_request",
        check: "no parameter is repeated",
        value: repeated.join(", "),
      });
      return errorAnswer(request, "signOutBadRequest", reference, "bad_request", q.getAll("ui_locales")[0]);
    }
    const ip = clientIp(request, server as Parameters<typeof clientIp>[1]);
    const cookie = cookiesOf(request).get(SESSION_COOKIE);
    const decision = q.get("decision");
    if (decision !== null && request.method === "POST") {
      // The confirmation form's answer: a CSRF-protected POST of our own page.
      if (!csrf.verify(cookiesOf(request).get(csrf.cookieName), q.get(CSRF_FIELD))) {
        logPageRefusal(log, "logout request refused with an error page", {
          reference,
          page: "csrf",
          check: "the form's csrf field matches the csrf cookie",
        });
        return errorAnswer(request, "signOutCsrf", reference, "forbidden", req.uiLocales);
      }
      const o = await logout.confirm(req, decision === "logout" ? "logout" : "stay", cookie, ip);
      return answer(request, o, reference, req.uiLocales);
    }
    return answer(request, await logout.logout(req, cookie, ip), reference, req.uiLocales);
  }

  const isForm = (request: Request) =>
    (request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");

  return new Elysia({ name: "logout-routes" })
    .get(
      LOGOUT_PATH,
      ({ request, server, set }) =>
        guarded(request, set, () => handle(request, server, set, new URL(request.url).searchParams)),
      { detail: { ...logoutDetail("GET"), responses: pageResponsesDoc } },
    )
    .post(
      LOGOUT_PATH,
      ({ body, request, server, set }) =>
        guarded(request, set, async () => {
          if (!isForm(request)) {
            logPageRefusal(log, "logout request refused with an error page", {
              reference: requestIdOf(set),
              page: "bad_request",
              check: "content-type is application/x-www-form-urlencoded",
              value: request.headers.get("content-type") ?? "(none)",
            });
            return errorAnswer(request, "signOutBadRequest", requestIdOf(set), "bad_request");
          }
          return handle(request, server, set, new URLSearchParams(textOf(body)));
        }),
      { parse: [rawBody], detail: { ...logoutDetail("POST"), responses: pageResponsesDoc } },
    );
}
