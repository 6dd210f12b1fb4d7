/**
 * Branding (CONTRACT §15), black-box on the store TEST_STORE names: the API per tenant and per
 * application (absent keeps, null clears, fields inherit), every refusal (colour contrast, support
 * URL, logo bytes and size), reach and tenant isolation, the audit entry, the logo at its
 * content-addressed immutable URL, and the hosted sign-in page showing it at once.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import { browser } from "../support/hosted-pages";
import {
  createUser,
  expectProblem,
  ok,
  PASSWORD,
  provisionTenant,
  type TenantFixture,
  uniq,
} from "./directory-fixtures";

let t: TestApp;
let ten: TenantFixture;
let other: TenantFixture;
let appId: number;
let clientId: string;

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const dataUrl = (bytes: Uint8Array, type = "image/png") =>
  `data:${type};base64,${Buffer.from(bytes).toString("base64")}`;
const REDIRECT = "https://app.example.com/cb";

beforeAll(async () => {
  t = await makeTestApp();
  ten = await provisionTenant(t);
  other = await provisionTenant(t);
  appId = (
    await ok(
      t.call("POST", "/api/applications", {
        token: ten.token,
        body: { organizationId: ten.rootOrgId, identifier: uniq("https://api.example.com/b"), name: "Shop" },
      }),
    )
  ).id;
  clientId = (
    await ok(
      t.call("POST", "/api/clients", {
        token: ten.token,
        body: {
          name: "Shop web",
          orgId: ten.rootOrgId,
          applicationId: appId,
          type: "public",
          grantTypes: ["authorization_code"],
          redirectUris: [REDIRECT],
        },
      }),
    )
  ).clientId;
});
afterAll(() => t.close());

const put = (body: unknown, token = ten.token, path = "/api/branding") => t.call("PUT", path, { token, body });

describe("the tenant's branding", () => {
  test("nothing set: every field null, alerts off", async () => {
    expect(await ok(t.call("GET", "/api/branding", { token: ten.token }))).toEqual({
      displayName: null,
      primaryColor: null,
      supportUrl: null,
      logoUrl: null,
      newDeviceAlert: false,
    });
  });

  test("PUT saves; a field left out keeps its value, null clears it; the logo gets a content-addressed URL; audited", async () => {
    const saved = await ok(
      put({
        displayName: "Acme Sign-in",
        primaryColor: "#0B6E4F",
        supportUrl: "https://help.acme.test/",
        logo: dataUrl(PNG),
      }),
    );
    const hash = new Bun.CryptoHasher("sha256").update(PNG).digest("hex");
    expect(saved).toEqual({
      displayName: "Acme Sign-in",
      primaryColor: "#0b6e4f",
      supportUrl: "https://help.acme.test/",
      logoUrl: `${t.config.issuer}/pages/logos/${ten.tenantId}/${hash}`,
      newDeviceAlert: false,
    });
    const kept = await ok(put({ supportUrl: null, newDeviceAlert: true }));
    expect(kept).toEqual({ ...saved, supportUrl: null, newDeviceAlert: true });
    expect(await ok(t.call("GET", "/api/branding", { token: ten.token }))).toEqual(kept);

    const logo = await t.app.handle(new Request(saved.logoUrl));
    expect(logo.status).toBe(200);
    expect(logo.headers.get("content-type")).toBe("image/png");
    expect(logo.headers.get("cache-control")).toContain("immutable");
    expect(Buffer.from(await logo.arrayBuffer()).equals(PNG)).toBe(true);
    // Another tenant's path with the same hash is unknown.
    const foreign = await t.app.handle(new Request(`${t.config.issuer}/pages/logos/${other.tenantId}/${hash}`));
    expect(foreign.status).toBe(404);

    const audit = await ok(
      t.call("GET", `/api/audit?organizationId=${ten.rootOrgId}&action=branding.updated`, { token: ten.token }),
    );
    const entries = audit as { action: string; metadata: Record<string, unknown> }[];
    expect(entries[0]).toMatchObject({
      action: "branding.updated",
      metadata: { applicationId: null, changed: ["supportUrl", "newDeviceAlert"] },
    });
  });

  test("refused with 400 naming the field: unreadable colour, bad colour form, non-https support link, SVG, HTML named .png, oversized", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ primaryColor: "#797979" }, "primaryColor"],
      [{ primaryColor: "red" }, "primaryColor"],
      [{ supportUrl: "http://help.acme.test/" }, "supportUrl"],
      [{ supportUrl: "javascript:alert(1)" }, "supportUrl"],
      [
        { logo: dataUrl(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml") },
        "logo",
      ],
      [{ logo: dataUrl(new TextEncoder().encode("<html><script>alert(1)</script></html>"), "image/png") }, "logo"],
      [{ logo: dataUrl(new Uint8Array([...PNG, ...new Uint8Array(64 * 1024)])) }, "logo"],
      [{ logo: "https://example.com/logo.png" }, "logo"],
      [{ displayName: "  " }, "displayName"],
    ];
    for (const [body, field] of cases) {
      const r = await put(body);
      expectProblem(r, 400, "VALIDATION_FAILED");
      expect(r.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // Nothing of a refused PUT is kept.
    expect((await ok(t.call("GET", "/api/branding", { token: ten.token }))).primaryColor).toBe("#0b6e4f");
  });

  test("a light colour with dark text is accepted (the rule is about the better of white and near-black)", async () => {
    await ok(put({ primaryColor: "#ffd166" }));
    await ok(put({ primaryColor: "#0b6e4f" }));
  });

  test("ORG_MANAGE only; another tenant's ?tenantId= is 404; a platform administrator may name it", async () => {
    const plain = await createUser(t, ten.token, ten.rootOrgId);
    const token = (await t.login(plain.email, PASSWORD)).accessToken;
    expectProblem(await t.call("GET", "/api/branding", { token }), 403, "FORBIDDEN");
    expectProblem(
      await t.call("GET", `/api/branding?tenantId=${other.tenantId}`, { token: ten.token }),
      404,
      "NOT_FOUND",
    );
    const admin = await t.adminToken();
    await ok(put({ displayName: "Other Co" }, admin, `/api/branding?tenantId=${other.tenantId}`));
    expect((await ok(t.call("GET", "/api/branding", { token: other.token }))).displayName).toBe("Other Co");
    expect((await ok(t.call("GET", "/api/branding", { token: ten.token }))).displayName).toBe("Acme Sign-in");
  });
});

describe("an application's override", () => {
  test("null fields inherit; effective shows the merge; another tenant's application is 404", async () => {
    const first = await ok(t.call("GET", `/api/applications/${appId}/branding`, { token: ten.token }));
    expect(first.displayName).toBeNull();
    expect(first.effective.displayName).toBe("Acme Sign-in");
    const saved = await ok(
      put({ displayName: "Shop", primaryColor: "#5b2a86" }, ten.token, `/api/applications/${appId}/branding`),
    );
    expect(saved.displayName).toBe("Shop");
    expect(saved.effective).toMatchObject({ displayName: "Shop", primaryColor: "#5b2a86" });
    expect(saved.effective.logoUrl).toContain(`/pages/logos/${ten.tenantId}/`);
    expectProblem(await t.call("GET", `/api/applications/${appId}/branding`, { token: other.token }), 404, "NOT_FOUND");
    expectProblem(
      await put({ primaryColor: "#797979" }, ten.token, `/api/applications/${appId}/branding`),
      400,
      "VALIDATION_FAILED",
    );
  });

  test("the hosted sign-in page shows the application's branding at once (name, logo, colour sheet, support link)", async () => {
    const url = `/oauth2/authorize?${new URLSearchParams({
      client_id: clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "openid",
      code_challenge: Buffer.from(new Bun.CryptoHasher("sha256").update("v").digest()).toString("base64url"),
      code_challenge_method: "S256",
    })}`;
    const b = browser(t);
    const page = await b.get(url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<span>Shop</span>");
    expect(html).toMatch(new RegExp(`<img src="/pages/logos/${ten.tenantId}/[0-9a-f]{64}" alt`));
    expect(html).toContain("/pages/assets/brand-5b2a86.");
    // The override cleared: the tenant's values show on the next page view.
    await ok(put({ displayName: null, primaryColor: null }, ten.token, `/api/applications/${appId}/branding`));
    await ok(put({ supportUrl: "https://help.acme.test/" }));
    const again = await (await b.get(url)).text();
    expect(again).toContain("<span>Acme Sign-in</span>");
    expect(again).toContain("/pages/assets/brand-0b6e4f.");
    expect(again).toContain('href="https://help.acme.test/"');
  });
});

describe("two instances on one store", () => {
  test("a branding change made on one instance shows on the other's next page view (its cache warm before)", async () => {
    const other = await makeTestApp({ stores: t.stores });
    try {
      const url = `/oauth2/authorize?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: REDIRECT,
        response_type: "code",
        scope: "openid",
        code_challenge: Buffer.from(new Bun.CryptoHasher("sha256").update("v").digest()).toString("base64url"),
        code_challenge_method: "S256",
      })}`;
      const before = await (await browser(other).get(url)).text();
      expect(before).toContain("<span>Acme Sign-in</span>");
      await ok(put({ displayName: "Renamed Co" }));
      const after = await (await browser(other).get(url)).text();
      expect(after).toContain("<span>Renamed Co</span>");
    } finally {
      await other.svc.delivery.stop();
      await other.svc.idle();
      other.svc.keys.close();
    }
  });
});
