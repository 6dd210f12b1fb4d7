/**
 * SAML service providers per application (CONTRACT §17), black-box on the store TEST_STORE names:
 * register, list, read, replace, remove; URL and certificate rules (400 naming the field); the
 * entity id unique within a tenant (409) but free across tenants; tenant isolation (404); the
 * audit entries.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, ISSUER, type TestApp } from "../support/app";
import { expectProblem, ok, provisionTenant, type TenantFixture, uniq } from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let other: TenantFixture;
let appId: number;
let otherAppId: number;

const newApp = async (f: TenantFixture) =>
  (
    await ok(
      t.call("POST", "/api/applications", {
        token: f.token,
        body: { organizationId: f.rootOrgId, identifier: uniq("https://api.example.com/saml"), name: "Payroll" },
      }),
    )
  ).id as number;

const body = (over: Record<string, unknown> = {}) => ({
  entityId: "https://payroll.example.com/saml",
  acsUrls: ["https://payroll.example.com/saml/acs"],
  nameIdFormat: "persistent",
  attributes: [
    { name: "email", from: "email" },
    { name: "roles", from: "roles" },
  ],
  ...over,
});

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  other = await provisionTenant(t);
  appId = await newApp(ten);
  otherAppId = await newApp(other);
});
afterAll(() => t.close());

describe("SAML service providers", () => {
  test("register, list, read, replace, remove; the answer names the IdP's URLs", async () => {
    const base = `/api/applications/${appId}/saml-providers`;
    const sp = await ok(t.call("POST", base, { token: ten.token, body: body() }));
    expect(sp).toMatchObject({
      applicationId: appId,
      entityId: "https://payroll.example.com/saml",
      acsUrls: ["https://payroll.example.com/saml/acs"],
      nameIdFormat: "persistent",
      signAuthnRequests: false,
      certificate: null,
      sloUrl: null,
      idp: {
        entityId: `${ISSUER}/saml/${ten.tenantId}`,
        metadataUrl: `${ISSUER}/saml/${ten.tenantId}/metadata`,
        ssoUrl: `${ISSUER}/saml/${ten.tenantId}/sso`,
        sloUrl: `${ISSUER}/saml/${ten.tenantId}/slo`,
      },
    });
    expect(sp.idp.initUrl).toBe(
      `${ISSUER}/saml/${ten.tenantId}/init?sp=${encodeURIComponent("https://payroll.example.com/saml")}`,
    );
    expect(await ok(t.call("GET", base, { token: ten.token }))).toEqual([sp]);
    expect(await ok(t.call("GET", `${base}/${sp.id}`, { token: ten.token }))).toEqual(sp);
    const replaced = await ok(
      t.call("PUT", `${base}/${sp.id}`, {
        token: ten.token,
        body: body({ nameIdFormat: "emailAddress", acsUrls: ["http://127.0.0.1:8443/acs"], attributes: [] }),
      }),
    );
    expect(replaced).toMatchObject({ id: sp.id, nameIdFormat: "emailAddress", acsUrls: ["http://127.0.0.1:8443/acs"] });
    const r = await t.call("DELETE", `${base}/${sp.id}`, { token: ten.token });
    expect(r.status).toBe(200);
    expectProblem(await t.call("GET", `${base}/${sp.id}`, { token: ten.token }), 404, "NOT_FOUND");
    const audit = await ok(t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}`, { token: ten.token }));
    const actions = audit.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["saml_provider.created", "saml_provider.updated", "saml_provider.deleted"]),
    );
  });

  test("URLs must be https (http only on loopback); a certificate is PEM and required for signed requests", async () => {
    const base = `/api/applications/${appId}/saml-providers`;
    const bad = await t.call("POST", base, {
      token: ten.token,
      body: body({ entityId: uniq("urn:sp"), acsUrls: ["http://payroll.example.com/acs"], sloUrl: "ftp://x.test/" }),
    });
    expectProblem(bad, 400, "VALIDATION_FAILED");
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(["acsUrls[0]", "sloUrl"]);
    const unsigned = await t.call("POST", base, {
      token: ten.token,
      body: body({ entityId: uniq("urn:sp"), signAuthnRequests: true }),
    });
    expectProblem(unsigned, 400, "VALIDATION_FAILED");
    expect(unsigned.body.errors[0].field).toBe("certificate");
    const garbage = await t.call("POST", base, {
      token: ten.token,
      body: body({
        entityId: uniq("urn:sp"),
        certificate: "-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----",
      }),
    });
    expectProblem(garbage, 400, "VALIDATION_FAILED");
    const unknownSource = await t.call("POST", base, {
      token: ten.token,
      body: body({ entityId: uniq("urn:sp"), attributes: [{ name: "x", from: "password" }] }),
    });
    expectProblem(unknownSource, 400, "VALIDATION_FAILED");
  });

  test("an entity id is unique within a tenant (409), free in another; another tenant's SP is 404", async () => {
    const entityId = uniq("https://dup.example.com/saml");
    const first = await ok(
      t.call("POST", `/api/applications/${appId}/saml-providers`, { token: ten.token, body: body({ entityId }) }),
    );
    const second = await newApp(ten);
    expectProblem(
      await t.call("POST", `/api/applications/${second}/saml-providers`, {
        token: ten.token,
        body: body({ entityId }),
      }),
      409,
      "CONFLICT",
    );
    await ok(
      t.call("POST", `/api/applications/${otherAppId}/saml-providers`, {
        token: other.token,
        body: body({ entityId }),
      }),
    );
    expectProblem(
      await t.call("GET", `/api/applications/${appId}/saml-providers/${first.id}`, { token: other.token }),
      404,
      "NOT_FOUND",
    );
    expectProblem(
      await t.call("GET", `/api/applications/${second}/saml-providers/${first.id}`, { token: ten.token }),
      404,
      "NOT_FOUND",
    );
    expectProblem(await t.call("GET", `/api/applications/${appId}/saml-providers`), 401);
  });
});
