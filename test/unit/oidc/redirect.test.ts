// Authorization response redirects (src/protocols/oidc/redirect.ts): RFC 6749 §3.1.2, §4.1.2,
// §4.1.2.1 and RFC 9207 §2.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { appendQuery, successRedirect } from "../../../src/protocols/oidc";
import { errorRedirect } from "../../../src/protocols/oidc";

const ISS = "https://sso.example";

/** Registered-style redirect URIs, with and without an own query. */
const base = fc.constantFrom(
  "https://app.example/cb",
  "https://app.example/cb?tenant=a%20b&x",
  "http://127.0.0.1:8080/cb?",
  "com.example.app:/callback",
  "com.example.app:/callback?k=v&k=w",
);
/** Query components made of characters a registered URI may hold (no fragment, no whitespace). */
const ownQuery = fc.string({
  unit: fc.constantFrom(..."abcXYZ019-._~%!$'()*+,;=:@/?&"),
  maxLength: 40,
});
/** Any well-formed string (UTF-16 without lone surrogates): every decoded request parameter is one. */
const anyState = fc.string({ unit: "grapheme", maxLength: 200 });

describe("the redirect builder", () => {
  test("RFC 6749 §4.1.2 + RFC 9207 §2: success carries code, state and iss in the query", () => {
    const url = new URL(successRedirect("https://app.example/cb", { code: "c0de", state: "s", iss: ISS }));
    expect([...url.searchParams]).toEqual([
      ["code", "c0de"],
      ["state", "s"],
      ["iss", ISS],
    ]);
  });

  test("RFC 6749 §4.1.2: state is absent from the response when the request had none", () => {
    const url = new URL(successRedirect("https://app.example/cb", { code: "c", iss: ISS }));
    expect(url.searchParams.has("state")).toBe(false);
  });

  test("RFC 6749 §4.1.2.1 + RFC 9207 §2: an error carries error, error_description, state and iss", () => {
    const url = new URL(
      errorRedirect("https://app.example/cb", {
        error: "access_denied",
        description: "The person declined.",
        state: "s",
        iss: ISS,
      }),
    );
    expect([...url.searchParams]).toEqual([
      ["error", "access_denied"],
      ["error_description", "The person declined."],
      ["state", "s"],
      ["iss", ISS],
    ]);
  });

  test("RFC 6749 §4.1.2.1: error_description never carries characters outside %x20-21 / %x23-5B / %x5D-7E", () => {
    const url = new URL(
      errorRedirect("https://app.example/cb", {
        error: "invalid_request",
        description: 'bad "x" \\ \u00e9\n',
        iss: ISS,
      }),
    );
    expect(url.searchParams.get("error_description")).toMatch(/^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/);
  });

  test("RFC 6749 §3.1.2: a redirect URI with a fragment is refused (never produces one)", () => {
    expect(() => appendQuery("https://app.example/cb#x", [["code", "c"]])).toThrow();
  });

  test("RFC 6749 §3.1.2: the registered query is retained byte for byte, state round-trips, no fragment (property)", () => {
    fc.assert(
      fc.property(base, ownQuery, anyState, fc.string({ maxLength: 64 }), (b, q, state, code) => {
        const registered = q && !b.includes("?") ? `${b}?${q}` : b;
        const out = successRedirect(registered, { code, state, iss: ISS });
        // The registered URI, query included, is an exact prefix: nothing of it was re-encoded.
        expect(out.startsWith(registered)).toBe(true);
        expect(out.includes("#")).toBe(false);
        const added = new URLSearchParams(out.slice(registered.length).replace(/^[?&]/, ""));
        expect([...added]).toEqual([
          ["code", code],
          ["state", state],
          ["iss", ISS],
        ]);
      }),
    );
  });

  test("RFC 6749 §4.1.2.1: the error redirect keeps the registered query and round-trips state (property)", () => {
    fc.assert(
      fc.property(base, anyState, (registered, state) => {
        const out = errorRedirect(registered, { error: "invalid_scope", description: "d", state, iss: ISS });
        expect(out.startsWith(registered)).toBe(true);
        expect(out.includes("#")).toBe(false);
        const added = new URLSearchParams(out.slice(registered.length).replace(/^[?&]/, ""));
        expect(added.get("state")).toBe(state);
        expect(added.get("iss")).toBe(ISS);
      }),
    );
  });

  test("the parser sees the registered parameters and the response's side by side", () => {
    const url = new URL(successRedirect("https://app.example/cb?tenant=a%20b&x", { code: "c", state: "s", iss: ISS }));
    expect([...url.searchParams]).toEqual([
      ["tenant", "a b"],
      ["x", ""],
      ["code", "c"],
      ["state", "s"],
      ["iss", ISS],
    ]);
  });
});
