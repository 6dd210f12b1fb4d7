// The pages' CSRF token: bound to the browser's cookie by an HMAC with the server's secret.
import { describe, expect, test } from "bun:test";
import { createCsrf } from "../../../src/pages";

const secret = crypto.getRandomValues(new Uint8Array(32));

describe("CSRF tokens", () => {
  test("a new browser gets an HttpOnly, SameSite=Lax, Path=/ cookie (Secure, __Host- prefixed on https)", () => {
    const secure = createCsrf({ secret, secure: true }).issue(undefined);
    expect(secure.setCookie).toMatch(/^__Host-sso_csrf=[A-Za-z0-9_-]{43}; /);
    for (const attr of ["HttpOnly", "SameSite=Lax", "Path=/", "Secure"]) expect(secure.setCookie).toContain(attr);
    expect(secure.setCookie).not.toContain("Domain");
    const plain = createCsrf({ secret, secure: false }).issue(undefined);
    expect(plain.setCookie).toMatch(/^sso_csrf=/);
    expect(plain.setCookie).not.toContain("Secure");
  });

  test("a browser that has the cookie keeps it (no Set-Cookie) and gets the same token each time", () => {
    const csrf = createCsrf({ secret, secure: true });
    const cookie = /=([^;]+)/.exec(csrf.issue(undefined).setCookie!)![1];
    const a = csrf.issue(cookie);
    expect(a.setCookie).toBeUndefined();
    expect(csrf.issue(cookie).token).toBe(a.token);
    expect(csrf.verify(cookie, a.token)).toBe(true);
  });

  test("refuses a missing, altered or other browser's token, a missing cookie, and another secret's token", () => {
    const csrf = createCsrf({ secret, secure: true });
    const mine = /=([^;]+)/.exec(csrf.issue(null).setCookie!)![1];
    const theirs = /=([^;]+)/.exec(csrf.issue(null).setCookie!)![1];
    const token = csrf.issue(mine).token;
    expect(csrf.verify(mine, undefined)).toBe(false);
    expect(csrf.verify(mine, "")).toBe(false);
    expect(csrf.verify(undefined, token)).toBe(false);
    expect(csrf.verify(theirs, token)).toBe(false);
    expect(csrf.verify(mine, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`)).toBe(false);
    expect(csrf.verify(mine, token.slice(1))).toBe(false);
    const other = createCsrf({ secret: crypto.getRandomValues(new Uint8Array(32)), secure: true });
    expect(other.verify(mine, token)).toBe(false);
  });

  test("a malformed cookie value is replaced, not signed", () => {
    const csrf = createCsrf({ secret, secure: false });
    const r = csrf.issue("short; Path=/evil");
    expect(r.setCookie).toBeDefined();
    expect(csrf.verify("short; Path=/evil", r.token)).toBe(false);
  });

  test("a short secret is refused at start", () => {
    expect(() => createCsrf({ secret: new Uint8Array(16), secure: true })).toThrow("32 bytes");
  });
});
