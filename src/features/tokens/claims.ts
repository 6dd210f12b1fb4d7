/**
 * Access-token claims (SPEC 2.1 with CONTRACT §2): reach from SELF/SUBTREE roles, permissions
 * from effective roles at the active org scoped to the audience. Pure: no I/O.
 */
import { SYSTEM_CODES } from "../../kernel/authz";
import type { Application } from "../apps/ports";
import type { Org } from "../orgs/ports";
import type { EffectiveGrant } from "../roles/ports";
import type { User } from "../../kernel/users";

export interface AccessClaimsInput {
  user: Pick<User, "id" | "email">;
  org: Pick<Org, "id" | "name" | "path" | "tenantId">;
  grants: EffectiveGrant[];
  /** The audience application (the system application for a management token). */
  audience: Pick<Application, "id" | "identifier" | "isSystem">;
  platformTenantId: number;
  issuer: string;
  sessionId: string;
  jti: string;
  deviceId?: string;
  iat: number;
  ttl: number;
}

export function computeAccessClaims(i: AccessClaimsInput): Record<string, unknown> {
  const subtree = i.grants.some((g) => g.scope === "SUBTREE");
  const codes = new Set<string>();
  for (const g of i.grants) {
    for (const p of g.permissions) {
      if (p.applicationId !== i.audience.id) continue;
      // PLATFORM_ADMIN is effective only through roles of the platform tenant.
      if (
        p.code === "PLATFORM_ADMIN" &&
        (i.org.tenantId !== i.platformTenantId || g.roleTenantId !== i.platformTenantId)
      )
        continue;
      codes.add(p.code);
    }
  }
  const permissions = i.audience.isSystem ? SYSTEM_CODES.filter((c) => codes.has(c)) : [...codes].sort();
  const claims: Record<string, unknown> = {
    token_use: "access",
    sub: i.user.email,
    uid: i.user.id,
    org_id: i.org.id,
    org_name: i.org.name,
    org_path: i.org.path,
    tenant_id: i.org.tenantId,
    scope_self: [i.org.path],
    scope_subtree: subtree ? [i.org.path] : [],
    permissions,
    // RFC 9068 §2.2: `client_id` names the client the token was issued to: for a sign-in, the
    // application it was started for (its identifier; the issuer for a management token). `scope`
    // repeats the permissions space-separated (RFC 9068 §2.2.3) for scope-checking middleware.
    client_id: i.audience.identifier,
    scope: permissions.join(" "),
    aud: i.audience.identifier,
    iss: i.issuer,
    iat: i.iat,
    exp: i.iat + i.ttl,
    jti: i.jti,
    sid: i.sessionId,
  };
  if (i.deviceId) claims.device_id = i.deviceId;
  return claims;
}
