/**
 * GET /docs: the API reference UI (Scalar, installed from npm and pinned in package.json), served by
 * the service itself so it works with no internet access. The page loads nothing from another
 * origin: its Content-Security-Policy allows only this origin, no inline script, and no framing, so
 * a script injected into the page could not reach the web-session cookie's endpoints from elsewhere.
 */
import { Elysia } from "elysia";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

// The package's exports name only its modules; the browser bundle sits beside them in dist/.
const DIST = dirname(fileURLToPath(import.meta.resolve("@scalar/api-reference")));
const BUNDLE = join(DIST, "browser", "standalone.js");
const VERSION: string = JSON.parse(readFileSync(join(DIST, "..", "package.json"), "utf8")).version;
const SCRIPT_PATH = `/docs/scalar-${VERSION}.js`;

export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Scalar's configuration: nothing leaves the origin (CONTRACT §19). Its hosted features are off:
 * the "Ask AI" agent (`agent`, which otherwise turns itself on when the page is served from
 * localhost) and "Generate MCP" (`mcp`) would send the document to Scalar's services; the client
 * button opens Scalar's hosted client; telemetry, the developer tools and the default fonts (from a
 * CDN) are off too.
 */
export const DOCS_CONFIGURATION = {
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: "never",
  agent: { disabled: true, hideAddApi: true },
  mcp: { disabled: true },
} as const;

const page = (title: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${title}</title>
</head>
<body>
  <script id="api-reference" data-url="/openapi.json" data-configuration='${JSON.stringify(DOCS_CONFIGURATION)}'></script>
  <script src="${SCRIPT_PATH}"></script>
</body>
</html>`;

export function docsRoutes(title: string) {
  const html = page(title);
  const security = {
    "content-security-policy": DOCS_CSP,
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
  };
  return new Elysia({ name: "docs" })
    .get(
      "/docs",
      () =>
        new Response(html, {
          headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", ...security },
        }),
      { detail: { hide: true } },
    )
    .get(
      SCRIPT_PATH,
      () =>
        new Response(Bun.file(BUNDLE), {
          headers: {
            "content-type": "text/javascript; charset=utf-8",
            "cache-control": "public, max-age=31536000, immutable",
            ...security,
          },
        }),
      { detail: { hide: true } },
    );
}
