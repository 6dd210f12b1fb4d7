// Findings of the security review, pinned as behaviour: no 500 for hostile input, caps on chunked
// bodies, clients cannot borrow a sibling organization's application.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import { PASSWORD, seedWorld, type World } from "../sdk/world";

let t: TestApp;
let w: World;
let admin: string;

beforeAll(async () => {
  t = await makeTestApp();
  w = await seedWorld(t.svc.store, (pw) => t.svc.hasher.hash(pw));
  admin = await t.adminToken();
});
afterAll(() => t.close());

const isProblem = (r: { status: number; headers: Headers; body: { code?: string } }, status: number, code: string) => {
  expect(r.status).toBe(status);
  expect(r.headers.get("content-type")).toBe("application/problem+json");
  expect(r.body.code).toBe(code);
};

describe("hostile input never reaches a 500", () => {
  test("a NUL character in a login email, a search query or a device id is 400", async () => {
    isProblem(
      await t.call("POST", "/api/auth/login", { body: { email: "a\u0000@b.test", password: "x" } }),
      400,
      "VALIDATION_FAILED",
    );
    isProblem(await t.call("GET", "/api/organizations/search?q=%00", { token: admin }), 400, "VALIDATION_FAILED");
    isProblem(
      await t.call("POST", "/api/organizations", { token: admin, body: { name: "bad\u0000name", slug: "nul-org" } }),
      400,
      "VALIDATION_FAILED",
    );
  });

  test("ids beyond 64 bits are 400, in the path, the query and the body", async () => {
    isProblem(
      await t.call("GET", "/api/users/99999999999999999999/export", { token: admin }),
      400,
      "VALIDATION_FAILED",
    );
    isProblem(await t.call("GET", "/api/users?organizationId=1e30", { token: admin }), 400, "VALIDATION_FAILED");
    isProblem(
      await t.call("POST", "/api/clients", { token: admin, body: { name: "c", orgId: 1e30 } }),
      400,
      "VALIDATION_FAILED",
    );
  });

  test("a non-positive id names the part of the request that failed", async () => {
    const r = await t.call("GET", "/api/users/-1/export", { token: admin });
    isProblem(r, 400, "VALIDATION_FAILED");
    expect(r.body.errors[0].field).not.toBe("body");
  });
});

describe("wrong types", () => {
  test("a device that is not an object is 400, not a device session", async () => {
    for (const device of ["x", 5, [], true]) {
      const r = await t.call("POST", "/api/auth/login", {
        body: { email: "admin@platform.test", password: "admin-password-1", device },
      });
      isProblem(r, 400, "VALIDATION_FAILED");
      expect(r.body.errors[0].field).toBe("device");
    }
  });
});

describe("body limits", () => {
  test("a chunked body over 1 MiB is 413 problem+json; a small chunked body is parsed", async () => {
    const send = (payload: string) =>
      t.app.handle(
        new Request("http://sso.test/api/auth/login", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: new ReadableStream({ start: (c) => (c.enqueue(new TextEncoder().encode(payload)), c.close()) }),
          duplex: "half",
        } as RequestInit),
      );
    const big = await send(JSON.stringify({ email: "a@b.test", password: "x".repeat(1024 * 1024 + 16) }));
    expect(big.status).toBe(413);
    expect((await big.json()).code).toBe("PAYLOAD_TOO_LARGE");
    const small = await send(JSON.stringify({ email: "admin@platform.test", password: "admin-password-1" }));
    expect(small.status).toBe(200);
  });
});

describe("token endpoint", () => {
  test("GET /oauth2/token is 405 with Allow: POST and an RFC 6749 body", async () => {
    const r = await t.call("GET", "/oauth2/token");
    expect(r.status).toBe(405);
    expect(r.headers.get("allow")).toBe("POST");
    expect(r.body.error).toBe("invalid_request");
  });

  test("another method on /oauth2/authorize or /oauth2/userinfo is 405 naming exactly the methods each takes", async () => {
    for (const path of ["/oauth2/authorize", "/oauth2/userinfo"]) {
      const r = await t.call("DELETE", path);
      expect(r.status).toBe(405);
      expect(r.headers.get("allow")).toBe("GET, POST");
      expect(r.body.error_description).toBe("This endpoint takes GET, POST.");
    }
  });
});

describe("client binding", () => {
  test("a client may be bound to an application of its org's ancestors, never of a sibling org", async () => {
    const cm = (await t.login(w.emails.adminA, PASSWORD)).accessToken;
    // Orders belongs to the tenant root: usable by a client of a descendant org.
    const ok = await t.call("POST", "/api/clients", {
      token: cm,
      body: { name: "child", orgId: w.orgA1a.id, applicationId: w.appOrders.id, scopes: ["orders.read"] },
    });
    expect(ok.status).toBe(200);
    // An application owned by orgA2 is not in orgA1's vocabulary.
    const sib = await t.call("POST", "/api/applications", {
      token: cm,
      body: { organizationId: w.orgA2.id, identifier: `https://sibling-${Date.now()}.acme.test`, name: "Sibling" },
    });
    expect(sib.status).toBe(200);
    await t.call("POST", `/api/applications/${sib.body.id}/permissions`, { token: cm, body: { code: "sib.write" } });
    const r = await t.call("POST", "/api/clients", {
      token: cm,
      body: { name: "borrow", orgId: w.orgA1.id, applicationId: sib.body.id, scopes: ["sib.write"] },
    });
    isProblem(r, 400, "VALIDATION_FAILED");
    expect(r.body.errors[0].field).toBe("applicationId");
  });
});
