/**
 * The journey's hosted pages (CONTRACT §12 "Signing people in: the hosted pages", §14): the steps'
 * GETs and POSTs under `/oauth2/authorize/` (model.ts), and the page kit every protocol's browser
 * endpoint answers with (`journeyPages`): read the browser's request (raw form, cookies, CSRF
 * field), render an outcome with the pages kit (src/pages) or answer 303. A protocol's own answers
 * are rendered by the renderer it hands the kit. Every POST is answered 303 unless its form is
 * shown again with a problem. No CORS here (src/http/cors.ts covers only the API and the token endpoint).
 */
import { Elysia } from "elysia";
import { clientIp } from "../../http/context";
import type { Logger } from "../../http/observability";
import { logPageRefusal, type PageStatus, pageAnswer, seeOther } from "../../http/page-answer";
import { SESSION_COOKIE, sessionCookieHeader } from "../../http/session-cookie";
import {
  type Csrf,
  CSRF_FIELD,
  type Locale,
  chooseLocale,
  type ErrorKind,
  errorPage,
  type Msg,
  orgPickerPage,
  PASSKEY_SCRIPT,
  type RenderContext,
  renderPage,
  secondFactorPage,
  signInPage,
  supportedLocale,
} from "../../pages";
import {
  DEVICE_COOKIE,
  JOURNEY_COOKIE_PATH,
  ORG_COOKIE,
  PASSWORD_PAGE_PATHS,
  PENDING_MFA_COOKIE,
  STEP_PATHS,
  upstreamStartPath,
} from "./model";
import type { BrowserContext, CookieChange, JourneyOutcome, PageView, ProtocolAnswer } from "./seam";
import type { JourneyService } from "./service";

type ServerLike = Parameters<typeof clientIp>[1];
/** The branding a page is shown in (the tenant's, with the client's application's override over it). */
type Brand = PageView["brand"];
type SetLike = { headers: Record<string, unknown> };

/** What a renderer of a page gets: the answer's Set-Cookie values, its reference, and a page's context. */
export interface PageKit {
  /** The Set-Cookie values the answer carries (a page's CSRF cookie is added by `page`). */
  cookies: string[];
  /** The request id: an error page's reference. */
  reference: string;
  /** The language, branding, CSRF token and form target of a page for `view`, and its hidden fields. */
  page(view: PageView): { ctx: RenderContext; hidden: { interaction: string; locale: Locale } };
  /** A request's language among the languages `uiLocales` asks for. */
  locale(uiLocales: string[]): Locale;
  /** The branding as the pages kit takes it. */
  brand(b: Brand): NonNullable<RenderContext["brand"]>;
}

/** Renders a protocol's own answer (`{ kind: "protocol" }` outcomes): back to its client, or its own page. */
export type ProtocolRenderer = (request: Request, answer: ProtocolAnswer, kit: PageKit) => Response | Promise<Response>;

/** The body as sent (the forms are read as multimaps here, so a repeated parameter is seen). */
const rawBody = async ({ request }: { request: Request }) => ({ text: await request.text() });
const textOf = (body: unknown) => (body as { text?: string } | undefined)?.text ?? "";

const ERROR_KIND: Record<string, ErrorKind> = {
  unknown_client: "unknownClient",
  bad_redirect: "badRedirect",
  bad_request: "badRequest",
  expired: "expired",
  second_factor_required: "secondFactorRequired",
  upstream_invalid: "upstreamInvalid",
  upstream_no_account: "upstreamNoAccount",
  upstream_not_linkable: "upstreamNotLinkable",
  upstream_refused: "upstreamRefused",
};

/** The branding as the pages kit takes it. */
const brandOf = (b: Brand) => ({
  displayName: b.displayName,
  primaryColor: b.primaryColor,
  supportUrl: b.supportUrl,
  logoUrl: b.logo?.path,
});

