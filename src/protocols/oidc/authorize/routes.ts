/**
 * `GET|POST /oauth2/authorize` and the hosted pages' steps (CONTRACT §12): read the browser's
 * request (raw parameters, cookies, CSRF field), call the flow, and render its outcome with the
 * pages kit (src/pages) or answer 303. Every POST is answered 303 unless its form is shown again
 * with a problem. No CORS here (src/http/cors.ts covers only the API and the token endpoint).
 */
import { Elysia } from "elysia";
import { clientIp } from "../../../http/context";
import type { Logger } from "../../../http/observability";
import { authorizationErrorFields, authorizationErrorRedirect } from "../redirect";
import {
  authorizeResponsesDoc,
  logPageRefusal,
  type PageStatus,
  pageAnswer,
  pageResponsesDoc,
  seeOther,
} from "../../../http/page-answer";
import { SESSION_COOKIE, sessionCookieHeader } from "../../../http/session-cookie";
import {
  type Csrf,
  CSRF_FIELD,
  chooseLocale,
  consentPage,
  type ErrorKind,
  errorPage,
  FORM_POST_SCRIPT,
  formPostPage,
  type Msg,
  orgPickerPage,
  PASSKEY_SCRIPT,
  renderPage,
  secondFactorPage,
  signInPage,
  supportedLocale,
} from "../../../pages";
import { AUTHORIZE_PATH, authorizeDetail, DEVICE_COOKIE, ORG_COOKIE, PENDING_MFA_COOKIE, STEP_PATHS } from "./model";
import type {
  AuthorizeOutcome,
  AuthorizeService,
  BrowserContext,
  CookieChange,
  FormPostView,
  PageView,
} from "./service";

type ServerLike = Parameters<typeof clientIp>[1];

/** The hosted "forgot password" page (the passwords feature's pages; docs/pages.md). */
const FORGOT_PAGE_PATH = "/pages/password/forgot";
const RESET_PAGE_PATH = "/pages/password/reset";

/** The body as sent (the forms are read as multimaps here, so a repeated parameter is seen). */
const rawBody = async ({ request }: { request: Request }) => ({ text: await request.text() });
const textOf = (body: unknown) => (body as { text?: string } | undefined)?.text ?? "";

const ERROR_KIND: Record<string, ErrorKind> = {
  unknown_client: "unknownClient",
  bad_redirect: "badRedirect",
  bad_request: "badRequest",
  expired: "expired",
  second_factor_required: "secondFactorRequired",
};

