import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import {
  claimsOf,
  createOrg,
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  uniq,
  userWith,
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let admin: string;
let ten: TenantFixture;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.adminToken();
  ten = await provisionTenant(t, "Orgs Tenant");
});
afterAll(() => t.close());

describe("POST /api/organizations", () => {
  test("without parentId creates an ACTIVE child of the caller's active org with the right path and default type", async () => {
    const o = await ok(
      t.call("POST", "/api/organizations", { token: ten.token, body: { name: "Sales", slug: "sales" } }),
    );
    expect(o).toMatchObject({
      tenantId: ten.tenantId,
      parentId: ten.rootOrgId,
      type: "organization",
      name: "Sales",
      slug: "sales",
      status: "ACTIVE",
      expiresAt: null,
    });
    expect(o.path).toBe(`/${ten.tenantId}/${ten.rootOrgId}/${o.id}/`);
    expect(o.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const child = await ok(
      t.call("POST", "/api/organizations", {
        token: ten.token,
        body: { name: "EMEA", slug: "emea", parentId: o.id, type: "region" },
      }),
    );
    expect(child.path).toBe(`${o.path}${child.id}/`);
    expect(child.type).toBe("region");
    expect(child.parentId).toBe(o.id);
  });

  test("slug rules: bad slugs are 400 naming the field; a duplicate in the tenant is 409; another tenant may reuse it", async () => {
    for (const slug of ["Upper", "-lead", "trail-", "under_score", "a".repeat(64), ""]) {
      const r = await t.call("POST", "/api/organizations", { token: ten.token, body: { name: "X", slug } });
      expectProblem(r, 400, "VALIDATION_FAILED");
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain("slug");
    }
    await ok(t.call("POST", "/api/organizations", { token: ten.token, body: { name: "Dup", slug: "dup-slug" } }));
    expectProblem(
      await t.call("POST", "/api/organizations", { token: ten.token, body: { name: "Dup 2", slug: "dup-slug" } }),
      409,
      "CONFLICT",
    );
    await ok(t.call("POST", "/api/organizations", { token: admin, body: { name: "Dup", slug: "dup-slug" } }));
  });

  test("type is a free string of at most 64 characters; name is required", async () => {
    const o = await ok(
      t.call("POST", "/api/organizations", {
        token: ten.token,
        body: { name: "Typed", slug: uniq("typed"), type: "x".repeat(64) },
      }),
    );
    expect(o.type).toHaveLength(64);
    expectProblem(
      await t.call("POST", "/api/organizations", {
        token: ten.token,
        body: { name: "Typed", slug: uniq("typed"), type: "x".repeat(65) },
      }),
      400,
      "VALIDATION_FAILED",
    );
    expectProblem(
      await t.call("POST", "/api/organizations", { token: ten.token, body: { slug: uniq("noname") } }),
      400,
      "VALIDATION_FAILED",
    );
  });

  test("a parent outside the caller's reach is 403; another tenant's is 404; unknown is 404", async () => {
    const sales = await createOrg(t, ten.token);
    const scoped = await userWith(t, ten.token, sales.id, ["ORG_MANAGE"], "SUBTREE");
    expectProblem(
      await t.call("POST", "/api/organizations", {
        token: scoped.token,
        body: { name: "N", slug: uniq("n"), parentId: ten.rootOrgId },
      }),
      403,
      "FORBIDDEN",
    );
    const mine = await ok(
      t.call("POST", "/api/organizations", { token: scoped.token, body: { name: "Mine", slug: uniq("mine") } }),
    );
    expect(mine.parentId).toBe(sales.id);
    const platformRoot = claimsOf(admin).org_id;
    expectProblem(
      await t.call("POST", "/api/organizations", {
        token: ten.token,
        body: { name: "N", slug: uniq("n"), parentId: platformRoot },
      }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("POST", "/api/organizations", {
        token: ten.token,
        body: { name: "N", slug: uniq("n"), parentId: 999999 },
      }),
      404,
      "NOT_FOUND",
    );
  });

  test("no token 401, no ORG_MANAGE 403, application-audience token 403", async () => {
    expectProblem(
      await t.call("POST", "/api/organizations", { body: { name: "N", slug: "n" } }),
      401,
      "UNAUTHENTICATED",
    );
    const weak = await userWith(t, ten.token, ten.rootOrgId, ["USER_MANAGE"]);
    expectProblem(
      await t.call("POST", "/api/organizations", { token: weak.token, body: { name: "N", slug: uniq("n") } }),
      403,
      "FORBIDDEN",
    );
    const app = await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: `https://${uniq("app")}.test`, name: "App" },
      }),
    );
    const appToken = (await t.login(ten.adminEmail, PASSWORD, { audience: app.identifier })).accessToken;
    expectProblem(
      await t.call("POST", "/api/organizations", { token: appToken, body: { name: "N", slug: uniq("n") } }),
      403,
      "FORBIDDEN",
    );
    expectProblem(await t.call("GET", "/api/organizations", { token: appToken }), 403, "FORBIDDEN");
  });
});

