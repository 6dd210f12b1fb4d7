/**
 * GET /pages/assets/<name>: the hosted pages' stylesheets (src/pages/assets.ts). Names carry their
 * content's hash (a brand sheet: its colour and the template's hash), so they are immutable and any
 * instance answers any name. The protocol routes that render the pages are mounted elsewhere; this
 * is only their static part.
 */
import { Elysia } from "elysia";
import { ASSET_PATH, pageAsset, pageScript } from "../pages";

const SECURITY = {
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
};

/**
 * The service's icon (a key in a rounded square), at the path every browser asks for on every page
 * (hosted pages, console, API reference): a small SVG, so no page logs a 404 for it.
 */
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f3a5f"/><circle cx="12" cy="16" r="5" fill="none" stroke="#fff" stroke-width="2.5"/><path d="M17 16h9m-3 0v4m-3-4v3" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/></svg>`;

/** GET /favicon.ico (an SVG; browsers read the type, not the name). */
export function faviconRoutes() {
  return new Elysia({ name: "favicon" }).get(
    "/favicon.ico",
    () =>
      new Response(FAVICON, {
        headers: {
          "content-type": "image/svg+xml",
          "cache-control": "public, max-age=86400",
          ...SECURITY,
        },
      }),
    { detail: { hide: true } },
  );
}

/** 404 for an unknown asset name (plain text, never cached). */
export function assetNotFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", ...SECURITY },
  });
}

/** An asset whose URL names its content (a hash): cached for a year, never revalidated. */
export function immutableAsset(body: Uint8Array, contentType: string): Response {
  return new Response(body as Uint8Array<ArrayBuffer>, {
    headers: {
      "content-type": contentType,
      "cache-control": "public, max-age=31536000, immutable",
      "cross-origin-resource-policy": "same-origin",
      ...SECURITY,
    },
  });
}

export function pageAssetRoutes() {
  const gz = new Map<string, Uint8Array>();
  return new Elysia({ name: "page-assets" }).get(
    `${ASSET_PATH}:file`,
    async ({ params, request }) => {
      const asset = pageAsset(params.file) ?? (await pageScript(params.file));
      if (!asset) return assetNotFound();
      const headers: Record<string, string> = {
        "content-type": asset.contentType,
        "cache-control": "public, max-age=31536000, immutable",
        vary: "accept-encoding",
        ...SECURITY,
      };
      if (!/\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) return new Response(asset.body, { headers });
      let z = gz.get(params.file);
      // Brand sheets are a few dozen bytes and unbounded in number: only the base sheet is cached.
      if (!z) {
        z = Bun.gzipSync(asset.body, { level: 9 });
        if (!params.file.startsWith("brand-")) gz.set(params.file, z);
      }
      return new Response(z as Uint8Array<ArrayBuffer>, { headers: { ...headers, "content-encoding": "gzip" } });
    },
    { detail: { hide: true } },
  );
}
