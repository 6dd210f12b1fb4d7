// The hosted pages in a real browser (Debian's chromium driven by playwright-core; never a downloaded
// browser). A preview server in this process renders every page of test/support/pages-samples.ts in
// every language with the kit's real headers, and serves the kit's real asset route. For each page:
// no CSP violation and the stylesheets apply; axe-core finds no serious or critical violation; at
// 360 px nothing scrolls sideways; Tab reaches every field, button and link in order, with a visible
// focus ring; a screenshot per page × language × width goes to test-output/pages/ (a CI artifact).
// And the form-action trap: a sign-in POST answered by 303 to another origin is followed when the
// page's CSP names that origin, and refused by Chromium when it does not. And the form_post answer:
// under its real CSP its script file submits the response to the application's origin, and without
// JavaScript its <noscript> button does. And every mail in every
// language as a mail client shows it (the logo from its inline part): no request at all, axe, no
// sideways scrolling at 360 px, screenshots (test-output/pages/mail-*.png).
//
// The one relaxation: axe-core is injected with playwright's addScriptTag (an inline script), which
// the pages' CSP forbids, so the axe runs use a browser context with `bypassCSP`. Everything else
// runs under the real headers.
// Needs /usr/bin/chromium (`.ci/run` installs it; REQUIRE_BROWSER=1 makes its absence fail).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { pageAssetRoutes } from "../../src/http/pages";
import {
  createCsrf,
  errorPage,
  FORM_POST_SCRIPT,
  formPostPage,
  type Locale,
  LOCALES,
  type MailContent,
  renderMail,
  renderPage,
  signInPage,
} from "../../src/pages";
import { ROOT } from "../support/process";
import { SAMPLE_BRAND, SAMPLES } from "../support/pages-samples";
import { CHROMIUM, launchChromium, requireChromium } from "../support/chromium";

const available = requireChromium();

const SHOTS = join(ROOT, "test-output", "pages");
const AXE = readFileSync(join(ROOT, "node_modules", "axe-core", "axe.min.js"), "utf8");
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="32" viewBox="0 0 96 32"><rect width="32" height="32" rx="6" fill="#f2c500"/><text x="40" y="22" font-family="sans-serif" font-size="16" fill="#111">ACME</text></svg>`;

interface Preview {
  url: string;
  stop(): void;
}

/**
 * The preview: `/preview/<sample>?lang=` renders a sample; `/form-action?listed=1|0` renders the
 * sign-in page whose POST the server answers with 303 to `appUrl`'s callback (listed: the page's CSP
 * names that origin). The POST is checked as the HTTP layer will: the CSRF field against the cookie.
 * `/form-post` renders the form_post answer to `appUrl` with its script, as the authorize routes do.
 */
function startPreview(appUrl: string, seen: { origins: (string | null)[] }): Preview {
  const csrf = createCsrf({ secret: crypto.getRandomValues(new Uint8Array(32)), secure: false });
  const assets = pageAssetRoutes();
  const cookieOf = (req: Request) => new Bun.CookieMap(req.headers.get("cookie") ?? "").get(csrf.cookieName);
  const page = (req: Request, render: (token: string) => { html: string; headers: Record<string, string> }) => {
    const { token, setCookie } = csrf.issue(cookieOf(req));
    const { html, headers } = render(token);
    return new Response(html, { headers: { ...headers, ...(setCookie ? { "set-cookie": setCookie } : {}) } });
  };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const url = new URL(req.url);
      if (url.pathname.startsWith("/pages/assets/")) return assets.handle(req);
      if (url.pathname === "/pages/sample-logo.svg")
        return new Response(LOGO, { headers: { "content-type": "image/svg+xml" } });
      if (url.pathname === "/favicon.ico") return new Response(null, { status: 204 });
      const lang = (url.searchParams.get("lang") ?? "en") as Locale;
      if (url.pathname.startsWith("/preview/")) {
        const s = SAMPLES.find((x) => x.name === url.pathname.slice("/preview/".length));
        if (!s) return new Response("no such sample", { status: 404 });
        return page(req, (csrfToken) =>
          renderPage(s.page, s.props, { locale: lang, brand: SAMPLE_BRAND, csrfToken, redirectTargets: [appUrl] }),
        );
      }
      if (url.pathname === "/form-action")
        return page(req, (csrfToken) =>
          renderPage(
            signInPage,
            { action: "/pages/sign-in", step: "email-and-password" },
            { locale: lang, csrfToken, redirectTargets: url.searchParams.get("listed") === "1" ? [appUrl] : [] },
          ),
        );
      if (url.pathname === "/form-post") {
        const { html, headers } = renderPage(
          formPostPage,
          {
            action: appUrl,
            fields: [
              ["code", "c0de"],
              ["state", "st"],
              ["iss", "http://sso.test"],
            ],
            appName: "Photos",
          },
          { locale: lang, redirectTargets: [appUrl], scripts: [FORM_POST_SCRIPT] },
        );
        return new Response(html, { headers });
      }
      if (url.pathname === "/pages/sign-in" && req.method === "POST") {
        seen.origins.push(req.headers.get("origin"));
        const form = await req.formData();
        if (!csrf.verify(cookieOf(req), String(form.get("csrf") ?? "")))
          return page(req, (csrfToken) =>
            renderPage(errorPage, { kind: "csrf", reference: "req_test" }, { locale: lang, csrfToken }),
          );
        // The HTTP layer's job, done here by hand: 303 after POST, to the client's redirect URI.
        return new Response(null, { status: 303, headers: { location: `${appUrl}?code=abc&state=xyz` } });
      }
      return new Response("not found", { status: 404 });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true) };
}

/**
 * The "application": another origin (another port) whose callback the sign-in redirects to (its
 * URL in `hits`) or posts to (a form_post answer: its body in `posts`).
 */
function startApp(hits: string[], posts: string[] = []) {
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      if (new URL(req.url).pathname === "/callback") {
        if (req.method === "POST") posts.push(await req.text());
        else hits.push(req.url);
      }
      return new Response("<!doctype html><html lang=en><title>App</title><h1>Back at the application</h1></html>", {
        headers: { "content-type": "text/html; charset=utf-8" },
      });
    },
  });
  return { url: `http://127.0.0.1:${server.port}/callback`, stop: () => server.stop(true) };
}

