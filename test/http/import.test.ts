/**
 * Bulk import, black-box (SPEC 2.13, 3.5, 4.10; CONTRACT §8): the dry run writes nothing and lists
 * every error; a rejected commit writes nothing; references resolve in any order; re-runs are
 * idempotent; bcrypt users log in with their old password; others get invites; jobs are listed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import { countRows as countRowsIn } from "../support/stores";
import {
  claimsOf,
  createOrg,
  expectProblem,
  ok,
  provisionTenant,
  uniq,
  userWith,
  type TenantFixture,
} from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let admin: string;

const validate = (token: string, body: unknown) => t.call("POST", "/api/import/validate", { token, body });
const commit = (token: string, body: unknown) => t.call("POST", "/api/import/commit", { token, body });
const countRows = (table: string) => countRowsIn(t.stores, table);
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      [
        "organizations",
        "applications",
        "permissions",
        "roles",
        "users",
        "user_roles",
        "one_time_tokens",
        "external_refs",
      ].map(async (x) => [x, await countRows(x)]),
    ),
  );

/** A payload given out of order: children before parents, roles before their permissions. */
function payload(tag: string, bcrypt: string) {
  return {
    rootParentOrgId: ten.rootOrgId,
    assignments: [
      { userExternalId: `${tag}-u1`, roleExternalId: `${tag}-r1`, orgExternalId: `${tag}-team` },
      { userExternalId: `${tag}-u2`, roleExternalId: `${tag}-r1`, orgExternalId: `${tag}-team` },
    ],
    users: [
      {
        externalId: `${tag}-u1`,
        orgExternalId: `${tag}-team`,
        email: `${tag}-one@import.test`,
        fullName: "One",
        passwordBcrypt: bcrypt,
      },
      { externalId: `${tag}-u2`, orgExternalId: `${tag}-div`, email: `${tag}-two@import.test`, fullName: "Two" },
    ],
    roles: [
      {
        externalId: `${tag}-r1`,
        orgExternalId: `${tag}-div`,
        name: "Reader",
        scope: "SUBTREE",
        permissionCodes: ["orders.read"],
        permissionExternalIds: [`${tag}-p2`],
      },
    ],
    organizations: [
      { externalId: `${tag}-team`, name: "Team", slug: `${tag}-team`, parentExternalId: `${tag}-div` },
      { externalId: `${tag}-div`, name: "Division", slug: `${tag}-div`, type: "division" },
    ],
    permissions: [
      { externalId: `${tag}-p1`, appExternalId: `${tag}-app`, code: "orders.read" },
      { externalId: `${tag}-p2`, appExternalId: `${tag}-app`, code: "orders.write", description: "write" },
    ],
    applications: [
      {
        externalId: `${tag}-app`,
        orgExternalId: `${tag}-div`,
        identifier: `https://${tag}.import.test`,
        name: "Orders",
      },
    ],
  };
}

let bcrypt: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.adminToken();
  ten = await provisionTenant(t);
  bcrypt = await Bun.password.hash("old-bcrypt-password", { algorithm: "bcrypt", cost: 4 });
});
afterAll(() => t.close());

describe("well-formedness and rights", () => {
  test("both or neither target is 400 and writes nothing", async () => {
    const before = await snapshot();
    expectProblem(await validate(ten.token, { organizations: [] }), 400, "VALIDATION_FAILED");
    expectProblem(
      await commit(ten.token, { rootParentOrgId: ten.rootOrgId, rootTenant: { orgName: "X", slug: "x" } }),
      400,
      "VALIDATION_FAILED",
    );
    expect(await snapshot()).toEqual(before);
  });

  test("under an org needs ORG_MANAGE with subtree reach; a new tenant needs PLATFORM_ADMIN", async () => {
    const team = await createOrg(t, ten.token, ten.rootOrgId);
    const selfOnly = await userWith(t, ten.token, team.id, ["ORG_MANAGE"], "SELF");
    expectProblem(await validate(selfOnly.token, { rootParentOrgId: team.id }), 403, "FORBIDDEN");
    expectProblem(await validate(ten.token, { rootTenant: { orgName: "Nope", slug: "nope" } }), 403, "FORBIDDEN");
    const other = await provisionTenant(t);
    expectProblem(await validate(ten.token, { rootParentOrgId: other.rootOrgId }), 404, "NOT_FOUND");
  });
});

