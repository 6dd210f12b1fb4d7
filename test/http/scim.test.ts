/**
 * SCIM 2.0 through HTTP on the store TEST_STORE names (CONTRACT §18): discovery, Users and Groups
 * with filters and paging, PUT and PATCH in the forms Entra ID and Okta send (fixtures in
 * scim-fixtures/providers.ts), DELETE as deprovisioning, the errors and media type, the token's
 * reach, and the journal (events with `actorType: "scim_token"`).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import {
  createOrg,
  createRole,
  createUser,
  ok,
  PASSWORD,
  provisionTenant,
  uniq,
  type TenantFixture,
} from "./directory-fixtures";
import { entra, GROUP, okta, PATCH, USER } from "./scim-fixtures/providers";

let t: TestApp;
let ten: TenantFixture;
let org: { id: number; path: string };
let token: string;

const scim = (method: string, path: string, body?: unknown, bearer: string | null = token) =>
  t.call(method, `/scim/v2${path}`, {
    ...(bearer ? { token: bearer } : {}),
    ...(body !== undefined ? { body, headers: { "content-type": "application/scim+json" } } : {}),
  });
const email = () => `${uniq("scim")}@corp.example`;
async function expectScimError(r: { status: number; headers: Headers; body: any }, status: number, scimType?: string) {
  expect(r.status).toBe(status);
  expect(r.headers.get("content-type")).toContain("application/scim+json");
  expect(r.body.schemas).toEqual(["urn:ietf:params:scim:api:messages:2.0:Error"]);
  expect(r.body.status).toBe(String(status));
  if (scimType) expect(r.body.scimType).toBe(scimType);
}
const audit = async (action: string) =>
  (
    await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=${action}&size=200`, { token: ten.token }),
    )
  ).items ??
  (await ok(
    t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=${action}&size=200`, { token: ten.token }),
  ));

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  org = await createOrg(t, ten.token, ten.rootOrgId);
  token = (
    await ok(
      t.call("POST", `/api/organizations/${org.id}/scim-tokens`, { token: ten.token, body: { name: "Entra ID" } }),
    )
  ).token;
});
afterAll(() => t.close());

describe("authentication and discovery", () => {
  test("only SCIM tokens: none, a management JWT, a revoked token are 401 with a SCIM error", async () => {
    await expectScimError(await scim("GET", "/ServiceProviderConfig", undefined, null), 401);
    await expectScimError(await scim("GET", "/Users", undefined, ten.token), 401);
    const k = await ok(
      t.call("POST", `/api/organizations/${org.id}/scim-tokens`, { token: ten.token, body: { name: "x" } }),
    );
    expect((await scim("GET", "/Users", undefined, k.token)).status).toBe(200);
    await ok(t.call("DELETE", `/api/organizations/${org.id}/scim-tokens/${k.id}`, { token: ten.token }));
    await expectScimError(await scim("GET", "/Users", undefined, k.token), 401);
  });

  test("ServiceProviderConfig, ResourceTypes and Schemas answer application/scim+json", async () => {
    const spc = await scim("GET", "/ServiceProviderConfig");
    expect(spc.status).toBe(200);
    expect(spc.headers.get("content-type")).toContain("application/scim+json");
    expect(spc.body.patch.supported).toBe(true);
    expect(spc.body.filter.supported).toBe(true);
    const rt = await scim("GET", "/ResourceTypes");
    expect(rt.body.Resources.map((r: { id: string }) => r.id)).toEqual(["User", "Group"]);
    expect((await scim("GET", "/ResourceTypes/User")).body.schema).toBe(USER);
    const schemas = await scim("GET", "/Schemas");
    expect(schemas.body.Resources.map((r: { id: string }) => r.id)).toEqual([USER, GROUP]);
    expect((await scim("GET", `/Schemas/${USER}`)).body.name).toBe("User");
    await expectScimError(await scim("GET", "/Schemas/urn:nope"), 404);
  });

  test("POST /.search is 501", async () => {
    await expectScimError(
      await scim("POST", "/.search", { schemas: ["urn:ietf:params:scim:api:messages:2.0:SearchRequest"] }),
      501,
    );
    await expectScimError(await scim("POST", "/Users/.search", {}), 501);
  });
});

describe("Users", () => {
  test("Entra ID: probe, create (201, Location, no setup mail), get, attribute replace, deactivate and reactivate", async () => {
    const mail = email();
    const probe = await scim("GET", `/Users?filter=${encodeURIComponent(entra.probe(mail))}`);
    expect(probe.body).toMatchObject({ totalResults: 0, Resources: [] });
    const r = await scim("POST", "/Users", entra.createUser(mail, "entra-object-1"));
    expect(r.status).toBe(201);
    expect(r.headers.get("location")).toBe(`http://sso.test/scim/v2/Users/${r.body.id}`);
    expect(r.body).toMatchObject({
      userName: mail,
      externalId: "entra-object-1",
      active: true,
      displayName: "Ryan Leenay",
    });
    expect(r.body.emails).toEqual([{ value: mail, type: "work", primary: true }]);
    const admin = await ok(t.call("GET", `/api/users?organizationId=${org.id}`, { token: ten.token }));
    const row = admin.find((u: { id: number }) => u.id === Number(r.body.id));
    expect(row).toMatchObject({ email: mail, hasPassword: false, status: "ACTIVE" });
    expect(
      (await scim("GET", `/Users?filter=${encodeURIComponent(entra.probe(mail.toUpperCase()))}`)).body.totalResults,
    ).toBe(1);

    const renamed = email();
    const p = await scim("PATCH", `/Users/${r.body.id}`, entra.replaceAttributes(renamed));
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({ userName: renamed, externalId: "entra-object-2", displayName: "Ryan Leenay-Smith" });

    // RFC 7644 §3.14: a stale If-Match is 412; the current version applies.
    const stale = await t.call("PATCH", `/scim/v2/Users/${r.body.id}`, {
      token,
      body: entra.deactivate,
      headers: { "if-match": r.body.meta.version },
    });
    await expectScimError(stale, 412);
    const off = await t.call("PATCH", `/scim/v2/Users/${r.body.id}`, {
      token,
      body: entra.deactivate,
      headers: { "if-match": p.body.meta.version },
    });
    expect(off.headers.get("etag")).toBe(off.body.meta.version);
    expect(off.body.active).toBe(false);
    const u = await ok(t.call("GET", `/api/users?organizationId=${org.id}`, { token: ten.token }));
    expect(u.find((x: { id: number }) => x.id === Number(r.body.id)).status).toBe("DISABLED");
    const on = await scim("PATCH", `/Users/${r.body.id}`, entra.reactivate);
    expect(on.body.active).toBe(true);
    const noPath = await scim("PATCH", `/Users/${r.body.id}`, entra.noPathReplace);
    expect(noPath.body).toMatchObject({ active: false, displayName: "Ryan L." });

    const disabled = (await audit("user.disabled")).filter((e: any) => e.userId === Number(r.body.id));
    expect(disabled.length).toBe(2);
    expect(disabled[0].metadata).toMatchObject({ actorType: "scim_token" });
    expect(typeof disabled[0].metadata.actorId).toBe("number");
    expect((await audit("user.enabled")).some((e: any) => e.userId === Number(r.body.id))).toBe(true);
  });

  test("a disabled user's sessions end", async () => {
    const mail = email();
    const r = await scim("POST", "/Users", okta.createUser(mail));
    // Give the person a password the way an administrator would, then sign in.
    const admin = await createUser(t, ten.token, org.id);
    const pair = await t.login(admin.email, PASSWORD);
    expect(pair.refreshToken).toBeString();
    const off = await scim("PATCH", `/Users/${admin.id}`, okta.deactivate);
    expect(off.status).toBe(200);
    const refresh = await t.call("POST", "/api/auth/refresh", { body: { refreshToken: pair.refreshToken } });
    expect(refresh.status).not.toBe(200);
    expect(r.body.displayName).toBe("John Doe");
  });

  test("Okta: create with given and family name, PUT replaces, DELETE deprovisions (404, unlisted, admin sees DISABLED), POST brings back", async () => {
    const mail = email();
    const r = await scim("POST", "/Users", { ...okta.createUser(mail), displayName: undefined });
    expect(r.status).toBe(201);
    expect(r.body.displayName).toBe("John Doe");
    const put = await scim("PUT", `/Users/${r.body.id}`, {
      schemas: [USER],
      userName: mail,
      displayName: "Johnny Doe",
      active: true,
    });
    expect(put.body).toMatchObject({ displayName: "Johnny Doe", active: true });
    expect(put.body.externalId).toBeUndefined();
    expect((await scim("DELETE", `/Users/${r.body.id}`)).status).toBe(204);
    await expectScimError(await scim("GET", `/Users/${r.body.id}`), 404);
    const list = await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${mail}"`)}`);
    expect(list.body.totalResults).toBe(0);
    const admin = await ok(t.call("GET", `/api/users?organizationId=${org.id}`, { token: ten.token }));
    expect(admin.find((u: { id: number }) => u.id === Number(r.body.id)).status).toBe("DISABLED");
    const back = await scim("POST", "/Users", okta.createUser(mail));
    expect(back.status).toBe(201);
    expect(back.body.id).toBe(r.body.id);
    expect(back.body.active).toBe(true);
  });

  test("filters (eq, co, sw, pr, and, or on userName, externalId, emails.value, displayName) and startIndex/count paging", async () => {
    const tag = uniq("flt").toLowerCase();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await scim("POST", "/Users", {
        schemas: [USER],
        userName: `${tag}-${i}@corp.example`,
        displayName: i % 2 ? `Odd ${tag}` : `Even ${tag}`,
        externalId: `${tag}-ext-${i}`,
      });
      ids.push(r.body.id);
    }
    const q = async (f: string, extra = "") =>
      (await scim("GET", `/Users?filter=${encodeURIComponent(f)}${extra}`)).body as {
        totalResults: number;
        Resources: { id: string }[];
      };
    expect((await q(`externalId eq "${tag}-ext-3"`)).Resources.map((r) => r.id)).toEqual([ids[3]]);
    expect((await q(`emails.value eq "${tag}-1@corp.example"`)).Resources.map((r) => r.id)).toEqual([ids[1]]);
    expect((await q(`emails[value eq "${tag}-2@corp.example"]`)).Resources.map((r) => r.id)).toEqual([ids[2]]);
    expect((await q(`userName sw "${tag}"`)).totalResults).toBe(5);
    expect((await q(`displayName co "odd ${tag}"`)).totalResults).toBe(2);
    expect((await q(`userName sw "${tag}" and displayName sw "Even"`)).totalResults).toBe(3);
    expect(
      (await q(`externalId eq "${tag}-ext-0" or externalId eq "${tag}-ext-4"`)).Resources.map((r) => r.id),
    ).toEqual([ids[0], ids[4]]);
    expect((await q(`userName sw "${tag}" and externalId pr`)).totalResults).toBe(5);
    const page = await q(`userName sw "${tag}"`, "&startIndex=2&count=2");
    expect(page).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.Resources.map((r) => r.id)).toEqual([ids[1], ids[2]]);
    const counted = await scim("GET", `/Users?count=0&filter=${encodeURIComponent(`userName sw "${tag}"`)}`);
    expect(counted.body).toMatchObject({ totalResults: 5, itemsPerPage: 0, Resources: [] });
    await expectScimError(
      await scim("GET", `/Users?filter=${encodeURIComponent("userName eq")}`),
      400,
      "invalidFilter",
    );
    await expectScimError(
      await scim("GET", `/Users?filter=${encodeURIComponent('password eq "x"')}`),
      400,
      "invalidFilter",
    );
  });

  test("errors: a taken userName is 409 uniqueness; a userName that is no email is 400 invalidValue; a bad id is 404", async () => {
    const taken = await createUser(t, ten.token, ten.rootOrgId);
    await expectScimError(await scim("POST", "/Users", { schemas: [USER], userName: taken.email }), 409, "uniqueness");
    await expectScimError(
      await scim("POST", "/Users", { schemas: [USER], userName: "not-an-email" }),
      400,
      "invalidValue",
    );
    await expectScimError(await scim("GET", "/Users/abc"), 404);
    await expectScimError(await scim("PATCH", "/Users/999999999", entra.deactivate), 404);
    await expectScimError(await scim("PATCH", `/Users/${taken.id}`, { Operations: [] }), 400, "invalidSyntax");
  });

  test("reach: a user outside the subtree is 404; a user holding a system code is 403", async () => {
    const outside = await createUser(t, ten.token, ten.rootOrgId);
    await expectScimError(await scim("GET", `/Users/${outside.id}`), 404);
    await expectScimError(await scim("PATCH", `/Users/${outside.id}`, entra.deactivate), 404);
    const role = await createRole(t, ten.token, org.id, ["USER_MANAGE"]);
    const privileged = await createUser(t, ten.token, org.id, { roleId: role.id });
    await expectScimError(await scim("PATCH", `/Users/${privileged.id}`, entra.deactivate), 403);
    await expectScimError(await scim("DELETE", `/Users/${privileged.id}`), 403);
    const child = await createOrg(t, ten.token, org.id);
    const below = await createUser(t, ten.token, child.id);
    expect((await scim("GET", `/Users/${below.id}`)).status).toBe(200);
  });
});

describe("Groups", () => {
  test("Okta group push with members, rename, member add and remove by filter; Entra add/remove by value list; DELETE", async () => {
    const a = (await scim("POST", "/Users", { schemas: [USER], userName: email() })).body.id as string;
    const b = (await scim("POST", "/Users", { schemas: [USER], userName: email() })).body.id as string;
    const c = (await scim("POST", "/Users", { schemas: [USER], userName: email() })).body.id as string;
    const name = uniq("Engineering");
    const g = await scim("POST", "/Groups", okta.pushGroup(name, [a, b]));
    expect(g.status).toBe(201);
    expect(g.body.displayName).toBe(name);
    expect(g.body.members.map((m: { value: string }) => m.value).sort()).toEqual([a, b].sort());
    const roles = await ok(t.call("GET", `/api/roles?organizationId=${org.id}`, { token: ten.token }));
    expect(roles.find((r: { id: number }) => r.id === Number(g.body.id))).toMatchObject({ name, permissions: [] });

    const renamed = await scim("PATCH", `/Groups/${g.body.id}`, okta.renameGroup(g.body.id, `${name} 2`));
    expect(renamed.body.displayName).toBe(`${name} 2`);
    const added = await scim("PATCH", `/Groups/${g.body.id}`, okta.addMembers([c]));
    expect(added.body.members.length).toBe(3);
    const removed = await scim("PATCH", `/Groups/${g.body.id}`, okta.removeMember(a));
    expect(removed.body.members.map((m: { value: string }) => m.value).sort()).toEqual([b, c].sort());
    const entraRemoved = await scim("PATCH", `/Groups/${g.body.id}`, entra.removeMember(b));
    expect(entraRemoved.body.members.map((m: { value: string }) => m.value)).toEqual([c]);
    const entraAdded = await scim("PATCH", `/Groups/${g.body.id}`, entra.addMember(a));
    expect(entraAdded.body.members.map((m: { value: string }) => m.value).sort()).toEqual([a, c].sort());

    const byName = await scim(
      "GET",
      `/Groups?filter=${encodeURIComponent(`displayName eq "${name} 2"`)}&excludedAttributes=members`,
    );
    expect(byName.body.totalResults).toBe(1);
    expect(byName.body.Resources[0].members).toBeUndefined();

    const assigned = (await audit("role.assigned")).filter((e: any) => e.metadata.roleId === Number(g.body.id));
    expect(assigned.length).toBe(4);
    expect(assigned.every((e: any) => e.metadata.actorType === "scim_token")).toBe(true);
    expect((await audit("role.revoked")).filter((e: any) => e.metadata.roleId === Number(g.body.id)).length).toBe(2);

    // Deprovisioning a member removes its assignment in the subtree.
    expect((await scim("DELETE", `/Users/${c}`)).status).toBe(204);
    expect((await scim("GET", `/Groups/${g.body.id}`)).body.members.map((m: { value: string }) => m.value)).toEqual([
      a,
    ]);

    expect((await scim("DELETE", `/Groups/${g.body.id}`)).status).toBe(204);
    await expectScimError(await scim("GET", `/Groups/${g.body.id}`), 404);
    const after = await ok(t.call("GET", `/api/roles?organizationId=${org.id}`, { token: ten.token }));
    expect(after.some((r: { id: number }) => r.id === Number(g.body.id))).toBe(false);
  });

  test("Entra ID group create, PUT; a role with a system code is no Group (404); a duplicate name is 409", async () => {
    const name = uniq("Sales");
    const g = await scim("POST", "/Groups", entra.createGroup(name));
    expect(g.status).toBe(201);
    expect(g.body.externalId).toBe("8aa1a0c0");
    const byExt = await scim("GET", `/Groups?filter=${encodeURIComponent('externalId eq "8aa1a0c0"')}`);
    expect(byExt.body.Resources.map((r: { id: string }) => r.id)).toContain(g.body.id);
    const put = await scim("PUT", `/Groups/${g.body.id}`, { schemas: [GROUP], displayName: `${name}-x`, members: [] });
    expect(put.body.displayName).toBe(`${name}-x`);
    await expectScimError(await scim("POST", "/Groups", entra.createGroup(`${name}-x`)), 409, "uniqueness");
    const admin = await createRole(t, ten.token, org.id, ["USER_MANAGE"]);
    await expectScimError(await scim("GET", `/Groups/${admin.id}`), 404);
    const list = await scim("GET", "/Groups");
    expect(list.body.Resources.some((r: { id: string }) => r.id === String(admin.id))).toBe(false);
    const rootRole = await createRole(t, ten.token, ten.rootOrgId, []);
    await expectScimError(await scim("GET", `/Groups/${rootRole.id}`), 404);
  });
});
