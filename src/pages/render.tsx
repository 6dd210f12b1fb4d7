/**
 * `renderPage(page, props, ctx)`: one hosted page as a complete HTML document plus its headers.
 * The HTTP layer decides which page to show and with what data; this room decides only how it looks
 * and reads. Everything is rendered by Preact to a string, which escapes every text and attribute,
 * so no value from a request or a tenant can become markup.
 */
import type { FunctionComponent } from "preact";
import { renderToString } from "preact-render-to-string";
import { ASSET_PATH, stylesheets } from "./assets";
import { pageHeaders } from "./headers";
import { type Locale, type Msg, type Translator, translator } from "./i18n";
import { ALERT_ID, Kit } from "./kit";
import { isModuleScript } from "./scripts";

/** A tenant's or application's branding as the pages show it (CONTRACT §15). */
export interface Brand {
  displayName?: string;
  /** `#rrggbb`; anything else (or nothing) gives the default colour. */
  primaryColor?: string;
  /** Served by this service (the CSP allows images from this origin only). */
  logoUrl?: string;
  supportUrl?: string;
}

export interface Page<P> {
  /** A stable name (tests, screenshots, logs). */
  id: string;
  /** The page's `<h1>` and, with the brand, its `<title>`. */
  title(props: P, t: Translator): string;
  /** A message about the whole form (wrong password, say), shown in the layout's alert region. */
  alert?(props: P): Msg | undefined;
  /** True when the page shows any error (the title then starts with "Error:"). Default: an alert. */
  invalid?(props: P): boolean;
  Body: FunctionComponent<P>;
}

export interface RenderContext {
  locale: Locale;
  brand?: Brand;
  /** From `csrf.issue(...)`; required by every page with a form. */
  csrfToken?: string;
  /** Validated redirect URIs a POST from this page may end at (headers.ts, `form-action`). */
  redirectTargets?: readonly string[];
  /** Where the assets are served (default `/pages/assets/`), for an issuer under a path. */
  assetBase?: string;
  /** Scripts of this origin the page loads (names under the asset path; the CSP then allows `'self'` scripts). */
  scripts?: readonly string[];
}

export interface RenderedPage {
  html: string;
  headers: Record<string, string>;
}

function Layout(p: {
  t: Translator;
  brand: Brand;
  title: string;
  invalid: boolean;
  alert?: Msg;
  assetBase?: string;
  scripts?: readonly string[];
  children: preact.ComponentChildren;
}) {
  const { t, brand } = p;
  const name = brand.displayName?.trim() || t("brand.default");
  const documentTitle = p.invalid
    ? t("layout.titleWithError", { title: p.title, brand: name })
    : t("layout.title", { title: p.title, brand: name });
  return (
    <html lang={t.locale} dir="ltr">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{documentTitle}</title>
        {stylesheets(brand.primaryColor, p.assetBase).map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
        {(p.scripts ?? []).map((name) =>
          isModuleScript(name) ? (
            <script key={name} type="module" src={`${p.assetBase ?? ASSET_PATH}${name}`} />
          ) : (
            <script key={name} defer src={`${p.assetBase ?? ASSET_PATH}${name}`} />
          ),
        )}
      </head>
      <body>
        <header class="site-header">
          <div class="brand">
            {/* The name is written beside the logo, so the image is decorative (alt=""). */}
            {brand.logoUrl && <img src={brand.logoUrl} alt="" />}
            <span>{name}</span>
          </div>
          {brand.supportUrl && <a href={brand.supportUrl}>{t("layout.support")}</a>}
        </header>
        <main>
          <h1>{p.title}</h1>
          <div class="alert" role="alert" aria-live="assertive" aria-atomic="true" id={ALERT_ID}>
            {p.alert && <p>{t.msg(p.alert)}</p>}
          </div>
          {p.children}
        </main>
        <footer class="site-footer">
          <p>{t("layout.footer")}</p>
        </footer>
      </body>
    </html>
  );
}

/** The page as a document and its headers (Content-Security-Policy, no-store, …; headers.ts). */
export function renderPage<P>(page: Page<P>, props: P, ctx: RenderContext): RenderedPage {
  const t = translator(ctx.locale);
  const alert = page.alert?.(props);
  const invalid = page.invalid ? page.invalid(props) : alert !== undefined;
  const Body = page.Body as FunctionComponent<P & object>;
  const body = renderToString(
    <Kit.Provider value={{ t, csrfToken: ctx.csrfToken }}>
      <Layout
        t={t}
        brand={ctx.brand ?? {}}
        title={page.title(props, t)}
        invalid={invalid}
        alert={alert}
        assetBase={ctx.assetBase}
        scripts={ctx.scripts}
      >
        <Body {...(props as P & object)} />
      </Layout>
    </Kit.Provider>,
  );
  return {
    html: `<!doctype html>${body}`,
    headers: pageHeaders({
      locale: ctx.locale,
      redirectTargets: ctx.redirectTargets,
      scripts: (ctx.scripts?.length ?? 0) > 0,
    }),
  };
}