describe("PUT, suspend and activate", () => {
  test("PUT renames and retypes; unknown id 404; bad body 400", async () => {
    const o = await createOrg(t, ten.token);
    const u = await ok(
      t.call("PUT", `/api/organizations/${o.id}`, { token: ten.token, body: { name: "Renamed", type: "team" } }),
    );
    expect(u).toMatchObject({ id: o.id, name: "Renamed", type: "team", slug: o.slug, path: o.path });
    expect(Date.parse(u.updatedAt)).toBeGreaterThanOrEqual(Date.parse(o.updatedAt));
    expectProblem(
      await t.call("PUT", `/api/organizations/999999`, { token: ten.token, body: { name: "X" } }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("PUT", `/api/organizations/${o.id}`, { token: ten.token, body: { name: "" } }),
      400,
      "VALIDATION_FAILED",
    );
    expectProblem(
      await t.call("PUT", `/api/organizations/abc`, { token: ten.token, body: { name: "X" } }),
      400,
      "VALIDATION_FAILED",
    );
  });

  test("suspending an org refuses logins for it and its descendants (403 ORG_SUSPENDED) until it is activated", async () => {
    const parent = await createOrg(t, ten.token);
    const child = await createOrg(t, ten.token, parent.id);
    const u = await createUser(t, ten.token, child.id);
    const pair = await t.login(u.email, PASSWORD);
    const s = await ok(t.call("POST", `/api/organizations/${parent.id}/suspend`, { token: ten.token }));
    expect(s.status).toBe("SUSPENDED");
    expectProblem(
      await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } }),
      403,
      "ORG_SUSPENDED",
    );
    const refresh = await t.call("POST", "/api/auth/refresh", { body: { refreshToken: pair.refreshToken } });
    if (refresh.status !== 404) expect([401, 403]).toContain(refresh.status);
    const a = await ok(t.call("POST", `/api/organizations/${parent.id}/activate`, { token: ten.token }));
    expect(a.status).toBe("ACTIVE");
    expect((await t.login(u.email, PASSWORD)).accessToken).toBeString();
  });

  test("the caller cannot suspend its own active org or an ancestor; unknown id is 404", async () => {
    expectProblem(
      await t.call("POST", `/api/organizations/${ten.rootOrgId}/suspend`, { token: ten.token }),
      403,
      "FORBIDDEN",
    );
    expectProblem(await t.call("POST", `/api/organizations/999999/suspend`, { token: ten.token }), 404, "NOT_FOUND");
    expectProblem(await t.call("POST", `/api/organizations/999999/activate`, { token: ten.token }), 404, "NOT_FOUND");
  });

  test("an org whose expiresAt has passed behaves as suspended", async () => {
    const o = await createOrg(t, ten.token);
    const u = await createUser(t, ten.token, o.id);
    await t.stores.store.orgs.update(ten.tenantId, o.id, { expiresAt: new Date(Date.now() - 1000) });
    expectProblem(
      await t.call("POST", "/api/auth/login", { body: { email: u.email, password: PASSWORD } }),
      403,
      "ORG_SUSPENDED",
    );
  });
});