export function authorizeRoutes({
  authorize,
  csrf,
  secure,
  log,
}: {
  authorize: AuthorizeService;
  /** The pages' CSRF tokens (its secret derived from the master key). */
  csrf: Csrf;
  /** False only when the issuer is plain http: then the cookies are not `Secure`. */
  secure: boolean;
  log: Logger;
}) {
  const cookiesOf = (request: Request) => new Bun.CookieMap(request.headers.get("cookie") ?? "");

  const browserOf = (request: Request, server: ServerLike | null, form?: URLSearchParams): BrowserContext => ({
    sessionCookie: cookiesOf(request).get(SESSION_COOKIE),
    orgCookie: cookiesOf(request).get(ORG_COOKIE),
    deviceCookie: cookiesOf(request).get(DEVICE_COOKIE),
    locale: supportedLocale(form?.get("locale")) ?? null,
    ip: clientIp(request, server),
    userAgent: request.headers.get("user-agent"),
  });

  /** The Set-Cookie values of a cookie change. */
  function setCookies(change: CookieChange | undefined): string[] {
    const out: string[] = [];
    if (change?.session !== undefined) out.push(sessionCookieHeader(change.session, { secure }));
    if (change?.pendingMfa !== undefined)
      out.push(
        new Bun.Cookie(PENDING_MFA_COOKIE, change.pendingMfa?.value ?? "", {
          httpOnly: true,
          sameSite: "lax",
          path: AUTHORIZE_PATH,
          secure,
          maxAge: change.pendingMfa ? change.pendingMfa.maxAgeSeconds : 0,
        }).serialize(),
      );
    if (change?.device)
      out.push(
        new Bun.Cookie(DEVICE_COOKIE, change.device.value, {
          httpOnly: true,
          sameSite: "lax",
          path: AUTHORIZE_PATH,
          secure,
          maxAge: change.device.maxAgeSeconds,
        }).serialize(),
      );
    if (change?.org)
      out.push(
        new Bun.Cookie(ORG_COOKIE, change.org.value, {
          httpOnly: true,
          sameSite: "lax",
          path: AUTHORIZE_PATH,
          secure,
          maxAge: change.org.maxAgeSeconds,
        }).serialize(),
      );
    return out;
  }

  const requestIdOf = (set: { headers: Record<string, unknown> }) => String(set.headers["x-request-id"] ?? "");

  /** The branding as the pages kit takes it. */
  const brandOf = (b: PageView["brand"]) => ({
    displayName: b.displayName,
    primaryColor: b.primaryColor,
    supportUrl: b.supportUrl,
    logoUrl: b.logo?.path,
  });

  /** Renders an error page (never a redirect), in the client's branding and languages when the flow knows them. */
  function errorAnswer(
    request: Request,
    kind: ErrorKind,
    reference: string,
    status: PageStatus,
    shown: { cookies?: readonly string[]; brand?: PageView["brand"]; uiLocales?: string[] } = {},
  ): Response {
    const locale = chooseLocale({
      uiLocales: shown.uiLocales?.join(" "),
      acceptLanguage: request.headers.get("accept-language"),
    });
    const brand = shown.brand && brandOf(shown.brand);
    const { html, headers } = renderPage(errorPage, { kind, reference }, { locale, brand });
    return pageAnswer(html, headers, status, shown.cookies);
  }

  /**
   * OAuth 2.0 Form Post Response Mode §2: the answer as a page whose form POSTs `fields` to the
   * validated redirect URI, submitted by a script file of this origin (no inline script; a
   * `<noscript>` button without JavaScript). Its CSP's `form-action` names the redirect URI; no-store.
   */
  function formPostAnswer(
    request: Request,
    redirectUri: string,
    fields: [string, string][],
    view: FormPostView,
    cookies: readonly string[],
  ): Response {
    const locale = chooseLocale({
      uiLocales: view.uiLocales.join(" "),
      acceptLanguage: request.headers.get("accept-language"),
    });
    const { html, headers } = renderPage(
      formPostPage,
      { action: redirectUri, fields, appName: view.appName },
      {
        locale,
        brand: brandOf(view.brand),
        redirectTargets: [redirectUri],
        scripts: [FORM_POST_SCRIPT],
      },
    );
    return pageAnswer(html, headers, "ok", cookies);
  }

  /** Renders the outcome of the flow: a page, a 303 to the client or to the next page. */
  async function answer(
    request: Request,
    o: AuthorizeOutcome,
    reference: string,
    afterPost: boolean,
  ): Promise<Response> {
    const cookies = setCookies(o.cookies);
    switch (o.kind) {
      case "redirect":
        return seeOther(o.url, cookies);
      case "form_post":
        return formPostAnswer(request, o.redirectUri, o.fields, o.formPost, cookies);
      case "redirect_error":
        return o.formPost
          ? formPostAnswer(request, o.redirectUri, authorizationErrorFields(o, authorize.issuer), o.formPost, cookies)
          : seeOther(authorizationErrorRedirect(o, authorize.issuer), cookies);
      case "continue": {
        const path = o.step === "second-factor" ? STEP_PATHS.secondFactor : STEP_PATHS.resume;
        const q = new URLSearchParams({ interaction: o.interaction });
        if (o.step === "second-factor") q.set("method", "totp");
        return seeOther(`${path}?${q}`, cookies);
      }
      case "error_page":
        // The operator's side of the page's reference: which check refused what (CONTRACT §19).
        logPageRefusal(log, "authorization request refused with an error page", {
          reference,
          page: o.page,
          check: o.check,
          value: o.value,
          error: o.error.error,
          reason: o.error.description,
        });
        return errorAnswer(
          request,
          ERROR_KIND[o.page] ?? "badRequest",
          reference,
          o.page === "second_factor_required" ? "forbidden" : "bad_request",
          { cookies, brand: o.brand, uiLocales: o.uiLocales },
        );
    }
    // A page: after a POST, 303 to the GET that shows it, unless it shows the posted form again with its problem.
    const refusal = (o.kind === "sign_in" || o.kind === "second_factor") && o.problem !== undefined;
    if (afterPost && !refusal) {
      const q = new URLSearchParams({ interaction: o.view.interaction });
      return seeOther(`${STEP_PATHS.resume}?${q}`, cookies);
    }
    return renderView(request, o, cookies);
  }

  async function renderView(
    request: Request,
    o: Extract<AuthorizeOutcome, { view: PageView }>,
    cookies: string[],
  ): Promise<Response> {
    const jar = cookiesOf(request);
    const issued = csrf.issue(jar.get(csrf.cookieName));
    if (issued.setCookie) cookies.push(issued.setCookie);
    const locale = chooseLocale({
      uiLocales: o.view.uiLocales.join(" "),
      acceptLanguage: request.headers.get("accept-language"),
    });
    const brand = brandOf(o.view.brand);
    const ctx = { locale, brand, csrfToken: issued.token, redirectTargets: [o.view.redirectUri] };
    // The page's language goes back with the form: signing in saves it as the person's choice.
    const hidden = { interaction: o.view.interaction, locale };
    // Passkeys (CONTRACT §14): the pages that offer one load the passkey script (a static asset).
    const withScript = { ...ctx, scripts: [PASSKEY_SCRIPT] };
    switch (o.kind) {
      case "sign_in": {
        const minutes = Math.max(1, Math.ceil((o.retryAfterSeconds ?? 60) / 60));
        const error: Msg | undefined =
          o.problem === "credentials"
            ? { key: "problem.credentials" }
            : o.problem === "locked" || o.problem === "rate_limited"
              ? { key: "problem.locked", values: { count: minutes } }
              : o.problem === "expired"
                ? { key: "problem.formExpired" }
                : o.problem === "passkey"
                  ? { key: "problem.passkey" }
                  : undefined;
        const fieldErrors =
          o.problem === "missing"
            ? o.email?.trim()
              ? { password: { key: "problem.passwordRequired" } as Msg }
              : { email: { key: "problem.emailRequired" } as Msg }
            : undefined;
        const offer = await authorize.passkeySignInOffer();
        const passAlong = new URLSearchParams({
          client_id: o.view.clientId,
          interaction: o.view.interaction,
          ...(o.view.uiLocales.length ? { ui_locales: o.view.uiLocales.join(" ") } : {}),
        });
        const { html, headers } = renderPage(
          signInPage,
          {
            step: "email-and-password",
            action: STEP_PATHS.password,
            hidden,
            appName: o.view.appName,
            email: o.email,
            error,
            fieldErrors,
            // The hosted password pages (reset, and a setup link's code: both redeem there), then back here.
            forgotPasswordUrl: `${FORGOT_PAGE_PATH}?${passAlong}`,
            setupLinkUrl: `${RESET_PAGE_PATH}?${passAlong}`,
            passkey: { action: STEP_PATHS.passkey, hidden, ...offer, autofill: true, purpose: "signIn" },
          },
          withScript,
        );
        return pageAnswer(html, headers, o.problem ? "refused" : "ok", cookies);
      }
      case "second_factor": {
        const other = o.method === "totp" ? "recovery" : "totp";
        const error: Msg | undefined =
          o.problem === "missing"
            ? { key: "problem.codeRequired" }
            : o.problem === "invalid"
              ? { key: o.method === "totp" ? "problem.codeInvalid" : "problem.recoveryInvalid" }
              : o.problem === "passkey"
                ? { key: "problem.passkey" }
                : undefined;
        const { codes, passkey: offer } = await authorize.secondFactorOffer(cookiesOf(request).get(PENDING_MFA_COOKIE));
        const { html, headers } = renderPage(
          secondFactorPage,
          {
            method: o.method,
            action: STEP_PATHS.secondFactor,
            hidden,
            switchUrl: `${STEP_PATHS.secondFactor}?${new URLSearchParams({ interaction: o.view.interaction, method: other })}`,
            // With the passkey alone there is no code field: the problem is the page's.
            ...(codes ? { error } : { alert: error, codes }),
            ...(offer
              ? {
                  passkey: {
                    action: STEP_PATHS.secondFactorPasskey,
                    hidden,
                    ...offer,
                    purpose: "secondFactor" as const,
                  },
                }
              : {}),
          },
          offer ? withScript : ctx,
        );
        return pageAnswer(html, headers, o.problem ? "refused" : "ok", cookies);
      }
      case "choose_org": {
        const { html, headers } = renderPage(
          orgPickerPage,
          {
            action: STEP_PATHS.organization,
            hidden,
            organizations: o.organizations.map((x) => ({ id: String(x.id), name: x.name })),
            account: o.account && {
              email: o.account.email,
              otherAccountUrl: `${STEP_PATHS.resume}?${new URLSearchParams({ interaction: o.account.again })}`,
            },
          },
          ctx,
        );
        return pageAnswer(html, headers, "ok", cookies);
      }
      case "consent": {
        const { html, headers } = renderPage(
          consentPage,
          {
            action: STEP_PATHS.consent,
            hidden,
            appName: o.view.appName,
            applicationName: o.applicationName ?? undefined,
            scopes: o.scopes,
            email: o.email,
            orgName: o.orgName,
          },
          ctx,
        );
        return pageAnswer(html, headers, "ok", cookies);
      }
    }
  }

  /**
   * Runs one step; an unexpected failure is logged and shown as the server error page (a browser
   * gets a page, never a JSON body).
   */
  async function guarded(
    request: Request,
    set: { headers: Record<string, unknown> },
    afterPost: boolean,
    run: () => Promise<AuthorizeOutcome | Response>,
  ): Promise<Response> {
    const reference = requestIdOf(set);
    try {
      const o = await run();
      return o instanceof Response ? o : await answer(request, o, reference, afterPost);
    } catch (e) {
      log.error("authorization step failed", {
        requestId: reference,
        path: new URL(request.url).pathname,
        error: String((e as Error)?.message ?? e).split("\n")[0],
      });
      return errorAnswer(request, "server", reference, "server_error");
    }
  }

  /** The error page of a POST that is not a form (logged with the content type it had). */
  function notAForm(request: Request, set: { headers: Record<string, unknown> }): Response {
    logPageRefusal(log, "hosted page refused a POST", {
      reference: requestIdOf(set),
      page: "badRequest",
      check: "content-type is application/x-www-form-urlencoded",
      value: request.headers.get("content-type") ?? "(none)",
      path: new URL(request.url).pathname,
    });
    return errorAnswer(request, "badRequest", requestIdOf(set), "bad_request");
  }

  const isForm = (request: Request) =>
    (request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");

  /** A page's POST: the form (as a multimap), refused unless it is a form carrying a valid CSRF token. */
  async function pageForm(
    request: Request,
    set: { headers: Record<string, unknown> },
    text: string,
  ): Promise<URLSearchParams | Response> {
    if (!isForm(request)) return notAForm(request, set);
    const form = new URLSearchParams(text);
    if (!csrf.verify(cookiesOf(request).get(csrf.cookieName), form.get(CSRF_FIELD))) {
      logPageRefusal(log, "hosted page refused a POST", {
        reference: requestIdOf(set),
        page: "csrf",
        check: "the form's csrf field matches the csrf cookie",
        path: new URL(request.url).pathname,
      });
      return errorAnswer(request, "csrf", requestIdOf(set), "forbidden");
    }
    return form;
  }

  const field = (form: URLSearchParams, name: string) => form.get(name) ?? "";
  const methodOf = (v: string | null): "totp" | "recovery" => (v === "recovery" ? "recovery" : "totp");

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
      .get(
        STEP_PATHS.resume,
        ({ request, server, set }) =>
          guarded(request, set, false, () =>
            authorize.resume(new URL(request.url).searchParams.get("interaction"), browserOf(request, server)),
          ),
        { detail: { hide: true } },
      )
      .get(
        STEP_PATHS.secondFactor,
        ({ request, set }) =>
          guarded(request, set, false, () => {
            const q = new URL(request.url).searchParams;
            return authorize.secondFactorPage(
              q.get("interaction"),
              methodOf(q.get("method")),
              cookiesOf(request).get(PENDING_MFA_COOKIE),
            );
          }),
        { detail: { hide: true } },
      )
      .post(
        STEP_PATHS.password,
        ({ body, request, server, set }) =>
          guarded(request, set, true, async () => {
            const form = await pageForm(request, set, textOf(body));
            if (form instanceof Response) return form;
            return authorize.signInWithPassword(
              form.get("interaction"),
              field(form, "email"),
              field(form, "password"),
              browserOf(request, server, form),
            );
          }),
        { parse: [rawBody], detail: { hide: true } },
      )
      .post(
        STEP_PATHS.secondFactor,
        ({ body, request, server, set }) =>
          guarded(request, set, true, async () => {
            const form = await pageForm(request, set, textOf(body));
            if (form instanceof Response) return form;
            return authorize.verifySecondFactor(
              form.get("interaction"),
              cookiesOf(request).get(PENDING_MFA_COOKIE),
              field(form, "code"),
              methodOf(form.get("method")),
              browserOf(request, server, form),
            );
          }),
        { parse: [rawBody], detail: { hide: true } },
      )
      .post(
        STEP_PATHS.passkey,
        ({ body, request, server, set }) =>
          guarded(request, set, true, async () => {
            const form = await pageForm(request, set, textOf(body));
            if (form instanceof Response) return form;
            return authorize.signInWithPasskey(
              form.get("interaction"),
              field(form, "attemptId"),
              field(form, "credential"),
              browserOf(request, server),
            );
          }),
        { parse: [rawBody], detail: { hide: true } },
      )
      .post(
        STEP_PATHS.secondFactorPasskey,
        ({ body, request, server, set }) =>
          guarded(request, set, true, async () => {
            const form = await pageForm(request, set, textOf(body));
            if (form instanceof Response) return form;
            return authorize.verifySecondFactorWithPasskey(
              form.get("interaction"),
              cookiesOf(request).get(PENDING_MFA_COOKIE),
              field(form, "attemptId"),
              field(form, "credential"),
              browserOf(request, server),
            );
          }),
        { parse: [rawBody], detail: { hide: true } },
      )
      .post(
        STEP_PATHS.organization,
        ({ body, request, server, set }) =>
          guarded(request, set, true, async () => {
            const form = await pageForm(request, set, textOf(body));
            if (form instanceof Response) return form;
            const id = Number(field(form, "organization"));
            return authorize.chooseOrganization(
              form.get("interaction"),
              Number.isSafeInteger(id) && id > 0 ? id : 0,
              browserOf(request, server),
            );
          }),
        { parse: [rawBody], detail: { hide: true } },
      )
      .post(
        STEP_PATHS.consent,
        ({ body, request, server, set }) =>
          guarded(request, set, true, async () => {
            const form = await pageForm(request, set, textOf(body));
            if (form instanceof Response) return form;
            return authorize.decideConsent(
              form.get("interaction"),
              field(form, "decision") === "allow" ? "allow" : "deny",
              browserOf(request, server),
            );
          }),
        { parse: [rawBody], detail: { hide: true } },
      )
  );
}
