/**
 * The pages' scripts, each a file of src/pages/scripts/ built by Bun's bundler on first request and
 * kept in memory: the passkey script (scripts/passkey.ts with @simplewebauthn/browser) and the
 * form_post answer's submit (scripts/form-post.ts). Each name carries a hash of its source (and of
 * the library's version), known before it is built, so a page names it without waiting and every
 * instance of one release serves the same name; the CSP of a page that loads one allows scripts
 * from this origin only (`script-src 'self'`), never inline.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { sha256Hex } from "../kernel/secrets";

const LIBRARY = new URL("../../node_modules/@simplewebauthn/browser/package.json", import.meta.url);
const version = (() => {
  try {
    return String(JSON.parse(readFileSync(LIBRARY, "utf8")).version);
  } catch {
    return "unknown";
  }
})();

/**
 * A script's asset name (`<base>.<hash>.js`), its entry file and how a page loads it: `module` (an
 * ES module: it imports a library) or `classic` (a plain `defer` script, built as one function:
 * browsers without module support, the conformance suite's HtmlUnit among them, still run it);
 * `salt` joins the hash (a library's version).
 */
function script(base: string, kind: "module" | "classic", salt = "") {
  const entry = fileURLToPath(new URL(`./scripts/${base}.ts`, import.meta.url));
  return { name: `${base}.${sha256Hex(readFileSync(entry, "utf8") + kind + salt).slice(0, 12)}.js`, entry, kind };
}

const SCRIPTS = [script("passkey", "module", version), script("form-post", "classic")];

/** The passkey script's asset name (under ASSET_PATH). */
export const PASSKEY_SCRIPT = SCRIPTS[0].name;
/** The form_post answer's auto-submit script's asset name (under ASSET_PATH). */
export const FORM_POST_SCRIPT = SCRIPTS[1].name;

/** True when the page loads `name` as an ES module (`<script type="module">`), false for a classic script. */
export function isModuleScript(name: string): boolean {
  return SCRIPTS.find((x) => x.name === name)?.kind !== "classic";
}

const built = new Map<string, Promise<string>>();

async function build(entry: string, kind: "module" | "classic"): Promise<string> {
  const r = await Bun.build({
    entrypoints: [entry],
    target: "browser",
    format: kind === "module" ? "esm" : "iife",
    minify: true,
    sourcemap: "none",
  });
  if (!r.success || !r.outputs[0]) throw new AggregateError(r.logs, `the script ${entry} did not build`);
  return r.outputs[0].text();
}

/** The script named `name`, or null for another name. */
export async function pageScript(name: string): Promise<{ body: string; contentType: string } | null> {
  const s = SCRIPTS.find((x) => x.name === name);
  if (!s) return null;
  let body = built.get(name);
  if (!body) {
    body = build(s.entry, s.kind).catch((e) => {
      built.delete(name);
      throw e;
    });
    built.set(name, body);
  }
  return { body: await body, contentType: "text/javascript; charset=utf-8" };
}