/** The Set-Cookie values of a cookie change (every journey cookie is httpOnly, lax, on the journey's path). */
function setCookies(change: CookieChange | undefined, secure: boolean): string[] {
  const out: string[] = [];
  if (change?.session !== undefined) out.push(sessionCookieHeader(change.session, { secure }));
  const cookie = (name: string, c: { value: string; maxAgeSeconds: number } | null) =>
    new Bun.Cookie(name, c?.value ?? "", {
      httpOnly: true,
      sameSite: "lax",
      path: JOURNEY_COOKIE_PATH,
      secure,
      maxAge: c ? c.maxAgeSeconds : 0,
    }).serialize();
  if (change?.pendingMfa !== undefined) out.push(cookie(PENDING_MFA_COOKIE, change.pendingMfa));
  if (change?.device) out.push(cookie(DEVICE_COOKIE, change.device));
  if (change?.org) out.push(cookie(ORG_COOKIE, change.org));
  return out;
}

/** The sign-in page's problem as a message, and the field it is about. */
function signInProblem(o: Extract<JourneyOutcome, { kind: "sign_in" }>) {
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
            : o.problem === "sso"
              ? { key: "problem.ssoRequired" }
              : undefined;
  const fieldErrors =
    o.problem === "missing"
      ? o.email?.trim()
        ? { password: { key: "problem.passwordRequired" } as Msg }
        : { email: { key: "problem.emailRequired" } as Msg }
      : undefined;
  return { error, fieldErrors };
}

/** Renders a page of the journey itself: sign-in, second factor, organization picker. */
async function renderJourneyPage(
  request: Request,
  o: Extract<JourneyOutcome, { kind: "sign_in" | "identify" | "second_factor" | "choose_org" }>,
  kit: PageKit,
  journey: Pick<JourneyService, "passkeySignInOffer" | "secondFactorOffer">,
): Promise<Response> {
  const { ctx, hidden } = kit.page(o.view);
  // Passkeys (CONTRACT §14): the pages that offer one load the passkey script (a static asset).
  const withScript = { ...ctx, scripts: [PASSKEY_SCRIPT] };
  switch (o.kind) {
    case "identify": {
      // Home-realm discovery (CONTRACT §16): the email first; the next page depends on its domain only.
      const offer = await journey.passkeySignInOffer();
      const { html, headers } = renderPage(
        signInPage,
        {
          step: "email",
          action: STEP_PATHS.identify,
          hidden,
          appName: o.view.appName,
          email: o.email,
          fieldErrors: o.problem === "missing" ? { email: { key: "problem.emailRequired" } } : undefined,
          passkey: { action: STEP_PATHS.passkey, hidden, ...offer, autofill: true, purpose: "signIn" },
        },
        withScript,
      );
      return pageAnswer(html, headers, o.problem ? "refused" : "ok", kit.cookies);
    }
    case "sign_in": {
      const offer = await journey.passkeySignInOffer();
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
          ...signInProblem(o),
          // The hosted password pages (reset, and a setup link's code: both redeem there), then back here.
          forgotPasswordUrl: `${PASSWORD_PAGE_PATHS.forgot}?${passAlong}`,
          setupLinkUrl: `${PASSWORD_PAGE_PATHS.reset}?${passAlong}`,
          passkey: { action: STEP_PATHS.passkey, hidden, ...offer, autofill: true, purpose: "signIn" },
        },
        withScript,
      );
      return pageAnswer(html, headers, o.problem ? "refused" : "ok", kit.cookies);
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
      const pending = new Bun.CookieMap(request.headers.get("cookie") ?? "").get(PENDING_MFA_COOKIE);
      const { codes, passkey: offer } = await journey.secondFactorOffer(pending);
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
                passkey: { action: STEP_PATHS.secondFactorPasskey, hidden, ...offer, purpose: "secondFactor" as const },
              }
            : {}),
        },
        offer ? withScript : ctx,
      );
      return pageAnswer(html, headers, o.problem ? "refused" : "ok", kit.cookies);
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
      return pageAnswer(html, headers, "ok", kit.cookies);
    }
  }
}

/**
 * The page kit of a browser endpoint that runs journeys: reads the browser, renders every outcome
 * (the protocol's own answers through `protocol`), guards each step and checks each POSTed form.
 */
