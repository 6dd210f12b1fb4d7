/**
 * One mailbox, one account (issue 25, point 4; docs/security.md, "Confusable emails"): an address's
 * domain is compared and stored in IDNA ASCII form, so `victim@ｅxample.com` (a fullwidth e) is the
 * account `victim@example.com`, at creation (409), at sign-in and in provisioning; a domain IDNA
 * refuses is a 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import { claimsOf, expectProblem, ok, provisionTenant, uniq, type TenantFixture } from "./directory-fixtures";

const PASSWORD = "correct-horse-42";
let t: TestApp;
let ten: TenantFixture;
beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t, "IDNA Tenant");
});
afterAll(() => t.close());

const createUser = (email: string) =>
  t.call("POST", "/api/users", {
    token: ten.token,
    body: { organizationId: ten.rootOrgId, email, fullName: "Victim", password: PASSWORD },
  });

describe("email domains in IDNA form", () => {
  test("victim@ｅxample.com beside victim@example.com is 409, and signs in the one account", async () => {
    const local = uniq("victim").toLowerCase();
    const victim = await ok(createUser(`${local}@example.com`));
    expectProblem(await createUser(`${local}@ｅxample.com`), 409, "CONFLICT");
    expectProblem(await createUser(`${local}@ＥＸＡＭＰＬＥ.com`), 409, "CONFLICT");
    const r = await t.call("POST", "/api/auth/login", { body: { email: `${local}@ｅxample.com`, password: PASSWORD } });
    expect(r.status).toBe(200);
    expect(claimsOf(r.body.accessToken).uid).toBe(victim.id);
  });

  test("a real IDN is stored in Punycode; its Unicode and Punycode spellings are one account", async () => {
    const local = uniq("leser").toLowerCase();
    const u = await ok(createUser(`${local}@Bücher.example`));
    expect(u.email).toBe(`${local}@xn--bcher-kva.example`);
    expectProblem(await createUser(`${local}@xn--bcher-kva.example`), 409, "CONFLICT");
    expect((await t.login(`${local}@bücher.example`, PASSWORD)).accessToken).toBeString();
  });

  test("a domain IDNA refuses is 400 naming the field; a sign-in with one is a plain 401", async () => {
    const r = await createUser(`${uniq("bad").toLowerCase()}@xn--a.example`);
    expectProblem(r, 400, "VALIDATION_FAILED");
    expect(r.body.errors[0].field).toBe("email");
    const admin = await t.adminToken();
    const p = await t.call("POST", "/api/platform/tenants", {
      token: admin,
      body: { orgName: uniq("Bad IDN"), adminEmail: "owner@xn--a.example", adminFullName: "Owner" },
    });
    expectProblem(p, 400, "VALIDATION_FAILED");
    expect(p.body.errors[0].field).toBe("adminEmail");
    const login = await t.call("POST", "/api/auth/login", { body: { email: "x@xn--a.example", password: PASSWORD } });
    expect(login.status).toBe(401);
  });

  test("an import row whose domain IDNA refuses is an error on its email; a fullwidth twin of an account is taken", async () => {
    const local = uniq("imp").toLowerCase();
    await ok(createUser(`${local}@example.com`));
    const r = await ok(
      t.call("POST", "/api/import/validate", {
        token: ten.token,
        body: {
          rootParentOrgId: ten.rootOrgId,
          organizations: [{ externalId: `${local}-o`, name: "O", slug: `${local}-o` }],
          users: [
            { externalId: `${local}-1`, orgExternalId: `${local}-o`, email: `${local}@xn--a.example`, fullName: "A" },
            { externalId: `${local}-2`, orgExternalId: `${local}-o`, email: `${local}@ｅxample.com`, fullName: "B" },
          ],
        },
      }),
    );
    expect(r.status).toBe("INVALID");
    expect(r.errors.map((e: { externalId: string; field: string }) => [e.externalId, e.field]).sort()).toEqual([
      [`${local}-1`, "email"],
      [`${local}-2`, "email"],
    ]);
  });
});
