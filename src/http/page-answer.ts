/**
 * Answers of the hosted pages' routes (`/oauth2/authorize` and its steps): an HTML page with the
 * kit's headers, or a 303 See Other (after every POST, and to send the browser back to the
 * client). Statuses live here, never in the routes (test/arch.test.ts).
 */
import type { Logger } from "../kernel/log";

/** How a page is answered: a form (ok), a form shown again with its problem, or an error page. */
export type PageStatus = "ok" | "refused" | "bad_request" | "forbidden" | "server_error";

const STATUS: Record<PageStatus, number> = {
  ok: 200,
  refused: 400,
  bad_request: 400,
  forbidden: 403,
  server_error: 500,
};

/** The page `html` with the kit's `headers` (CSP, no-store, …) and any cookies to set. */
export function pageAnswer(
  html: string,
  headers: Record<string, string>,
  status: PageStatus,
  setCookies: readonly string[] = [],
): Response {
  const h = new Headers([...Object.entries(headers), ...setCookies.map((c): [string, string] => ["set-cookie", c])]);
  return new Response(html, { status: STATUS[status], headers: h });
}

/**
 * 303 See Other to `location` (RFC 9110 §15.4.4: the browser follows with GET), with cookies. Never
 * cached; no referrer (the authorization response carries the code in its query).
 */
export function seeOther(location: string, setCookies: readonly string[] = []): Response {
  const h = new Headers([
    ["location", location],
    ["cache-control", "no-store"],
    ["referrer-policy", "no-referrer"],
    ...setCookies.map((c): [string, string] => ["set-cookie", c]),
  ]);
  return new Response(null, { status: 303, headers: h });
}

/** OpenAPI `responses` of an endpoint answering the hosted pages. */
export const pageResponsesDoc = {
  200: { description: "A hosted page (HTML).", content: { "text/html": { schema: { type: "string" as const } } } },
  303: { description: "Back to the client's redirect URI, or (after a POST) to the next page." },
  400: { description: "An error page (HTML): unknown client, unregistered redirect URI, expired page." },
};

/**
 * OpenAPI `responses` of `/oauth2/authorize`: the pages' answers, the form_post page, and the
 * step-up's page for a person with no second factor.
 */
export const authorizeResponsesDoc = {
  ...pageResponsesDoc,
  200: {
    ...pageResponsesDoc[200],
    description:
      "A hosted page (HTML), or with `response_mode=form_post` the page that posts the answer to the client.",
  },
  403: {
    description:
      "A page (HTML): the application asks for a second factor (`acr_values=urn:sso:acr:mfa`) and the person has none.",
    content: pageResponsesDoc[200].content,
  },
};

/**
 * The operator's log line of an error page (CONTRACT §19): the page's reference (the request id the
 * page shows), which page, the check that failed and the value it refused. Callers pass only values
 * that are no secret (a client id, a redirect URI, a content type; never a token, a hint or a CSRF
 * value); the value is cut to 300 characters with control characters shown as `?`.
 */
export function logPageRefusal(
  log: Logger,
  msg: string,
  f: { reference: string; page: string; check: string; value?: string; [field: string]: unknown },
): void {
  const { reference, value, ...rest } = f;
  log.warn(msg, {
    requestId: reference,
    ...rest,
    ...(value !== undefined ? { value: pageLogValue(value) } : {}),
  });
}

/** A refused value as a log line may carry it: at most 300 characters, no control characters. */
export const pageLogValue = (v: string) =>
  (v.length > 300 ? `${v.slice(0, 300)}…` : v).replace(/[\u0000-\u001f\u007f]/g, "?");
