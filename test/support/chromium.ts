/**
 * Debian's Chromium for the browser tests (a downloaded browser never works on these machines):
 * where it is, whether it is here, and one launch with the flags a closed network needs (without the
 * background-networking flags Chromium's own connections are refused, many at a time).
 */
import { existsSync } from "node:fs";
import type { Browser } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const chromiumAvailable = existsSync(CHROMIUM);

/**
 * Fails the file at once when Chromium is missing and REQUIRE_BROWSER is set (CI); otherwise
 * answers whether the browser tests can run (callers print their own "NOT RUN here" line).
 */
export function requireChromium(): boolean {
  if (!chromiumAvailable && process.env.REQUIRE_BROWSER)
    throw new Error(`NOT RUN: ${CHROMIUM} is missing (apt-get install chromium), and REQUIRE_BROWSER is set`);
  return chromiumAvailable;
}

/** A headless Chromium for one test file; close it in afterAll. */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import("playwright-core");
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