describe("listing, search and visible-orgs", () => {
  let other: TenantFixture;
  let branch: { id: number; path: string };
  beforeAll(async () => {
    other = await provisionTenant(t, "Listing Tenant");
    branch = await ok(
      t.call("POST", "/api/organizations", {
        token: other.token,
        body: { name: "Branch 100% Real_Name", slug: "branch" },
      }),
    );
    for (let i = 0; i < 5; i++)
      await ok(
        t.call("POST", "/api/organizations", {
          token: other.token,
          body: { name: `Leaf ${i}`, slug: `leaf-${i}`, parentId: branch.id },
        }),
      );
    await ok(t.call("POST", "/api/organizations", { token: other.token, body: { name: "Sibling", slug: "sibling" } }));
  });

  test("GET /api/organizations pages by cursor through exactly the orgs in reach", async () => {
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const r: any = await ok(
        t.call("GET", `/api/organizations?size=3${after ? `&after=${after}` : ""}`, { token: other.token }),
      );
      expect(r.items.length).toBeLessThanOrEqual(3);
      for (const o of r.items) {
        expect(o.tenantId).toBe(other.tenantId);
        seen.push(o.id);
      }
      after = r.hasNext ? r.nextCursor : null;
      if (!r.hasNext) expect(r.nextCursor).toBeNull();
      pages++;
    } while (after);
    expect(seen).toHaveLength(8);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    expect(pages).toBe(3);
    const def = await ok(t.call("GET", "/api/organizations", { token: other.token }));
    expect(def.items).toHaveLength(8);
    expect(def.hasNext).toBe(false);
  });

  test("a SUBTREE user sees only its subtree; a SELF user only its org", async () => {
    const sub = await userWith(t, other.token, branch.id, ["ORG_MANAGE"], "SUBTREE");
    const r = await ok(t.call("GET", "/api/organizations", { token: sub.token }));
    expect(r.items.map((o: { id: number }) => o.id)).toHaveLength(6);
    for (const o of r.items) expect(o.path.startsWith(branch.path)).toBe(true);
    const self = await userWith(t, other.token, branch.id, ["ORG_MANAGE"], "SELF");
    expect(
      (await ok(t.call("GET", "/api/organizations", { token: self.token }))).items.map((o: { id: number }) => o.id),
    ).toEqual([branch.id]);
  });

  test("size bounds and cursors: 0 and 1001 are 400, a forged cursor is 400", async () => {
    for (const q of ["size=0", "size=1001", "size=abc", "after=not-a-cursor"])
      expectProblem(await t.call("GET", `/api/organizations?${q}`, { token: other.token }), 400, "VALIDATION_FAILED");
    expect((await ok(t.call("GET", "/api/organizations?size=1000", { token: other.token }))).items.length).toBe(8);
  });

  test("search: literal case-insensitive substring of name or slug; % and _ are not wildcards; status filter; size", async () => {
    const byName = await ok(t.call("GET", "/api/organizations/search?q=LEAF", { token: other.token }));
    expect(byName.map((o: { name: string }) => o.name)).toEqual(["Leaf 0", "Leaf 1", "Leaf 2", "Leaf 3", "Leaf 4"]);
    expect(
      (await ok(t.call("GET", "/api/organizations/search?q=leaf-3", { token: other.token }))).map(
        (o: { slug: string }) => o.slug,
      ),
    ).toEqual(["leaf-3"]);
    expect(
      (
        await ok(t.call("GET", `/api/organizations/search?q=${encodeURIComponent("100%")}`, { token: other.token }))
      ).map((o: { id: number }) => o.id),
    ).toEqual([branch.id]);
    expect(
      await ok(
        t.call("GET", `/api/organizations/search?q=${encodeURIComponent("%")}&status=SUSPENDED`, {
          token: other.token,
        }),
      ),
    ).toEqual([]);
    expect(
      await ok(t.call("GET", `/api/organizations/search?q=${encodeURIComponent("l_af")}`, { token: other.token })),
    ).toEqual([]);
    expect(
      (
        await ok(
          t.call("GET", `/api/organizations/search?q=${encodeURIComponent("real_name")}`, { token: other.token }),
        )
      ).map((o: { id: number }) => o.id),
    ).toEqual([branch.id]);
    expect(await ok(t.call("GET", "/api/organizations/search?q=Orgs%20Tenant", { token: other.token }))).toEqual([]);
    expect(await ok(t.call("GET", "/api/organizations/search?size=2", { token: other.token }))).toHaveLength(2);
    expect(await ok(t.call("GET", "/api/organizations/search", { token: other.token }))).toHaveLength(8);
    const leaf = byName[0];
    await ok(t.call("POST", `/api/organizations/${leaf.id}/suspend`, { token: other.token }));
    expect(
      (await ok(t.call("GET", "/api/organizations/search?status=SUSPENDED", { token: other.token }))).map(
        (o: { id: number }) => o.id,
      ),
    ).toEqual([leaf.id]);
    expect(
      await ok(t.call("GET", "/api/organizations/search?q=leaf&status=ACTIVE", { token: other.token })),
    ).toHaveLength(4);
    expectProblem(
      await t.call("GET", "/api/organizations/search?status=GONE", { token: other.token }),
      400,
      "VALIDATION_FAILED",
    );
    expectProblem(
      await t.call("GET", "/api/organizations/search?size=1001", { token: other.token }),
      400,
      "VALIDATION_FAILED",
    );
  });

  test("visible-orgs lists direct children in cursor pages; SELF reach sees none; other tenants are 404", async () => {
    const first = await ok(
      t.call("GET", `/api/tenant-hierarchy/visible-orgs/${branch.id}?size=2`, { token: other.token }),
    );
    expect(first.parentOrgId).toBe(branch.id);
    expect(first.childOrgIds).toHaveLength(2);
    expect(first.hasNext).toBe(true);
    const ids = [...first.childOrgIds];
    let cursor = first.nextCursor;
    while (cursor) {
      const r = await ok(
        t.call("GET", `/api/tenant-hierarchy/visible-orgs/${branch.id}?size=2&after=${cursor}`, { token: other.token }),
      );
      ids.push(...r.childOrgIds);
      cursor = r.hasNext ? r.nextCursor : null;
    }
    expect(ids).toHaveLength(5);
    const top = await ok(
      t.call("GET", `/api/tenant-hierarchy/visible-orgs/${other.rootOrgId}`, { token: other.token }),
    );
    expect(top.childOrgIds).toHaveLength(2);
    expect(top.hasNext).toBe(false);
    const self = await userWith(t, other.token, branch.id, ["ORG_MANAGE"], "SELF");
    expect(
      (await ok(t.call("GET", `/api/tenant-hierarchy/visible-orgs/${branch.id}`, { token: self.token }))).childOrgIds,
    ).toEqual([]);
    expectProblem(
      await t.call("GET", `/api/tenant-hierarchy/visible-orgs/${other.rootOrgId}`, { token: self.token }),
      403,
      "FORBIDDEN",
    );
    expectProblem(
      await t.call("GET", `/api/tenant-hierarchy/visible-orgs/${ten.rootOrgId}`, { token: other.token }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("GET", `/api/tenant-hierarchy/visible-orgs/${branch.id}?size=1001`, { token: other.token }),
      400,
      "VALIDATION_FAILED",
    );
  });
});
