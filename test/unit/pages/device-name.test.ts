// The new-device mail names the browser and system as a person reads them (src/pages/mails.tsx
// `deviceName`), not the raw User-Agent header (issue 37, item 9).
import { describe, expect, test } from "bun:test";
import { deviceName, renderMail } from "../../../src/pages/mails";
import { translator } from "../../../src/pages/i18n";

const en = translator("en");
const de = translator("de");
const CHROME_WIN =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36";
const SAFARI_IOS =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

describe("deviceName", () => {
  test("browser with its major version, on the system with its version", () => {
    expect(deviceName(CHROME_WIN, en)).toBe("Chrome 120 on Windows 10");
    expect(deviceName(SAFARI_IOS, en)).toBe("Mobile Safari 17 on iOS 17.5");
    expect(deviceName(FIREFOX_LINUX, en)).toBe("Firefox 128 on Ubuntu");
  });

  test("in the mail's language", () => {
    expect(deviceName(CHROME_WIN, de)).toBe("Chrome 120 unter Windows 10");
    expect(deviceName("", de)).toBe("unbekannt");
  });

  test("what the parser does not know stays as sent, cut; none reads unknown", () => {
    expect(deviceName("curl/8.5.0", en)).toBe("curl/8.5.0");
    expect(deviceName(`x${"y".repeat(300)}`, en)).toHaveLength(120);
    expect(deviceName("unknown", en)).toBe("unknown");
  });

  test("the mail shows the readable name, never the raw header", () => {
    const mail = renderMail(
      { kind: "new_device", email: "a@b.test", when: new Date("2026-01-02T03:04:05Z"), device: CHROME_WIN, ip: null },
      { locale: "en" },
    );
    expect(mail.text).toContain("Browser: Chrome 120 on Windows 10");
    expect(mail.text).not.toContain("AppleWebKit");
    expect(mail.html).not.toContain("AppleWebKit");
  });
});