describe("validate", () => {
  test("a dry run reports what would be created and writes no directory data", async () => {
    const before = await snapshot();
    const r = await ok(validate(ten.token, payload(uniq("dry"), bcrypt)));
    expect(r).toMatchObject({
      status: "VALID",
      dryRun: true,
      tenantId: ten.tenantId,
      rootOrgId: ten.rootOrgId,
      errors: [],
      invites: [],
    });
    expect(r.counts.organizations).toEqual({ created: 2, updated: 0, skipped: 0, failed: 0 });
    expect(r.counts.users.created).toBe(2);
    expect(r.counts.assignments.created).toBe(2);
    expect(await snapshot()).toEqual(before);
  });

  test("every error is listed with entityType, externalId, field and message", async () => {
    const existing = await ok(
      t.call("POST", "/api/users", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, email: `${uniq("taken")}@import.test`, fullName: "Taken" },
      }),
    );
    const takenSlug = (await createOrg(t, ten.token, ten.rootOrgId)).slug;
    const bad = {
      rootParentOrgId: ten.rootOrgId,
      organizations: [
        { externalId: "o1", name: "A", slug: "dup-slug" },
        { externalId: "o1", name: "B", slug: "other" },
        { externalId: "o2", name: "C", slug: "dup-slug" },
        { externalId: "o3", name: "D", slug: takenSlug },
        { externalId: "o4", name: "E", slug: "orphan", parentExternalId: "ghost" },
        { externalId: "o5", name: "F", slug: "BAD SLUG" },
      ],
      users: [
        { externalId: "u1", orgExternalId: "o1", email: existing.email, fullName: "Dup" },
        {
          externalId: "u2",
          orgExternalId: "nowhere",
          email: "fresh@import.test",
          fullName: "X",
          passwordBcrypt: "not-bcrypt",
        },
        { externalId: "u3", orgExternalId: "o1", email: "FRESH@import.test", fullName: "Y" },
      ],
      roles: [{ externalId: "r1", orgExternalId: "o1", name: "R", permissionCodes: ["no.such.code"] }],
      assignments: [{ userExternalId: "u1", roleExternalId: "missing", orgExternalId: "o1" }],
    };
    const r = await ok(validate(ten.token, bad));
    expect(r.status).toBe("INVALID");
    const has = (entityType: string, externalId: string, field: string) =>
      r.errors.some(
        (e: { entityType: string; externalId: string; field: string }) =>
          e.entityType === entityType && e.externalId === externalId && e.field === field,
      );
    expect(has("organizations", "o1", "externalId")).toBe(true);
    expect(has("organizations", "o2", "slug")).toBe(true);
    expect(has("organizations", "o3", "slug")).toBe(true);
    expect(has("organizations", "o4", "parentExternalId")).toBe(true);
    expect(has("organizations", "o5", "slug")).toBe(true);
    expect(has("users", "u1", "email")).toBe(true);
    expect(has("users", "u2", "orgExternalId")).toBe(true);
    expect(has("users", "u2", "passwordBcrypt")).toBe(true);
    expect(has("users", "u3", "email")).toBe(true);
    expect(has("roles", "r1", "permissionCodes")).toBe(true);
    expect(has("assignments", "u1|missing|o1", "roleExternalId")).toBe(true);
    for (const e of r.errors) expect(typeof e.message).toBe("string");
  });

  test("no escalation through a role imported earlier: assigning it needs its system codes", async () => {
    const tag = uniq("esc");
    const base = {
      rootParentOrgId: ten.rootOrgId,
      organizations: [{ externalId: `${tag}-o`, name: "Esc", slug: `${tag}-o` }],
    };
    await ok(
      commit(ten.token, {
        ...base,
        roles: [
          {
            externalId: `${tag}-admin`,
            orgExternalId: `${tag}-o`,
            name: "Strong",
            permissionCodes: ["USER_MANAGE", "ROLE_MANAGE"],
          },
        ],
      }),
    );
    const weak = await userWith(t, ten.token, ten.rootOrgId, ["ORG_MANAGE"], "SUBTREE");
    const r = await ok(
      validate(weak.token, {
        ...base,
        users: [{ externalId: `${tag}-me`, orgExternalId: `${tag}-o`, email: `${tag}-me@import.test`, fullName: "Me" }],
        assignments: [{ userExternalId: `${tag}-me`, roleExternalId: `${tag}-admin`, orgExternalId: `${tag}-o` }],
      }),
    );
    expect(r.status).toBe("INVALID");
    expect(r.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          entityType: "assignments",
          field: "roleExternalId",
          message: expect.stringContaining("USER_MANAGE"),
        }),
      ]),
    );
  });

  test("the plan's application cap is reported", async () => {
    const capped = await provisionTenant(t);
    await ok(
      t.call("PUT", `/api/platform/tenants/${capped.tenantId}/limits`, { token: admin, body: { maxApplications: 1 } }),
    );
    const r = await ok(
      validate(capped.token, {
        rootParentOrgId: capped.rootOrgId,
        applications: [
          { externalId: "a1", orgExternalId: "root", identifier: `https://${uniq("cap")}.test`, name: "A1" },
          { externalId: "a2", orgExternalId: "root", identifier: `https://${uniq("cap")}.test`, name: "A2" },
        ],
        organizations: [{ externalId: "root", name: "Sub", slug: uniq("capsub") }],
      }),
    );
    expect(r.status).toBe("INVALID");
    expect(r.errors).toEqual([
      expect.objectContaining({
        entityType: "applications",
        externalId: "a2",
        message: expect.stringContaining("cap of 1"),
      }),
    ]);
  });
});

