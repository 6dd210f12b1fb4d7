/**
 * The pages' scripts: one, for passkeys (scripts/passkey.ts with @simplewebauthn/browser), built by
 * Bun's bundler on first request and kept in memory. Its name carries a hash of its source and of
 * the library's version, known before it is built, so a page names it without waiting and every
 * instance of one release serves the same name; the CSP of a page that loads it allows scripts from
 * this origin only (`script-src 'self'`), never inline.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sha256Hex } from "../kernel/secrets";

const ENTRY = fileURLToPath(new URL("./scripts/passkey.ts", import.meta.url));
const LIBRARY = new URL("../../node_modules/@simplewebauthn/browser/package.json", import.meta.url);
const version = (() => {
  try {
    return String(JSON.parse(readFileSync(LIBRARY, "utf8")).version);
  } catch {
    return "unknown";
  }
})();

/** The passkey script's asset name (under ASSET_PATH). */
export const PASSKEY_SCRIPT = `passkey.${sha256Hex(readFileSync(ENTRY, "utf8") + version).slice(0, 12)}.js`;

let built: Promise<string> | null = null;

async function build(): Promise<string> {
  const r = await Bun.build({
    entrypoints: [ENTRY],
    target: "browser",
    format: "esm",
    minify: true,
    sourcemap: "none",
  });
  if (!r.success || !r.outputs[0]) throw new AggregateError(r.logs, "the passkey script did not build");
  return r.outputs[0].text();
}

/** The script named `name`, or null for another name. */
export async function pageScript(name: string): Promise<{ body: string; contentType: string } | null> {
  if (name !== PASSKEY_SCRIPT) return null;
  built ??= build().catch((e) => {
    built = null;
    throw e;
  });
  return { body: await built, contentType: "text/javascript; charset=utf-8" };
}