if (!available) {
  console.warn(`NOT RUN here: hosted pages browser test (${CHROMIUM} is missing; CI installs it)`);
} else {
  describe("hosted pages in Chromium", () => {
    const hits: string[] = [];
    const posts: string[] = [];
    const seen = { origins: [] as (string | null)[] };
    let app: ReturnType<typeof startApp>;
    let preview: Preview;
    let browser: Browser;
    let strict: BrowserContext;
    let relaxed: BrowserContext;

    beforeAll(async () => {
      mkdirSync(SHOTS, { recursive: true });
      app = startApp(hits, posts);
      preview = startPreview(app.url, seen);
      browser = await launchChromium();
      strict = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      relaxed = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    }, 60_000);

    afterAll(async () => {
      await browser?.close();
      preview?.stop();
      app?.stop();
    });

    /** Opens a page under the real CSP and collects what the console reports. */
    const open = async (path: string, width = 1280) => {
      const page = await strict.newPage();
      await page.setViewportSize({ width, height: width < 600 ? 780 : 900 });
      const reports: string[] = [];
      page.on("console", (m) => (m.type() === "error" || m.type() === "warning") && reports.push(m.text()));
      page.on("pageerror", (e) => reports.push(String(e)));
      const res = await page.goto(`${preview.url}${path}`);
      expect(res?.status()).toBe(200);
      return { page, reports };
    };

    /** Tab through the page: each focusable element in DOM order is reached, with a visible ring. */
    const tabThrough = async (page: Page) => {
      const count = await page.evaluate(() => {
        const all = [...document.querySelectorAll("a[href], button, input:not([type=hidden]):not([hidden])")];
        all.forEach((e, i) => e.setAttribute("data-k", String(i)));
        return all.length;
      });
      const reached: number[] = [];
      const unringed: string[] = [];
      for (let i = 0; i < 2 * count + 4; i++) {
        await page.keyboard.press("Tab");
        const f = await page.evaluate(() => {
          const e = document.activeElement as HTMLElement | null;
          if (!e || !e.hasAttribute("data-k")) return null;
          const s = getComputedStyle(e);
          return {
            k: Number(e.getAttribute("data-k")),
            ring: e.matches(":focus-visible") && s.outlineStyle !== "none" && Number.parseFloat(s.outlineWidth) >= 2,
            what: e.outerHTML.slice(0, 80),
          };
        });
        if (!f) continue;
        if (!reached.includes(f.k)) reached.push(f.k);
        if (!f.ring) unringed.push(f.what);
      }
      return { count, reached, unringed };
    };

    for (const s of SAMPLES)
      for (const lang of LOCALES)
        test(`${s.name} (${lang}): CSP-clean, styled, axe, 360 px, keyboard, screenshots`, async () => {
          const path = `/preview/${s.name}?lang=${lang}`;
          // Under the real CSP: nothing refused, the stylesheets and the brand colour apply.
          const { page, reports } = await open(path);
          expect(await page.evaluate(() => getComputedStyle(document.body).display)).toBe("flex");
          expect(
            await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--brand").trim()),
          ).toBe(SAMPLE_BRAND.primaryColor);
          expect(
            await page.evaluate(() => (document.querySelector(".brand img") as HTMLImageElement).naturalWidth),
          ).toBe(96);
          await page.screenshot({ path: join(SHOTS, `${s.name}.${lang}.1280.png`), fullPage: true });
          // Phone width: no sideways scrolling.
          await page.setViewportSize({ width: 360, height: 780 });
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
          await page.screenshot({ path: join(SHOTS, `${s.name}.${lang}.360.png`), fullPage: true });
          // Keyboard: every field, button and link in DOM order (a rotation: the focus may start on an
          // autofocused field), each with a visible focus ring.
          const { count, reached, unringed } = await tabThrough(page);
          expect(count).toBeGreaterThanOrEqual(s.fields.length + 1);
          const start = reached.indexOf(0);
          expect([...reached.slice(start), ...reached.slice(0, start)]).toEqual([...Array(count).keys()]);
          expect(unringed).toEqual([]);
          for (const id of s.fields) expect(await page.locator(`#${id}`).getAttribute("data-k")).not.toBeNull();
          expect(reports).toEqual([]);
          await page.close();

          // axe-core (injected as an inline script: only in the bypassCSP context).
          const a = await relaxed.newPage();
          await a.goto(`${preview.url}${path}`);
          await a.addScriptTag({ content: AXE });
          const violations = await a.evaluate(async () => {
            // biome-ignore lint/suspicious/noExplicitAny: axe is a global the injected script defines.
            const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
            return r.violations.map((v: { id: string; impact: string; nodes: { target: string[] }[] }) => ({
              id: v.id,
              impact: v.impact,
              targets: v.nodes.map((n) => n.target.join(" ")),
            }));
          });
          const severe = violations.filter(
            (v: { impact: string }) => v.impact === "serious" || v.impact === "critical",
          );
          if (violations.length) console.log(`${s.name} (${lang}) axe: ${JSON.stringify(violations)}`);
          expect(severe).toEqual([]);
          await a.close();
        }, 60_000);

    test("form-action names the redirect target: Chromium follows a sign-in POST's 303 to the application's origin (keyboard only)", async () => {
      const { page } = await open("/form-action?listed=1");
      // The email field has the focus on load; the whole sign-in is typed, Tab and Enter.
      // Autofocus applies after the first rendering opportunity: wait for it rather than read at once.
      await page.waitForFunction(() => document.activeElement?.id === "email", null, { timeout: 10_000 });
      await page.keyboard.type("ana@example.com");
      await page.keyboard.press("Tab");
      await page.keyboard.type("correct horse");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${app.url}?code=abc&state=xyz`);
      await page.getByRole("heading", { name: "Back at the application" }).waitFor();
      expect(hits).toEqual([`${app.url}?code=abc&state=xyz`]);
      // The browser's form POST carries no usable Origin under Referrer-Policy: no-referrer: the
      // reason the pages rely on the CSRF token rather than an Origin check.
      expect(seen.origins.at(-1)).toBe("null");
      await page.close();
    }, 60_000);

    test("the trap: with form-action 'self' alone, Chromium refuses the same 303 and the application is never reached", async () => {
      const before = hits.length;
      const { page, reports } = await open("/form-action?listed=0");
      await page.getByLabel("Email address").fill("ana@example.com");
      await page.getByLabel("Password").fill("correct horse");
      const refused = page.waitForEvent("console", (m) => /form-action/.test(m.text()));
      await page.getByRole("button", { name: "Sign in" }).click();
      await refused;
      expect(reports.some((r) => /Content Security Policy/.test(r) && /form-action/.test(r))).toBe(true);
      expect(hits.length).toBe(before);
      await page.close();
    }, 60_000);

    test("form_post: the page's script file submits the response to the application under the real CSP", async () => {
      const { page, reports } = await open("/form-post");
      await page.getByRole("heading", { name: "Back at the application" }).waitFor();
      expect(posts.at(-1)).toBe(`code=c0de&state=st&iss=${encodeURIComponent("http://sso.test")}`);
      expect(reports).toEqual([]);
      await page.close();
    }, 60_000);

    test("form_post without JavaScript: the <noscript> button posts the same response", async () => {
      const before = posts.length;
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`${preview.url}/form-post?lang=de`);
      await page.getByRole("button", { name: "Weiter" }).click();
      await page.getByRole("heading", { name: "Back at the application" }).waitFor();
      expect(posts.length).toBe(before + 1);
      expect(posts.at(-1)).toContain("code=c0de");
      await context.close();
    }, 60_000);

    test("a POST whose CSRF field does not match the browser's cookie is refused", async () => {
      const { page } = await open("/form-action?listed=1");
      await page.evaluate(() => {
        (document.querySelector("input[name=csrf]") as HTMLInputElement).value = "forged";
      });
      await page.getByLabel("Email address").fill("ana@example.com");
      await page.getByLabel("Password").fill("x");
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "This form could not be accepted" }).waitFor();
      await page.close();
    }, 60_000);

    // The mails as a mail client shows them: the HTML with its inline logo part, no network at all.
    const MAILS: MailContent[] = [
      {
        kind: "password_reset",
        email: "maximiliane.mustermann-schmidt@really-quite-long-subdomain.example.com",
        token: "k3J9_vQ2xLr8wT1mN6pZ0aYc4bHe7uFs5dGi",
        code: "7KQ2-M9XD-4RTB",
        minutes: 30,
        link: "https://sso.example.com/pages/password/reset?token=k3J9_vQ2xLr8wT1mN6pZ0aYc4bHe7uFs5dGi",
      },
      {
        kind: "setup_link",
        email: "ana@example.com",
        token: "s7Hq_2LmVx9cR4tB0nW6yKp3aZe8uFd1gJi5",
        days: 7,
        link: "https://sso.example.com/pages/password/reset?token=s7Hq_2LmVx9cR4tB0nW6yKp3aZe8uFd1gJi5",
      },
      {
        kind: "new_device",
        email: "ana@example.com",
        when: new Date("2026-03-04T05:06:07Z"),
        device: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
        ip: "203.0.113.7",
      },
    ];
    for (const m of MAILS)
      for (const lang of LOCALES)
        test(`mail ${m.kind} (${lang}): nothing remote, axe, 360 px, screenshots`, async () => {
          const { html, subject } = renderMail(m, {
            locale: lang,
            brand: { ...SAMPLE_BRAND, primaryColor: "#5b2a86", logoCid: "logo@sso" },
          });
          // A mail client resolves cid: from the message's inline part.
          const shown = html.replace('src="cid:logo@sso"', `src="data:image/svg+xml;base64,${btoa(LOGO)}"`);
          const page = await relaxed.newPage();
          const requests: string[] = [];
          page.on("request", (r) => !r.url().startsWith("data:") && requests.push(r.url()));
          for (const width of [600, 360]) {
            await page.setViewportSize({ width, height: 900 });
            await page.setContent(shown);
            expect(await page.title()).toBe(subject);
            expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
            await page.screenshot({ path: join(SHOTS, `mail-${m.kind}.${lang}.${width}.png`), fullPage: true });
          }
          expect(requests).toEqual([]);
          await page.addScriptTag({ content: AXE });
          const severe = await page.evaluate(async () => {
            // biome-ignore lint/suspicious/noExplicitAny: axe is a global the injected script defines.
            const r = await (window as any).axe.run(document, { resultTypes: ["violations"] });
            return r.violations
              .filter((v: { impact: string }) => v.impact === "serious" || v.impact === "critical")
              .map(
                (v: { id: string; nodes: { target: string[] }[] }) =>
                  `${v.id}: ${v.nodes.map((n) => n.target.join(" "))}`,
              );
          });
          expect(severe).toEqual([]);
          await page.close();
        }, 60_000);
  });
}
