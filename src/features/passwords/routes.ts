/**
 * POST /api/auth/password/forgot, POST /api/auth/password/reset and
 * POST /api/users/me/password and POST /api/users/{id}/password-setup-link; and the hosted
 * password pages under /pages/password/ (forgot, sent, reset, done).
 */
import { Elysia, t } from "elysia";
import { clientIp, noContent200, noStore } from "../../http/context";
import { QueryInt } from "../../http/wire";
import { ChangeBody, ForgotBody, ResetBody, SetupLinkResponse } from "./model";
import type { PasswordService } from "./service";
import { tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import type { Logger } from "../../http/observability";
import { createPageRenderer } from "../../http/page-render";
import { logPageRefusal, seeOther } from "../../http/page-answer";
import { DomainError } from "../../kernel/errors";
import {
  type Csrf,
  CSRF_FIELD,
  chooseLocale,
  forgotPasswordPage,
  forgotSentPage,
  type Msg,
  resetDonePage,
  resetPasswordPage,
  type ResetPasswordProps,
} from "../../pages";
import { STEP_PATHS } from "../journey/model";
import { RESET_PAGE_PATH } from "./service";

const AUTHORIZE_RESUME_PATH = STEP_PATHS.resume;

export function passwordRoutes({ passwords, guard }: { passwords: PasswordService; guard: Guard }) {
  const tags = ["Passwords"];
  return new Elysia({ name: "password-routes" })
    .post(
      "/api/auth/password/forgot",
      async ({ body, request, server }) => {
        await passwords.forgot(body.email, clientIp(request, server), {
          acceptLanguage: request.headers.get("accept-language"),
        });
        return noContent200();
      },
      {
        body: ForgotBody,
        detail: {
          tags,
          ...tokens("public"),
          summary: "Mail a password-reset token",
          description:
            "Always answers 200, whether or not the account exists. An active account is mailed a single-use reset token valid for 30 minutes (earlier reset tokens die), in the language `Accept-Language` asks for (else the person's saved language), branded for the tenant. At most 30 password requests a minute per address.",
        },
      },
    )
    .post(
      "/api/auth/password/reset",
      async ({ body, request, server }) => {
        await passwords.reset(body.token, body.newPassword, clientIp(request, server));
        return noContent200();
      },
      {
        body: ResetBody,
        detail: {
          tags,
          ...tokens("public"),
          summary: "Set a new password with a reset or setup token",
          description:
            "The token works once (an unknown, expired or spent one is 400 INVALID_TOKEN). Every session of the user ends; sign in again with the new password.",
        },
      },
    )
    .post(
      "/api/users/me/password",
      async ({ body, request }) => {
        const p = guard.principal(request);
        await passwords.change(
          { userId: p.userId, tenantId: p.tenantId, sessionId: p.sessionId, ip: p.ip },
          body.currentPassword,
          body.newPassword,
        );
        return noContent200();
      },
      {
        body: ChangeBody,
        detail: {
          tags,
          ...tokens("account"),
          summary: "Change the caller's own password",
          description:
            "A management token (CONTRACT §2). `currentPassword` must be the present password (a wrong one is 400 naming that field and counts toward the sign-in lockout); `newPassword` is 8 to 200 characters and must differ. Every other session of the user ends; the calling session stays signed in. Audited as `auth.password.changed`.",
        },
      },
    )
    .post(
      "/api/users/:id/password-setup-link",
      async ({ params, request, set }) => {
        const p = guard.principal(request);
        const link = await passwords.createSetupLink(p, params.id);
        noStore(set);
        return { token: link.token, expiresAt: link.expiresAt.toISOString() };
      },
      {
        params: t.Object({ id: QueryInt({ minimum: 1 }) }),
        response: ok(SetupLinkResponse),
        detail: {
          tags: ["Users"],
          ...tokens("management"),
          summary: "Issue a password-setup token for a user",
          description:
            "USER_MANAGE and the user's organization inside the token's reach. The token is redeemed at POST /api/auth/password/reset within 7 days, once; a new link replaces the previous one. The user is mailed the same token (multipart text + HTML, branded, in their saved language).",
        },
      },
    );
}

/** Paths of the hosted password pages (CONTRACT §15; docs/pages.md). */
export const PASSWORD_PAGES = {
  forgot: "/pages/password/forgot",
  sent: "/pages/password/forgot/sent",
  reset: RESET_PAGE_PATH,
  done: "/pages/password/done",
} as const;

/** The body as sent: the forms are read here, whatever their content type (a wrong one is an error page). */
const rawBody = async ({ request }: { request: Request }) => ({ text: await request.text() });

/** A query value passed along between the pages (a client id, a signed interaction): plain token characters only. */
const passable = (v: string | null) => (v && /^[A-Za-z0-9._~-]{1,4096}$/.test(v) ? v : undefined);

/**
 * The hosted password pages: forgot (mail a code), sent, reset (code + new password), done. Plain
 * forms with the pages' CSRF token, 303 after every accepted POST, the branding of the client the
 * person came from or of the code's tenant, the language of `ui_locales` / `Accept-Language`.
 */
export function passwordPageRoutes({ passwords, csrf, log }: { passwords: PasswordService; csrf: Csrf; log: Logger }) {
  const requestIdOf = (set: { headers: Record<string, unknown> }) => String(set.headers["x-request-id"] ?? "");

  /** Where the person came from: passed along on every page, and the way back to their sign-in. */
  const contextOf = (q: URLSearchParams) => {
    const clientId = passable(q.get("client_id"));
    const interaction = passable(q.get("interaction"));
    const uiLocales = q.get("ui_locales");
    const pass: Record<string, string> = {};
    if (clientId) pass.client_id = clientId;
    if (interaction) pass.interaction = interaction;
    if (uiLocales && /^[A-Za-z0-9 -]{1,100}$/.test(uiLocales)) pass.ui_locales = uiLocales;
    const signInUrl = interaction ? `${AUTHORIZE_RESUME_PATH}?${new URLSearchParams({ interaction })}` : undefined;
    return { clientId, pass, signInUrl, uiLocales: pass.ui_locales };
  };
  const withQuery = (path: string, q: Record<string, string>) =>
    Object.keys(q).length ? `${path}?${new URLSearchParams(q)}` : path;

  const { cookiesOf, render, errorAnswer } = createPageRenderer(csrf);

  /** The form of a POST, or the error page when it is not a form with a valid CSRF token. */
  async function formOf(
    request: Request,
    set: { headers: Record<string, unknown> },
    body: unknown,
  ): Promise<URLSearchParams | Response> {
    const type = (request.headers.get("content-type") ?? "").toLowerCase();
    const path = new URL(request.url).pathname;
    if (!type.startsWith("application/x-www-form-urlencoded")) {
      logPageRefusal(log, "password page refused a POST", {
        reference: requestIdOf(set),
        page: "badRequest",
        check: "content-type is application/x-www-form-urlencoded",
        value: type || "(none)",
        path,
      });
      return errorAnswer(request, "badRequest", requestIdOf(set));
    }
    const form = new URLSearchParams((body as { text?: string } | undefined)?.text ?? "");
    if (!csrf.verify(cookiesOf(request).get(csrf.cookieName), form.get(CSRF_FIELD))) {
      logPageRefusal(log, "password page refused a POST", {
        reference: requestIdOf(set),
        page: "csrf",
        check: "the form's csrf field matches the csrf cookie",
        path,
      });
      return errorAnswer(request, "csrf", requestIdOf(set));
    }
    return form;
  }

  /** Runs a page handler; an unexpected failure is logged and shown as the server error page. */
  async function guarded(request: Request, set: { headers: Record<string, unknown> }, run: () => Promise<Response>) {
    try {
      return await run();
    } catch (e) {
      log.error("password page failed", {
        requestId: requestIdOf(set),
        path: new URL(request.url).pathname,
        error: String((e as Error)?.message ?? e).split("\n")[0],
      });
      return errorAnswer(request, "server", requestIdOf(set));
    }
  }

  const lockedMsg = (e: DomainError): Msg => ({
    key: "problem.locked",
    values: { count: Math.max(1, Math.ceil((e.retryAfter ?? 60) / 60)) },
  });
  const limited = (e: unknown): e is DomainError => e instanceof DomainError && e.code === "RATE_LIMITED";

  return new Elysia({ name: "password-page-routes" })
    .get(
      PASSWORD_PAGES.forgot,
      ({ request, set }) =>
        guarded(request, set, async () => {
          const c = contextOf(new URL(request.url).searchParams);
          return render(
            request,
            forgotPasswordPage,
            { action: withQuery(PASSWORD_PAGES.forgot, c.pass), signInUrl: c.signInUrl },
            { uiLocales: c.uiLocales, brand: await passwords.pageBrand({ clientId: c.clientId }), form: true },
          );
        }),
      { detail: { hide: true } },
    )
    .post(
      PASSWORD_PAGES.forgot,
      ({ body, request, server, set }) =>
        guarded(request, set, async () => {
          const form = await formOf(request, set, body);
          if (form instanceof Response) return form;
          const c = contextOf(new URL(request.url).searchParams);
          const email = (form.get("email") ?? "").trim();
          const again = async (error: Msg) =>
            render(
              request,
              forgotPasswordPage,
              { action: withQuery(PASSWORD_PAGES.forgot, c.pass), signInUrl: c.signInUrl, email, error },
              {
                uiLocales: c.uiLocales,
                brand: await passwords.pageBrand({ clientId: c.clientId }),
                status: "refused",
                form: true,
              },
            );
          if (!email) return again({ key: "problem.emailRequired" });
          if (email.length > 320 || !email.includes("@")) return again({ key: "problem.emailInvalid" });
          const locale = chooseLocale({
            uiLocales: c.uiLocales,
            acceptLanguage: request.headers.get("accept-language"),
          });
          try {
            // The mail goes out in the page's language.
            await passwords.forgot(email, clientIp(request, server), { uiLocales: locale });
          } catch (e) {
            if (limited(e)) return again(lockedMsg(e));
            throw e;
          }
          return seeOther(withQuery(PASSWORD_PAGES.sent, c.pass));
        }),
      { parse: [rawBody], detail: { hide: true } },
    )
    .get(
      PASSWORD_PAGES.sent,
      ({ request, set }) =>
        guarded(request, set, async () => {
          const c = contextOf(new URL(request.url).searchParams);
          return render(
            request,
            forgotSentPage,
            { resetUrl: withQuery(PASSWORD_PAGES.reset, c.pass), signInUrl: c.signInUrl },
            { uiLocales: c.uiLocales, brand: await passwords.pageBrand({ clientId: c.clientId }) },
          );
        }),
      { detail: { hide: true } },
    )
    .get(
      PASSWORD_PAGES.reset,
      ({ request, set }) =>
        guarded(request, set, async () => {
          const q = new URL(request.url).searchParams;
          const c = contextOf(q);
          const token = q.get("token")?.slice(0, 512) || undefined;
          return render(
            request,
            resetPasswordPage,
            { action: withQuery(PASSWORD_PAGES.reset, c.pass), token, signInUrl: c.signInUrl },
            {
              uiLocales: c.uiLocales,
              brand: await passwords.pageBrand({ token, clientId: c.clientId }),
              form: true,
            },
          );
        }),
      { detail: { hide: true } },
    )
    .post(
      PASSWORD_PAGES.reset,
      ({ body, request, server, set }) =>
        guarded(request, set, async () => {
          const form = await formOf(request, set, body);
          if (form instanceof Response) return form;
          const c = contextOf(new URL(request.url).searchParams);
          const token = (form.get("token") ?? "").trim().slice(0, 512);
          const newPassword = form.get("newPassword") ?? "";
          const brand = await passwords.pageBrand({ token, clientId: c.clientId });
          const again = (p: Pick<ResetPasswordProps, "error" | "fieldErrors">) =>
            render(
              request,
              resetPasswordPage,
              { action: withQuery(PASSWORD_PAGES.reset, c.pass), token, signInUrl: c.signInUrl, ...p },
              { uiLocales: c.uiLocales, brand, status: "refused", form: true },
            );
          if (!token) return again({ fieldErrors: { token: { key: "problem.resetCodeRequired" } } });
          if (!newPassword) return again({ fieldErrors: { newPassword: { key: "problem.newPasswordRequired" } } });
          let tenantId: number;
          try {
            ({ tenantId } = await passwords.reset(token, newPassword, clientIp(request, server)));
          } catch (e) {
            if (limited(e)) return again({ error: lockedMsg(e) });
            if (e instanceof DomainError && e.code === "INVALID_TOKEN")
              return again({ error: { key: "problem.resetCodeInvalid" } });
            if (e instanceof DomainError && e.code === "VALIDATION_FAILED")
              return again({ fieldErrors: { newPassword: { key: "problem.passwordLength" } } });
            throw e;
          }
          // The page after: the code is spent, so a short-lived signed reference to its tenant names
          // the branding (never the bare id: anyone could walk ids and read every tenant's brand).
          return seeOther(withQuery(PASSWORD_PAGES.done, { ...c.pass, brand: passwords.brandRef(tenantId) }));
        }),
      { parse: [rawBody], detail: { hide: true } },
    )
    .get(
      PASSWORD_PAGES.done,
      ({ request, set }) =>
        guarded(request, set, async () => {
          const q = new URL(request.url).searchParams;
          const c = contextOf(q);
          const brandRef = passable(q.get("brand"));
          return render(
            request,
            resetDonePage,
            // Back to the authorization request that sent the person here, else to the console.
            { signInUrl: c.signInUrl, consoleUrl: "/console" },
            { uiLocales: c.uiLocales, brand: await passwords.pageBrand({ clientId: c.clientId, brandRef }) },
          );
        }),
      { detail: { hide: true } },
    );
}
