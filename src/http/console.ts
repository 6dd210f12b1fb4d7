/**
 * GET /console: the admin console (docs/console.md), a single-page app that calls the public REST
 * API with the signed-in user's own token. The page and its two hashed assets come from this
 * origin only: the Content-Security-Policy allows no inline script, no inline style, no other
 * origin and no framing. Assets are immutable (their names carry their hash); the page itself is
 * revalidated on every load. Every path under /console/ answers the page, so deep links work.
 */
import { Elysia } from "elysia";
import type { ConsoleBundle } from "../../console/build";

export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const SECURITY = {
  "content-security-policy": CONSOLE_CSP,
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "x-frame-options": "DENY",
  "cross-origin-opener-policy": "same-origin",
};

const TYPES: Record<string, string> = { js: "text/javascript; charset=utf-8", css: "text/css; charset=utf-8" };

export function consoleRoutes(bundle: ConsoleBundle) {
  const html = () =>
    new Response(bundle.html, {
      headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", ...SECURITY },
    });
  const gz = new Map<string, Uint8Array>();
  return new Elysia({ name: "console" })
    .get("/console", html, { detail: { hide: true } })
    .get(
      "/console/assets/:file",
      ({ params, request }) => {
        const body = bundle.assets.get(params.file);
        if (!body)
          return new Response("Not found", {
            status: 404,
            headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...SECURITY },
          });
        const headers: Record<string, string> = {
          "content-type": TYPES[params.file.split(".").pop() ?? ""] ?? "application/octet-stream",
          "cache-control": "public, max-age=31536000, immutable",
          vary: "accept-encoding",
          ...SECURITY,
        };
        if (/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) {
          let z = gz.get(params.file);
          if (!z) gz.set(params.file, (z = Bun.gzipSync(body as Uint8Array<ArrayBuffer>, { level: 9 })));
          return new Response(z as Uint8Array<ArrayBuffer>, { headers: { ...headers, "content-encoding": "gzip" } });
        }
        return new Response(body as Uint8Array<ArrayBuffer>, { headers });
      },
      { detail: { hide: true } },
    )
    .get("/console/*", html, { detail: { hide: true } });
}
