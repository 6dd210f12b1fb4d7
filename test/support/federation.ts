/**
 * Shared steps of the enterprise sign-in tests (CONTRACT §16): a domain verified by the platform
 * administrator, a fresh domain name, and the upstream request a start page carries.
 */
import { expect } from "bun:test";
import { ok, uniq } from "../http/directory-fixtures";
import type { TestApp } from "./app";
import type { browser } from "./hosted-pages";
import { startPageTarget } from "./upstream-drivers";

/** A public client of a new application of the tenant's root organization (as its admin `token`), for `redirectUri`: its client id. */
export async function portalClient(t: TestApp, token: string, rootOrgId: number, redirectUri: string): Promise<string> {
  const app = await ok(
    t.call("POST", "/api/applications", {
      token,
      body: { organizationId: rootOrgId, identifier: uniq("https://api.contoso.example/app"), name: "Portal" },
    }),
  );
  const client = await ok(
    t.call("POST", "/api/clients", {
      token,
      body: {
        name: uniq("Portal"),
        orgId: rootOrgId,
        applicationId: app.id,
        type: "public",
        grantTypes: ["authorization_code"],
        redirectUris: [redirectUri],
      },
    }),
  );
  return client.clientId;
}

/** A domain name no other test uses. */
export const freshDomain = (label: string) => `${uniq(label).toLowerCase()}.example`;

/** Adds `domain` to the org (as `token`) and has the platform administrator (`admin`) mark it verified. */
export async function forcedDomain(t: TestApp, admin: string, token: string, orgId: number, domain: string) {
  await ok(t.call("POST", `/api/organizations/${orgId}/domains`, { token, body: { domain } }));
  await ok(
    t.call("POST", `/api/organizations/${orgId}/domains/${domain}/verify`, { token: admin, body: { force: true } }),
  );
}

/**
 * From an answer of ours that leaves for the upstream (303 to /federation/<kind>/…/start), the
 * upstream URL its start page's form (GET, submitted by its script) goes to.
 */
export async function upstreamTarget(
  br: ReturnType<typeof browser>,
  res: Response,
  kind: "oidc" | "saml" = "oidc",
): Promise<string> {
  expect(res.status).toBe(303);
  const start = res.headers.get("location")!;
  expect(start).toStartWith(`/federation/${kind}/`);
  const out = await br.get(start);
  expect(out.status).toBe(200);
  const url = new URL(startPageTarget(await out.text()));
  expect(out.headers.get("content-security-policy")).toContain(`form-action 'self' ${url.origin}`);
  return url.href;
}
