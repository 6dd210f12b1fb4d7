/**
 * Builds the admin console (docs/console.md) with Bun's bundler: one minified JavaScript module and
 * one stylesheet, named by content hash, plus the HTML page that loads them, into
 * `node_modules/.cache/sso-console/`. `npm install` runs it (postinstall), the Docker build runs it,
 * and the service runs it on start when the bundle is missing or older than the sources, so the
 * README's two commands always give a working console.
 *
 *   bun console/build.ts          build (or do nothing when up to date)
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ALL_EXAMPLE_FILES } from "./src/guides";

const HERE = fileURLToPath(new URL(".", import.meta.url));
const ROOT = join(HERE, "..");
export const CONSOLE_OUT = join(ROOT, "node_modules", ".cache", "sso-console");

export interface ConsoleBundle {
  dir: string;
  html: string;
  /** File name → bytes, for every hashed asset. */
  assets: Map<string, Uint8Array>;
}

/**
 * The text of every example file a "Connect an application" guide shows (console/src/guides.ts), by
 * path: the bundle imports it as the module `sso-examples`, so what a guide shows is the file the
 * example tests run.
 */
export function exampleSources(): Record<string, string> {
  return Object.fromEntries(ALL_EXAMPLE_FILES.map((p) => [p, readFileSync(join(ROOT, p), "utf8")]));
}

/** A hash of every source file and of the pinned framework versions: the bundle's identity. */
function sourceHash(): string {
  const h = createHash("sha256");
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else h.update(name).update(readFileSync(p));
    }
  };
  walk(join(HERE, "src"));
  for (const [path, text] of Object.entries(exampleSources())) h.update(path).update(text);
  h.update(readFileSync(join(HERE, "build.ts")));
  for (const dep of ["preact", "preact-iso", "qrcode", "jose", "openapi-fetch", "@simplewebauthn/browser"])
    h.update(dep + JSON.parse(readFileSync(join(ROOT, "node_modules", dep, "package.json"), "utf8")).version);
  return h.digest("hex").slice(0, 16);
}

const page = (js: string, css: string) => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="color-scheme" content="light dark">
  <title>Identity console</title>
  <link rel="stylesheet" href="/console/assets/${css}">
  <script type="module" src="/console/assets/${js}"></script>
</head>
<body>
  <div id="app"><p class="boot">Loading the console…</p></div>
  <noscript>The console needs JavaScript.</noscript>
</body>
</html>
`;

/** Builds into CONSOLE_OUT/<hash>/ unless that build exists; returns it. */
export async function buildConsole(opts: { quiet?: boolean } = {}): Promise<ConsoleBundle> {
  const hash = sourceHash();
  const dir = join(CONSOLE_OUT, hash);
  if (!existsSync(join(dir, "index.html"))) {
    const tmp = `${dir}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    const result = await Bun.build({
      entrypoints: [join(HERE, "src", "main.tsx")],
      outdir: tmp,
      target: "browser",
      format: "esm",
      minify: true,
      splitting: false,
      sourcemap: "none",
      naming: { entry: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
      define: { "process.env.NODE_ENV": '"production"' },
      plugins: [
        {
          name: "sso-examples",
          setup(b) {
            b.onResolve({ filter: /^sso-examples$/ }, () => ({ path: "sso-examples", namespace: "sso-examples" }));
            b.onLoad({ filter: /.*/, namespace: "sso-examples" }, () => ({
              contents: `export default ${JSON.stringify(exampleSources())};`,
              loader: "js",
            }));
          },
        },
      ],
    });
    if (!result.success) throw new AggregateError(result.logs, "console build failed");
    const files = readdirSync(tmp);
    const js = files.find((f) => f.endsWith(".js"));
    const css = files.find((f) => f.endsWith(".css"));
    if (!js || !css) throw new Error(`console build made ${files.join(", ")}; expected one .js and one .css`);
    writeFileSync(join(tmp, "index.html"), page(js, css));
    mkdirSync(CONSOLE_OUT, { recursive: true });
    rmSync(dir, { recursive: true, force: true });
    renameSync(tmp, dir);
    // Older builds go: only the current one is served.
    for (const old of readdirSync(CONSOLE_OUT))
      if (old !== hash) rmSync(join(CONSOLE_OUT, old), { recursive: true, force: true });
    if (!opts.quiet)
      console.log(
        `console built: ${join(dir)} (${files.map((f) => `${f} ${statSync(join(dir, f)).size} B`).join(", ")})`,
      );
  }
  const assets = new Map<string, Uint8Array>();
  for (const f of readdirSync(dir)) if (f !== "index.html") assets.set(f, readFileSync(join(dir, f)));
  return { dir, html: readFileSync(join(dir, "index.html"), "utf8"), assets };
}

if (import.meta.main) await buildConsole();
