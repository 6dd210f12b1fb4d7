// The hosted pages as HTML: one layout, headers of a page that must not be cached or framed, no
// inline script or style, labelled fields with stable names and autocomplete values, errors tied to
// their fields, the CSRF field in every form, escaping of every value, and the assets they link.
import { describe, expect, test } from "bun:test";
import {
  consentPage,
  formPostPage,
  formActionSource,
  LOCALES,
  pageCsp,
  renderPage,
  signInPage,
  stylesheets,
  createCsrf,
  secondFactorPage,
} from "../../../src/pages";
import { pageAssetRoutes } from "../../../src/http/pages";
import { SAMPLE_BRAND, SAMPLES } from "../../support/pages-samples";

interface El {
  tag: string;
  attrs: Record<string, string>;
}
/** Every element of a document with its attributes (Bun's HTMLRewriter: a real HTML parser). */
function elements(html: string): El[] {
  const out: El[] = [];
  new HTMLRewriter()
    .on("*", {
      element(e) {
        out.push({ tag: e.tagName, attrs: Object.fromEntries(e.attributes) });
      },
    })
    .transform(html);
  return out;
}

const token = createCsrf({ secret: new Uint8Array(32).fill(7), secure: true }).issue(null).token;

describe("every page in every language", () => {
  for (const locale of LOCALES)
    for (const s of SAMPLES)
      test(`${s.name} (${locale}): layout, headers, no inline script or style, labelled and described fields`, () => {
        const { html, headers } = renderPage(s.page, s.props, {
          locale,
          brand: SAMPLE_BRAND,
          csrfToken: token,
          redirectTargets: ["https://photos.example.com/callback"],
        });
        expect(html.startsWith("<!doctype html><html")).toBe(true);
        const els = elements(html);
        const one = (tag: string) => els.filter((e) => e.tag === tag);
        expect(one("html")[0].attrs.lang).toBe(locale);
        expect(one("meta").some((m) => m.attrs.name === "viewport")).toBe(true);
        expect(one("title")).toHaveLength(1);
        expect(one("main")).toHaveLength(1);
        expect(one("h1")).toHaveLength(1);
        expect(one("header")).toHaveLength(1);
        expect(one("footer")).toHaveLength(1);
        expect(els.some((e) => e.attrs.role === "alert" && e.attrs["aria-live"] === "assertive")).toBe(true);
        expect(one("link").map((l) => l.attrs.href)).toEqual(stylesheets(SAMPLE_BRAND.primaryColor));
        expect(one("img")[0].attrs.alt).toBe("");
        expect(one("a").some((a) => a.attrs.href === SAMPLE_BRAND.supportUrl)).toBe(true);
        // No inline script or style: the CSP forbids both, so none may be needed.
        expect(one("script")).toEqual([]);
        expect(one("style")).toEqual([]);
        expect(els.filter((e) => "style" in e.attrs || Object.keys(e.attrs).some((a) => a.startsWith("on")))).toEqual(
          [],
        );

        expect(headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(headers["content-language"]).toBe(locale);
        expect(headers["cache-control"]).toBe("no-store");
        expect(headers["referrer-policy"]).toBe("no-referrer");
        expect(headers["x-content-type-options"]).toBe("nosniff");
        const csp = headers["content-security-policy"];
        expect(csp).toContain("default-src 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("form-action 'self' https://photos.example.com;");
        expect(csp).not.toContain("unsafe-inline");
        expect(csp).not.toContain("script-src");

        // Every visible input has its label, and its description ids exist.
        const ids = new Set(els.map((e) => e.attrs.id).filter(Boolean));
        const inputs = one("input").filter((i) => i.attrs.type !== "hidden" && !("hidden" in i.attrs));
        expect(inputs.map((i) => i.attrs.id).sort()).toEqual([...s.fields].sort());
        for (const i of inputs) {
          expect(one("label").some((l) => l.attrs.for === i.attrs.id)).toBe(true);
          for (const d of (i.attrs["aria-describedby"] ?? "").split(" ").filter(Boolean)) expect(ids.has(d)).toBe(true);
          if (i.attrs["aria-invalid"] === "true") expect(i.attrs["aria-describedby"]).toContain(`${i.attrs.id}-error`);
        }
        // At most one autofocus, and on an invalid field when there is one.
        const focused = inputs.filter((i) => "autofocus" in i.attrs);
        expect(focused.length).toBeLessThanOrEqual(1);
        const invalid = inputs.filter((i) => i.attrs["aria-invalid"] === "true");
        if (invalid.length) expect(focused[0]).toBe(invalid[0]);
        // Every form posts, with the CSRF token and what the HTTP layer asked to carry back; the
        // form_post answer's form goes to the client instead, and never carries the token.
        // The form on to an organization's provider (CONTRACT §16) is its authorization request: a GET.
        for (const f of one("form")) expect(f.attrs.method).toBe(s.name === "form-to-upstream" ? "get" : "post");
        if (s.page === formPostPage) {
          expect(one("form")[0].attrs.action).toBe((s.props as { action: string }).action);
          expect(one("input").some((i) => i.attrs.name === "csrf")).toBe(false);
        } else if (one("form").length) {
          expect(one("input").filter((i) => i.attrs.name === "csrf")[0].attrs.value).toBe(token);
          expect(one("input").some((i) => i.attrs.name === "interaction" && i.attrs.value === "int_01HZX")).toBe(true);
        }
        // An error makes the title say so.
        const hasError = invalid.length > 0 || /<div class="alert"[^>]*><p>/.test(html);
        expect(/<title>(Error|Fehler): /.test(html)).toBe(hasError);
      });
});

describe("fields", () => {
  test("sign-in: stable names and autocomplete values; the password step carries the email for password managers", () => {
    const both = elements(
      renderPage(signInPage, { action: "/s", step: "email-and-password" }, { locale: "en", csrfToken: token }).html,
    );
    const byId = (els: El[], id: string) => els.find((e) => e.attrs.id === id)!.attrs;
    expect(byId(both, "email")).toMatchObject({ name: "email", type: "email", autocomplete: "username" });
    expect(byId(both, "password")).toMatchObject({
      name: "password",
      type: "password",
      autocomplete: "current-password",
    });
    const step = renderPage(
      signInPage,
      { action: "/s", step: "password", email: "ana@example.com", otherEmailUrl: "/s?again" },
      { locale: "en", csrfToken: token },
    ).html;
    expect(step).toContain("Signing in as ana@example.com");
    const hiddenEmail = elements(step).find((e) => e.attrs.name === "email")!.attrs;
    expect(hiddenEmail).toMatchObject({ autocomplete: "username", value: "ana@example.com" });
    expect("hidden" in hiddenEmail).toBe(true);
  });

  test("second factor: `code` is a one-time-code for TOTP, and the recovery variant is not autofilled", () => {
    const totp = elements(
      renderPage(
        secondFactorPage,
        { action: "/m", method: "totp", switchUrl: "/m?r" },
        { locale: "en", csrfToken: token },
      ).html,
    ).find((e) => e.attrs.id === "code")!.attrs;
    expect(totp).toMatchObject({ name: "code", autocomplete: "one-time-code", inputmode: "numeric" });
    const recovery = renderPage(
      secondFactorPage,
      { action: "/m", method: "recovery", switchUrl: "/m?t" },
      { locale: "en", csrfToken: token },
    ).html;
    expect(elements(recovery).find((e) => e.attrs.id === "code")!.attrs.autocomplete).toBe("off");
    expect(recovery).toContain('href="/m?t"');
  });

  test("second factor with the passkey alone (no TOTP): no code field, no recovery link, the problem in the alert", () => {
    const passkey = {
      action: "/m/passkey",
      hidden: { interaction: "int_01HZX" },
      attemptId: "att_1",
      options: { challenge: "c" },
      purpose: "secondFactor" as const,
    };
    const { html } = renderPage(
      secondFactorPage,
      { action: "/m", method: "totp", switchUrl: "/m?r", codes: false, passkey, alert: { key: "problem.passkey" } },
      { locale: "en", csrfToken: token },
    );
    const els = elements(html);
    expect(els.some((e) => e.attrs.name === "code")).toBe(false);
    expect(html).not.toContain('href="/m?r"');
    expect(html).toContain("Confirm it is you with a passkey of this account.");
    expect(html).toContain("Use your passkey");
    expect(html).not.toContain('class="or"');
    expect(html).toContain("That passkey could not be used to sign in");
    expect(html).toMatch(/<noscript><p>A passkey needs JavaScript/);
    expect(els.find((e) => e.tag === "form")!.attrs.action).toBe("/m/passkey");
  });

  test("a page with a form cannot be rendered without a CSRF token", () => {
    expect(() => renderPage(signInPage, { action: "/s", step: "email" }, { locale: "en" })).toThrow("csrfToken");
  });
});

describe("escaping and brand", () => {
  test("values from requests and tenants are text, never markup", () => {
    const evil = `<script>alert(1)</script>"'&`;
    const { html } = renderPage(
      consentPage,
      { action: `/c?x="><script>`, appName: evil, scopes: [evil], email: evil },
      { locale: "en", csrfToken: token, brand: { displayName: evil, supportUrl: `https://x/"><b>` } },
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>");
    expect(html).toContain("&lt;script>alert(1)&lt;/script>&quot;'&amp;");
  });

  test("no brand gives the default name and colour; a malformed colour is ignored", () => {
    const { html } = renderPage(signInPage, { action: "/s", step: "email" }, { locale: "de", csrfToken: token });
    expect(html).toContain("<span>Anmeldung</span>");
    expect(stylesheets(undefined)).toEqual(stylesheets("#1f5fbf"));
    expect(stylesheets("red; } body { display:none")).toEqual(stylesheets(undefined));
  });
});

describe("form-action", () => {
  test("names the redirect URI's origin, a native app's scheme, and refuses script-capable schemes", () => {
    expect(formActionSource("https://app.example.com:8443/cb?x=1")).toBe("https://app.example.com:8443");
    expect(formActionSource("http://127.0.0.1:5000/cb")).toBe("http://127.0.0.1:5000");
    expect(formActionSource("com.example.app:/oauth/cb")).toBe("com.example.app:");
    expect(formActionSource("http://[::1]:3000/cb")).toBe("http:");
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "not a url"])
      expect(() => formActionSource(bad)).toThrow();
    expect(pageCsp()).toContain("form-action 'self';");
    expect(pageCsp(["https://a.example/1", "https://a.example/2"])).toContain("form-action 'self' https://a.example;");
  });
});

describe("GET /pages/assets", () => {
  const app = pageAssetRoutes();
  const get = (path: string, gzip = false) =>
    app.handle(new Request(`http://localhost${path}`, { headers: gzip ? { "accept-encoding": "gzip" } : {} }));

  test("serves the linked stylesheets immutable, the brand colour as custom properties, gzip on request", async () => {
    const [base, brand] = stylesheets("#F2C500");
    const a = await get(base);
    expect(a.status).toBe(200);
    expect(a.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(a.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await a.text()).toContain(":focus-visible");
    const b = await (await get(brand)).text();
    // A light colour gets dark text on it, and a darker ink for accents (contrast on white).
    expect(b).toBe(":root{--brand:#f2c500;--on-brand:#111111;--brand-ink:#796300}\n");
    const z = await get(base, true);
    expect(z.headers.get("content-encoding")).toBe("gzip");
  });

  test("an unknown name or a brand sheet of another template version is 404", async () => {
    expect((await get("/pages/assets/pages.000000000000.css")).status).toBe(404);
    expect((await get("/pages/assets/brand-f2c500.00000000.css")).status).toBe(404);
    expect((await get("/pages/assets/..%2Fsecrets")).status).toBe(404);
  });
});