describe("commit", () => {
  test("applies the whole payload in any order; a bcrypt user signs in with the old password (then re-hashed); others get working invites", async () => {
    const tag = uniq("c");
    const r = await ok(commit(ten.token, payload(tag, bcrypt)));
    expect(r.status).toBe("COMPLETED");
    expect(r.counts.organizations.created).toBe(2);
    expect(r.counts.permissions.created).toBe(2);
    expect(r.invites).toEqual([
      { userExternalId: `${tag}-u2`, email: `${tag}-two@import.test`, setupToken: expect.any(String) },
    ]);
    // The bcrypt user: old password works, with the imported role's permissions for the app.
    const login = await t.login(`${tag}-one@import.test`, "old-bcrypt-password", {
      audience: `https://${tag}.import.test`,
    });
    expect(claimsOf(login.accessToken).permissions).toEqual(["orders.read", "orders.write"]);
    const user = await t.svc.store.users.findByEmail(`${tag}-one@import.test`);
    expect(user!.passwordHash!.startsWith("$argon2id$")).toBe(true);
    // The invite: redeem the setup token, then sign in.
    await ok(
      t.call("POST", "/api/auth/password/reset", {
        body: { token: r.invites[0].setupToken, newPassword: "invited-password-1" },
      }),
    );
    await t.login(`${tag}-two@import.test`, "invited-password-1");
    // The org tree: team under division under the root.
    const orgs = await ok(t.call("GET", `/api/organizations/search?q=${tag}`, { token: ten.token }));
    const div = orgs.find((o: { slug: string }) => o.slug === `${tag}-div`);
    const team = orgs.find((o: { slug: string }) => o.slug === `${tag}-team`);
    expect(div.parentId).toBe(ten.rootOrgId);
    expect(team.parentId).toBe(div.id);
    expect(div.type).toBe("division");
    await t.svc.idle();
    expect(
      (
        await t.svc.store.audit.query({
          tenant: ten.tenantId,
          orgPath: `/${ten.tenantId}/`,
          action: "import.committed",
          size: 5,
        })
      ).length,
    ).toBeGreaterThan(0);
  });

  test("re-running is idempotent: unchanged records are skipped, changed ones updated", async () => {
    const tag = uniq("re");
    await ok(commit(ten.token, payload(tag, bcrypt)));
    const before = await snapshot();
    const again = await ok(commit(ten.token, payload(tag, bcrypt)));
    expect(again.status).toBe("COMPLETED");
    for (const kind of ["organizations", "applications", "permissions", "roles", "users"])
      expect(again.counts[kind]).toEqual({ created: 0, updated: 0, skipped: expect.any(Number), failed: 0 });
    expect(again.counts.assignments).toEqual({ created: 0, updated: 0, skipped: 2, failed: 0 });
    expect(again.invites).toEqual([]);
    expect(await snapshot()).toEqual(before);
    const changed = payload(tag, bcrypt);
    changed.organizations[1].name = "Division Renamed";
    changed.users[1].fullName = "Two Renamed";
    const third = await ok(commit(ten.token, changed));
    expect(third.counts.organizations).toEqual({ created: 0, updated: 1, skipped: 1, failed: 0 });
    expect(third.counts.users).toEqual({ created: 0, updated: 1, skipped: 1, failed: 0 });
    const orgs = await ok(t.call("GET", `/api/organizations/search?q=${tag}-div`, { token: ten.token }));
    expect(orgs[0].name).toBe("Division Renamed");
  });

  test("a rejected commit writes nothing, also into a new tenant", async () => {
    const before = await snapshot();
    const tenantsBefore = await countRows("tenants");
    const bad = payload(uniq("rej"), "not-bcrypt");
    const r = await ok(commit(ten.token, bad));
    expect(r.status).toBe("REJECTED");
    expect(r.errors.length).toBeGreaterThan(0);
    expect(r.invites).toEqual([]);
    const inNewTenant = await ok(
      commit(admin, {
        ...bad,
        rootParentOrgId: undefined,
        rootTenant: { orgName: "Rejected Co", slug: uniq("rejected") },
      }),
    );
    expect(inNewTenant.status).toBe("REJECTED");
    const after = await snapshot();
    expect(after.organizations).toBe(before.organizations);
    expect(after.users).toBe(before.users);
    expect(await countRows("tenants")).toBe(tenantsBefore);
  });

  test("a new tenant (PLATFORM_ADMIN): the tenant, its root and the payload under it; a re-run finds the same tenant", async () => {
    const slug = uniq("newco");
    const body = {
      ...payload(uniq("nt"), bcrypt),
      rootParentOrgId: undefined,
      rootTenant: { orgName: "New Co", slug },
    };
    const r = await ok(commit(admin, body));
    expect(r.status).toBe("COMPLETED");
    expect(r.tenantId).not.toBe(ten.tenantId);
    const again = await ok(commit(admin, body));
    expect(again.tenantId).toBe(r.tenantId);
    expect(again.counts.users.created).toBe(0);
  });

  test("jobs are listed newest first with their dry-run flag, counts and errors", async () => {
    expect((await ok(t.call("GET", "/api/import/jobs?limit=2", { token: ten.token }))).length).toBe(2);
    const jobs = await ok(t.call("GET", "/api/import/jobs", { token: ten.token }));
    expect(jobs.length).toBeGreaterThan(5);
    expect(jobs[0].id).toBeGreaterThan(jobs[1].id);
    expect(jobs.some((j: { dryRun: boolean }) => j.dryRun)).toBe(true);
    expect(jobs[0]).toEqual(
      expect.objectContaining({
        status: expect.any(String),
        counts: expect.any(Object),
        errors: expect.any(Array),
        createdAt: expect.any(String),
      }),
    );
  });
});