export function journeyPages({
  journey,
  csrf,
  secure,
  log,
  protocol,
}: {
  journey: Pick<JourneyService, "passkeySignInOffer" | "secondFactorOffer">;
  /** The pages' CSRF tokens (its secret derived from the master key). */
  csrf: Csrf;
  /** False only when the issuer is plain http: then the cookies are not `Secure`. */
  secure: boolean;
  log: Logger;
  protocol: ProtocolRenderer;
}) {
  const cookiesOf = (request: Request) => new Bun.CookieMap(request.headers.get("cookie") ?? "");
  const requestIdOf = (set: SetLike) => String(set.headers["x-request-id"] ?? "");

  const browserOf = (request: Request, server: ServerLike | null, form?: URLSearchParams): BrowserContext => ({
    sessionCookie: cookiesOf(request).get(SESSION_COOKIE),
    orgCookie: cookiesOf(request).get(ORG_COOKIE),
    deviceCookie: cookiesOf(request).get(DEVICE_COOKIE),
    locale: supportedLocale(form?.get("locale")) ?? null,
    ip: clientIp(request, server),
    userAgent: request.headers.get("user-agent"),
  });

  /** Renders an error page (never a redirect), in the client's branding and languages when the flow knows them. */
  function errorAnswer(
    request: Request,
    kind: ErrorKind,
    reference: string,
    status: PageStatus,
    shown: { cookies?: readonly string[]; brand?: Brand; uiLocales?: string[] } = {},
  ): Response {
    const locale = chooseLocale({
      uiLocales: shown.uiLocales?.join(" "),
      acceptLanguage: request.headers.get("accept-language"),
    });
    const brand = shown.brand && brandOf(shown.brand);
    const { html, headers } = renderPage(errorPage, { kind, reference }, { locale, brand });
    return pageAnswer(html, headers, status, shown.cookies);
  }

  const kitOf = (request: Request, cookies: string[], reference: string): PageKit => {
    const locale = (uiLocales: string[]) =>
      chooseLocale({ uiLocales: uiLocales.join(" "), acceptLanguage: request.headers.get("accept-language") });
    return {
      cookies,
      reference,
      locale,
      brand: brandOf,
      page(view) {
        const issued = csrf.issue(cookiesOf(request).get(csrf.cookieName));
        if (issued.setCookie) cookies.push(issued.setCookie);
        const lang = locale(view.uiLocales);
        const ctx = {
          locale: lang,
          brand: brandOf(view.brand),
          csrfToken: issued.token,
          redirectTargets: [view.redirectUri],
        };
        // The page's language goes back with the form: signing in saves it as the person's choice.
        return { ctx, hidden: { interaction: view.interaction, locale: lang } };
      },
    };
  };

  /** Renders an outcome: a page, a 303 to the next page, or the protocol's answer. */
  async function answer(request: Request, o: JourneyOutcome, reference: string, afterPost: boolean): Promise<Response> {
    const cookies = setCookies(o.cookies, secure);
    const resumeAt = (interaction: string) => `${STEP_PATHS.resume}?${new URLSearchParams({ interaction })}`;
    switch (o.kind) {
      case "continue": {
        if (o.step !== "second-factor") return seeOther(resumeAt(o.interaction), cookies);
        const q = new URLSearchParams({ interaction: o.interaction, method: "totp" });
        return seeOther(`${STEP_PATHS.secondFactor}?${q}`, cookies);
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
      case "upstream": {
        // To the organization's provider (the federation protocol's start), with this journey's handle.
        const q = new URLSearchParams({ interaction: o.interaction });
        return seeOther(`${upstreamStartPath(o.connection.kind, o.connection.id)}?${q}`, cookies);
      }
      case "protocol":
        // A page after a POST: 303 to the GET that shows it.
        if (afterPost && o.view) return seeOther(resumeAt(o.view.interaction), cookies);
        return protocol(request, o.answer, kitOf(request, cookies, reference));
    }
    // A page: after a POST, 303 to the GET that shows it, unless it shows the posted form again with its problem.
    const refusal =
      (o.kind === "sign_in" || o.kind === "second_factor" || o.kind === "identify") && o.problem !== undefined;
    if (afterPost && !refusal) return seeOther(resumeAt(o.view.interaction), cookies);
    return renderJourneyPage(request, o, kitOf(request, cookies, reference), journey);
  }

  /**
   * Runs one step; an unexpected failure is logged and shown as the server error page (a browser
   * gets a page, never a JSON body).
   */
  async function guarded(
    request: Request,
    set: SetLike,
    afterPost: boolean,
    run: () => Promise<JourneyOutcome | Response>,
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

  const isForm = (request: Request) =>
    (request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/x-www-form-urlencoded");

  /** The error page of a POST that is not a form (logged with the content type it had). */
  function notAForm(request: Request, set: SetLike): Response {
    logPageRefusal(log, "hosted page refused a POST", {
      reference: requestIdOf(set),
      page: "badRequest",
      check: "content-type is application/x-www-form-urlencoded",
      value: request.headers.get("content-type") ?? "(none)",
      path: new URL(request.url).pathname,
    });
    return errorAnswer(request, "badRequest", requestIdOf(set), "bad_request");
  }

  /** A page's POST: the form (as a multimap), refused unless it is a form carrying a valid CSRF token. */
  async function pageForm(request: Request, set: SetLike, text: string): Promise<URLSearchParams | Response> {
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

  return { browserOf, cookiesOf, guarded, isForm, notAForm, pageForm, rawBody, textOf };
}

export type JourneyPages = ReturnType<typeof journeyPages>;

const field = (form: URLSearchParams, name: string) => form.get(name) ?? "";
const methodOf = (v: string | null): "totp" | "recovery" => (v === "recovery" ? "recovery" : "totp");

export function journeyRoutes({ journey, pages }: { journey: JourneyService; pages: JourneyPages }) {
  const { browserOf, cookiesOf, guarded, pageForm } = pages;
  /** A step's POST: its CSRF-checked form, then the step. */
  const post =
    (run: (form: URLSearchParams, request: Request, server: ServerLike | null) => Promise<JourneyOutcome>) =>
    ({ body, request, server, set }: { body: unknown; request: Request; server: ServerLike | null; set: SetLike }) =>
      guarded(request, set, true, async () => {
        const form = await pageForm(request, set, textOf(body));
        return form instanceof Response ? form : run(form, request, server);
      });
  const hidden = { parse: [rawBody], detail: { hide: true } };
  return new Elysia({ name: "journey-routes" })
    .get(
      STEP_PATHS.resume,
      ({ request, server, set }) =>
        guarded(request, set, false, () =>
          journey.resume(new URL(request.url).searchParams.get("interaction"), browserOf(request, server)),
        ),
      { detail: { hide: true } },
    )
    .get(
      STEP_PATHS.secondFactor,
      ({ request, set }) =>
        guarded(request, set, false, () => {
          const q = new URL(request.url).searchParams;
          return journey.secondFactorPage(
            q.get("interaction"),
            methodOf(q.get("method")),
            cookiesOf(request).get(PENDING_MFA_COOKIE),
          );
        }),
      { detail: { hide: true } },
    )
    .post(
      STEP_PATHS.password,
      post((form, request, server) =>
        journey.signInWithPassword(
          form.get("interaction"),
          field(form, "email"),
          field(form, "password"),
          browserOf(request, server, form),
        ),
      ),
      hidden,
    )
    .post(
      STEP_PATHS.identify,
      post((form, request, server) =>
        journey.identify(form.get("interaction"), field(form, "email"), browserOf(request, server, form)),
      ),
      hidden,
    )
    .post(
      STEP_PATHS.secondFactor,
      post((form, request, server) =>
        journey.verifySecondFactor(
          form.get("interaction"),
          cookiesOf(request).get(PENDING_MFA_COOKIE),
          field(form, "code"),
          methodOf(form.get("method")),
          browserOf(request, server, form),
        ),
      ),
      hidden,
    )
    .post(
      STEP_PATHS.passkey,
      post((form, request, server) =>
        journey.signInWithPasskey(
          form.get("interaction"),
          field(form, "attemptId"),
          field(form, "credential"),
          browserOf(request, server),
        ),
      ),
      hidden,
    )
    .post(
      STEP_PATHS.secondFactorPasskey,
      post((form, request, server) =>
        journey.verifySecondFactorWithPasskey(
          form.get("interaction"),
          cookiesOf(request).get(PENDING_MFA_COOKIE),
          field(form, "attemptId"),
          field(form, "credential"),
          browserOf(request, server),
        ),
      ),
      hidden,
    )
    .post(
      STEP_PATHS.organization,
      post((form, request, server) => {
        const id = Number(field(form, "organization"));
        return journey.chooseOrganization(
          form.get("interaction"),
          Number.isSafeInteger(id) && id > 0 ? id : 0,
          browserOf(request, server),
        );
      }),
      hidden,
    );
}
