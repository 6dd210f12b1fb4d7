/**
 * Property-based pass over every JSON route (fast-check): random and hostile bodies (deep nesting,
 * huge numbers, NUL bytes, long strings, duplicate keys, prototype keys, wrong types, bad UTF-8)
 * always answer a 4xx problem+json, never a 500, and never change the store. Authenticated routes
 * are called with a valid token that holds no permission, so even a body that happens to be valid
 * cannot write. Bounded so the suite stays fast; a failure prints fast-check's seed to replay it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { makeTestApp, type TestApp } from "../support/app";
import { countRows } from "../support/stores";
import { ok, PASSWORD } from "./directory-fixtures";

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const FIELDS = [
  "organizationId",
  "email",
  "fullName",
  "password",
  "roleId",
  "name",
  "slug",
  "parentId",
  "type",
  "identifier",
  "webRefreshTtlDays",
  "deviceRefreshTtlDays",
  "permissionCodes",
  "permissionIds",
  "scope",
  "userId",
  "refreshToken",
  "audience",
  "device",
  "token",
  "newPassword",
  "orgName",
  "adminEmail",
  "adminFullName",
  "ttlDays",
  "maxApplications",
  "customClaims",
  "orgId",
  "applicationId",
  "scopes",
  "code",
  "description",
  "googleClientIds",
  "microsoftClientIds",
];
const TABLES = [
  "tenants",
  "organizations",
  "users",
  "roles",
  "role_permissions",
  "user_roles",
  "applications",
  "permissions",
  "api_clients",
  "webhooks",
  "webhook_deliveries",
  "one_time_tokens",
  "devices",
  "audit_log",
];

/**
 * Always 200 by contract (forgot; a passkey sign-in's begin, which takes no body and stores nothing),
 * or the caller's own account, which any signed-in user may act on.
 */
const isSelfService = (path: string) =>
  path === "/api/auth/password/forgot" ||
  path === "/api/auth/passkey/begin" ||
  path.startsWith("/api/mfa/") ||
  path.startsWith("/api/users/me/");

let t: TestApp;
let weakToken: string;
let routes: { method: string; path: string }[];

/** Row counts of the tables a write would touch. */
async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) out[table] = await countRows(t.stores, table);
  return out;
}

beforeAll(async () => {
  t = await makeTestApp();
  const admin = await t.adminToken();
  const me = await ok(t.call("GET", "/api/users/me/memberships", { token: admin }));
  const email = "powerless@fuzz.test";
  await ok(
    t.call("POST", "/api/users", {
      token: admin,
      body: { organizationId: me[0].organizationId, email, fullName: "No Rights", password: PASSWORD },
    }),
  );
  weakToken = (await t.login(email, PASSWORD)).accessToken;
  // Verified already: POST /api/users/me/email/verify, a body-less self-service action, then answers
  // 200 and writes nothing, whatever body the fuzzer sends (a first request would mail a link).
  const weak = (await t.svc.store.users.findByEmail(email))!;
  await t.svc.store.users.update(weak.tenantId, weak.id, { emailVerified: true });
  routes = (t.app.routes as { method: string; path: string }[])
    .filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method) && r.path.startsWith("/api/"))
    .map((r) => ({
      method: r.method,
      path: r.path.replace(/:[A-Za-z]+/g, (m) => (m === ":deviceId" ? "dev-1" : "1")),
    }));
});
afterAll(() => t.close());

const leaf = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "\u202e",
    "x".repeat(20_000),
    "30",
    "true",
    "false",
    "null",
    "",
    " ",
    "1e400",
    "-0",
  ),
  fc.integer(),
  fc.constantFrom(0, -1, 2 ** 53, 2 ** 64, -(2 ** 63), 1e308, -1e308, 0.5, Number.MAX_SAFE_INTEGER + 2),
  fc.boolean(),
  fc.constant(null),
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("v"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie("v"), { maxKeys: 4 }),
  ),
})).v;
/** An object with some of the API's field names, each holding anything. */
const shaped = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 8 });
/** Raw texts no JSON.stringify produces. */
const hostileText = fc.oneof(
  fc.integer({ min: 1, max: 200_000 }).map((n) => "[".repeat(n) + "]".repeat(n)),
  fc.integer({ min: 1, max: 100_000 }).map((n) => '{"a":'.repeat(n) + "1" + "}".repeat(n)),
  fc.constantFrom(
    '{"organizationId":1e400,"email":"a@b.c"}',
    '{"email":"a@b.c","email":"b@c.d","email":5}',
    '{"__proto__":{"roleId":1},"organizationId":1}',
    '{"a":{"constructor":{"prototype":{"x":1}}}}',
    '{"email":"\\u0000@x"}',
    "{",
    "nul\u0000",
    '"just a string"',
    "12345678901234567890123456789",
    "[]",
    "null",
  ),
);

describe("hostile bodies on every JSON route", () => {
  test("the route list is the app's (and covers every write route)", () => {
    expect(routes.length).toBeGreaterThan(25);
  });

  test("random shaped bodies: a 4xx problem, never a 500, nothing written", async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(shaped, value),
        fc.boolean(),
        async (route, body, authed) => {
          const r = await t.call(route.method, route.path, { token: authed ? weakToken : undefined, body });
          const allowed = isSelfService(route.path) && r.status === 200;
          if (!allowed) {
            expect([400, 401, 403, 404, 409, 413, 415]).toContain(r.status);
            expect(r.headers.get("content-type")).toBe("application/problem+json");
          }
        },
      ),
      { numRuns: RUNS * 6 },
    );
    await t.svc.idle();
    expect(await counts()).toEqual(before);
  });

  test("raw hostile texts, bad UTF-8 and oversized bodies: a 4xx problem, never a 500, nothing written", async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(
          hostileText.map((s) => new TextEncoder().encode(s)),
          fc.uint8Array({ minLength: 1, maxLength: 64 }),
        ),
        async (route, bytes) => {
          const r = await t.call(route.method, route.path, {
            token: weakToken,
            raw: bytes,
            headers: { "content-type": "application/json" },
          });
          if (isSelfService(route.path) && r.status === 200) return; // a body-less self-service route ignores a well-formed body
          expect([400, 401, 403, 404, 409, 413, 415]).toContain(r.status);
          expect(r.headers.get("content-type")).toBe("application/problem+json");
        },
      ),
      { numRuns: RUNS * 2 },
    );
    const huge = await t.call("POST", "/api/users", {
      token: weakToken,
      raw: `{"fullName":"${"x".repeat(1024 * 1024 + 10)}"}`,
      headers: { "content-type": "application/json" },
    });
    expect(huge.status).toBe(413);
    await t.svc.idle();
    expect(await counts()).toEqual(before);
  });
});
