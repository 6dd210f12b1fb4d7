// computeAccessClaims (SPEC 2.1, CONTRACT §2): reach from SELF/SUBTREE grants, permissions scoped
// to the audience, system codes only on a management token, PLATFORM_ADMIN only in the platform tenant.
import { describe, expect, test } from "bun:test";
import { computeAccessClaims } from "../../../src/features/tokens";
import type { EffectiveGrant } from "../../../src/features/roles/ports";
import { parseRefreshToken, newRefreshToken } from "../../../src/features/sessions";
import { familyIdOfSelector, SELECTOR_SUFFIX_LENGTH } from "../../../src/features/sessions/ports";
import { randomToken } from "../../../src/kernel/secrets";

const SYSTEM_APP = { id: 1, identifier: "https://sso.example", isSystem: true };
const APP = { id: 7, identifier: "https://api.example", isSystem: false };
const ORG = { id: 30, name: "Team", path: "/5/10/20/30/", tenantId: 5 };
const grant = (
  scope: "SELF" | "SUBTREE",
  perms: [number, string][],
  over: Partial<EffectiveGrant> = {},
): EffectiveGrant => ({
  roleId: 1,
  roleName: "r",
  scope,
  assignedOrgId: 30,
  assignedOrgPath: ORG.path,
  roleTenantId: 5,
  permissions: perms.map(([applicationId, code], i) => ({ id: i + 1, applicationId, code })),
  ...over,
});
const base = {
  user: { id: 42, email: "a@b.example" },
  org: ORG,
  platformTenantId: 1,
  issuer: SYSTEM_APP.identifier,
  sessionId: "sid-1",
  jti: "jti-1",
  iat: 1_700_000_000,
  ttl: 900,
};

describe("computeAccessClaims", () => {
  test("the exact claim set, with exp = iat + 900 and no device_id unless given", () => {
    const c = computeAccessClaims({ ...base, grants: [], audience: APP });
    expect(c).toEqual({
      token_use: "access",
      sub: "a@b.example",
      uid: 42,
      org_id: 30,
      org_name: "Team",
      org_path: "/5/10/20/30/",
      tenant_id: 5,
      scope_self: ["/5/10/20/30/"],
      scope_subtree: [],
      permissions: [],
      scope: "",
      client_id: "https://api.example",
      aud: "https://api.example",
      iss: "https://sso.example",
      iat: 1_700_000_000,
      exp: 1_700_000_900,
      jti: "jti-1",
      sid: "sid-1",
    });
    expect(computeAccessClaims({ ...base, grants: [], audience: APP, deviceId: "dev-9" }).device_id).toBe("dev-9");
  });

  test("a SUBTREE grant (here or inherited from an ancestor) gives subtree reach over the active org", () => {
    const inherited = grant("SUBTREE", [[7, "invoice.read"]], { assignedOrgId: 10, assignedOrgPath: "/5/10/" });
    const c = computeAccessClaims({ ...base, grants: [inherited], audience: APP });
    expect(c.scope_subtree).toEqual([ORG.path]);
    expect(c.scope_self).toEqual([ORG.path]);
    expect(c.permissions).toEqual(["invoice.read"]);
    expect(computeAccessClaims({ ...base, grants: [grant("SELF", [[7, "x"]])], audience: APP }).scope_subtree).toEqual(
      [],
    );
  });

  test("permissions are the audience application's codes only, sorted and de-duplicated", () => {
    const grants = [
      grant("SELF", [
        [7, "b.write"],
        [7, "a.read"],
        [8, "other.app"],
        [1, "USER_MANAGE"],
      ]),
      grant("SELF", [[7, "a.read"]]),
    ];
    expect(computeAccessClaims({ ...base, grants, audience: APP }).permissions).toEqual(["a.read", "b.write"]);
  });

  test("a management token carries system codes in their canonical order and no application codes", () => {
    const grants = [
      grant("SELF", [
        [1, "AUDIT_VIEW"],
        [1, "USER_MANAGE"],
        [7, "a.read"],
      ]),
    ];
    const c = computeAccessClaims({ ...base, grants, audience: SYSTEM_APP });
    expect(c.permissions).toEqual(["USER_MANAGE", "AUDIT_VIEW"]);
    expect(c.aud).toBe("https://sso.example");
  });

  test("PLATFORM_ADMIN counts only for a platform-tenant role at a platform-tenant org", () => {
    const g = grant("SUBTREE", [
      [1, "PLATFORM_ADMIN"],
      [1, "ORG_MANAGE"],
    ]);
    expect(computeAccessClaims({ ...base, grants: [g], audience: SYSTEM_APP }).permissions).toEqual(["ORG_MANAGE"]);
    const platformOrg = { ...ORG, tenantId: 1, path: "/1/2/" };
    const pg = grant("SUBTREE", [[1, "PLATFORM_ADMIN"]], { roleTenantId: 1 });
    expect(computeAccessClaims({ ...base, org: platformOrg, grants: [pg], audience: SYSTEM_APP }).permissions).toEqual([
      "PLATFORM_ADMIN",
    ]);
    const foreignRole = grant("SUBTREE", [[1, "PLATFORM_ADMIN"]], { roleTenantId: 5 });
    expect(
      computeAccessClaims({ ...base, org: platformOrg, grants: [foreignRole], audience: SYSTEM_APP }).permissions,
    ).toEqual([]);
  });
});

describe("refresh token format", () => {
  test("selector.verifier of base64url random bytes; parsing hashes the verifier and rejects other shapes", () => {
    const familyId = randomToken(16);
    const t = newRefreshToken(familyId);
    expect(t.token).toBe(`${t.selector}.${t.verifier}`);
    // The family id, then 16 characters of 12 random bytes: the selector names its family.
    expect(t.selector).toMatch(/^[A-Za-z0-9_-]{38}$/);
    expect(t.selector.startsWith(familyId)).toBe(true);
    expect(familyIdOfSelector(t.selector)).toBe(familyId);
    expect(t.selector.length).toBe(familyId.length + SELECTOR_SUFFIX_LENGTH);
    expect(t.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(t.verifierHash).not.toContain(t.verifier);
    expect(parseRefreshToken(t.token)).toEqual({ selector: t.selector, verifierHash: t.verifierHash });
    for (const bad of [
      "",
      "abc",
      `${t.selector}`,
      `${t.selector}.`,
      `${t.selector}.${t.verifier}.x`,
      `${t.selector}.${t.verifier}=`,
      "eyJhbGciOi.eyJzdWIi.sig",
    ])
      expect(parseRefreshToken(bad)).toBeNull();
    // Successors of one family differ only after the family id.
    const next = newRefreshToken(familyId);
    expect(next.token).not.toBe(t.token);
    expect(next.selector).not.toBe(t.selector);
    expect(familyIdOfSelector(next.selector)).toBe(familyId);
    // A selector too short to carry a family id names none.
    expect(familyIdOfSelector("A".repeat(SELECTOR_SUFFIX_LENGTH))).toBe("");
  });
});
