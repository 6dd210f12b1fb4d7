/**
 * POST /api/users/me/email/verify (mail the caller a verification link) and the hosted pages the
 * link opens: /pages/email/verify (one click, CSRF-protected POST, 303) and /pages/email/verified.
 */
import { Elysia } from "elysia";
import { clientIp } from "../../http/context";
import { tokens, type Guard } from "../../http/guard";
import type { Logger } from "../../http/observability";
import { createPageRenderer } from "../../http/page-render";
import { seeOther } from "../../http/page-answer";
import { ok } from "../../http/responses";
import { DomainError } from "../../kernel/errors";
import { type Csrf, CSRF_FIELD, emailVerifiedPage, verifyEmailPage } from "../../pages";
import { VerifyRequestAnswer } from "./model";
import { VERIFY_PAGE_PATH, type VerificationService } from "./service";

export const VERIFY_PAGES = { verify: VERIFY_PAGE_PATH, done: "/pages/email/verified" } as const;

export function verificationRoutes({ verification, guard }: { verification: VerificationService; guard: Guard }) {
  return new Elysia({ name: "verification-routes" }).post(
    "/api/users/me/email/verify",
    async ({ request }) => {
      const p = guard.principal(request);
      return verification.requestOwn(
        { tenantId: p.tenantId, userId: p.userId, ip: p.ip },
        { acceptLanguage: request.headers.get("accept-language") },
      );
    },
    {
      response: ok(VerifyRequestAnswer),
      detail: {
        tags: ["Users"],
        ...tokens("self"),
        summary: "Mail the caller a link that verifies their email address",
        description:
          "A management, SPEC-login or first-party client token (CONTRACT §2). An address already verified gets no mail (`sent: false`). Otherwise a single-use link valid for 24 hours goes to the caller's address (earlier links die), branded, in the language `Accept-Language` asks for (else the saved one). Opening it shows a hosted page with one button; confirming sets `emailVerified` (user list, export) and thereby `email_verified` in ID tokens and UserInfo. A link mailed to an address the user no longer has verifies nothing. Audited as `user.email_verification.sent` and `user.email_verified`.",
      },
    },
  );
}

const rawBody = async ({ request }: { request: Request }) => ({ text: await request.text() });
const passable = (v: string | null) => (v && /^[A-Za-z0-9._~-]{1,4096}$/.test(v) ? v : undefined);

/** The hosted verification pages: plain forms with the pages' CSRF token, 303 after the POST, branded for the link's tenant. */
export function verificationPageRoutes({
  verification,
  csrf,
  log,
}: {
  verification: VerificationService;
  csrf: Csrf;
  log: Logger;
}) {
  const requestIdOf = (set: { headers: Record<string, unknown> }) => String(set.headers["x-request-id"] ?? "");
  const uiLocalesOf = (q: URLSearchParams) => {
    const v = q.get("ui_locales");
    return v && /^[A-Za-z0-9 -]{1,100}$/.test(v) ? v : undefined;
  };

  const { cookiesOf, render, errorAnswer } = createPageRenderer(csrf);

  async function guarded(request: Request, set: { headers: Record<string, unknown> }, run: () => Promise<Response>) {
    try {
      return await run();
    } catch (e) {
      log.error("verification page failed", {
        requestId: requestIdOf(set),
        path: new URL(request.url).pathname,
        error: String((e as Error)?.message ?? e).split("\n")[0],
      });
      return errorAnswer(request, "server", requestIdOf(set));
    }
  }

  const withLocales = (path: string, uiLocales: string | undefined, extra: Record<string, string> = {}) => {
    const q = new URLSearchParams({ ...extra, ...(uiLocales ? { ui_locales: uiLocales } : {}) });
    return q.size ? `${path}?${q}` : path;
  };

  return new Elysia({ name: "verification-page-routes" })
    .get(
      VERIFY_PAGES.verify,
      ({ request, set }) =>
        guarded(request, set, async () => {
          const q = new URL(request.url).searchParams;
          const uiLocales = uiLocalesOf(q);
          const token = q.get("token")?.slice(0, 512) ?? "";
          const brand = await verification.linkBrand(token);
          // Only looked at: a live link shows the button, anything else says so at once.
          return render(
            request,
            verifyEmailPage,
            {
              action: withLocales(VERIFY_PAGES.verify, uiLocales),
              hidden: { token },
              error: brand ? undefined : { key: "verify.invalid" },
            },
            { uiLocales, brand, form: !!brand, status: brand ? "ok" : "refused" },
          );
        }),
      { detail: { hide: true } },
    )
    .post(
      VERIFY_PAGES.verify,
      ({ body, request, server, set }) =>
        guarded(request, set, async () => {
          const type = (request.headers.get("content-type") ?? "").toLowerCase();
          if (!type.startsWith("application/x-www-form-urlencoded"))
            return errorAnswer(request, "badRequest", requestIdOf(set));
          const form = new URLSearchParams((body as { text?: string } | undefined)?.text ?? "");
          if (!csrf.verify(cookiesOf(request).get(csrf.cookieName), form.get(CSRF_FIELD)))
            return errorAnswer(request, "csrf", requestIdOf(set));
          const uiLocales = uiLocalesOf(new URL(request.url).searchParams);
          const token = (form.get("token") ?? "").trim().slice(0, 512);
          const ip = clientIp(request, server);
          let tenantId: number;
          try {
            ({ tenantId } = await verification.redeem(token, ip));
          } catch (e) {
            if (e instanceof DomainError && (e.code === "INVALID_TOKEN" || e.code === "RATE_LIMITED"))
              return render(
                request,
                verifyEmailPage,
                { action: withLocales(VERIFY_PAGES.verify, uiLocales), error: { key: "verify.invalid" } },
                { uiLocales, brand: null, status: "refused" },
              );
            throw e;
          }
          return seeOther(withLocales(VERIFY_PAGES.done, uiLocales, { brand: verification.brandRef(tenantId) }));
        }),
      { parse: [rawBody], detail: { hide: true } },
    )
    .get(
      VERIFY_PAGES.done,
      ({ request, set }) =>
        guarded(request, set, async () => {
          const q = new URL(request.url).searchParams;
          const brand = await verification.refBrand(passable(q.get("brand")));
          return render(request, emailVerifiedPage, {}, { uiLocales: uiLocalesOf(q), brand });
        }),
      { detail: { hide: true } },
    );
}
