// /docs in a real browser with the network closed (Debian's chromium driven by playwright-core):
// the reference UI comes from the service itself and lists the operations; nothing is fetched from
// another origin. Needs /usr/bin/chromium (`.ci/run` installs it; REQUIRE_BROWSER=1 makes its absence fail).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService, type RunningService } from "../support/process";
import { CHROMIUM, launchChromium, requireChromium } from "../support/chromium";

const available = requireChromium();

if (!available) {
  console.warn(`NOT RUN here: /docs browser test (${CHROMIUM} is missing; CI installs it)`);
} else {
  const dir = mkdtempSync(join(tmpdir(), "sso-docs-"));
  let svc: RunningService;
  beforeAll(async () => {
    svc = await startService(
      { SSO_DATA_DIR: dir, HOST: "127.0.0.1", SSO_BOOTSTRAP_ADMIN_PASSWORD: "docs-password-1" },
      { timeoutMs: 60_000 },
    );
  }, 90_000);
  afterAll(async () => {
    await svc?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  test("the reference UI loads offline from the service and lists the operations; nothing leaves the origin; no Ask AI or MCP", async () => {
    const browser = await launchChromium();
    const elsewhere: string[] = [];
    try {
      const page = await browser.newPage();
      // The network is closed: any request to another origin is refused (and remembered).
      await page.route("**/*", (route) => {
        const url = route.request().url();
        if (url.startsWith(svc.url) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
        elsewhere.push(url);
        return route.abort();
      });
      const res = await page.goto(`${svc.url}/docs`, { waitUntil: "domcontentloaded" });
      expect(res?.headers()["content-security-policy"]).toContain("default-src 'none'");
      // The first tag's operations are listed; every tag of the document is in the navigation.
      await page.getByText("Liveness: the process is up").first().waitFor({ timeout: 30_000 });
      for (const tag of ["Authentication", "MFA", "Webhooks", "Import", "Token claims", "OAuth 2.0"])
        await page.getByText(tag, { exact: true }).first().waitFor({ timeout: 10_000 });
      expect(elsewhere).toEqual([]);
      // Scalar's hosted features are off (CONTRACT §19): on 127.0.0.1 its agent would otherwise turn
      // itself on; neither "Ask AI" nor "Generate MCP" / "Connect MCP" is offered.
      expect(await page.getByText(/Ask AI|Generate MCP|Connect MCP/).count()).toBe(0);
    } finally {
      await browser.close();
    }
  }, 90_000);
}
