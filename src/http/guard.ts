/**
 * Bearer-token guard: turns `Authorization: Bearer <jwt>` into a Principal. Verifies our own
 * RS256 token (issuer, typ, signature); machine tokens and foreign tokens are 401 INVALID_TOKEN.
 */
import type { JWTPayload } from "jose";
import { DomainError, invalidToken } from "../kernel/errors";
import type { Principal } from "../kernel/authz";
import { clientIp } from "./context";

export interface GuardDeps {
  verify(token: string): Promise<JWTPayload>;
  issuer: string;
  /** The platform tenant (PLATFORM_ADMIN is effective only there). */
  platformTenantId: number;
}

export function bearerOf(headers: Headers): string | null {
  const h = headers.get("authorization");
  if (!h) return null;
  const m = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i.exec(h);
  return m ? m[1] : "";
}

export function createGuard(deps: GuardDeps) {
  /** Any user access token of this issuer, whatever its audience (`/api/users/me/**`, `/api/mfa/**`). */
  async function user(headers: Headers, ip: string | null): Promise<Principal> {
    const token = bearerOf(headers);
    if (token === null)
      throw new DomainError("UNAUTHENTICATED", "Send an access token as `Authorization: Bearer <token>`.");
    if (!token) throw invalidToken("The Authorization header is not a Bearer token.");
    const c = await deps.verify(token);
    if (c.token_use !== "access" || typeof c.uid !== "number")
      throw invalidToken("This endpoint takes a user access token; machine tokens are not accepted here.");
    const perms = new Set(Array.isArray(c.permissions) ? (c.permissions as string[]) : []);
    const management = c.aud === deps.issuer;
    const tenantId = Number(c.tenant_id);
    return {
      userId: c.uid as number,
      email: String(c.sub),
      tenantId,
      orgId: Number(c.org_id),
      orgPath: String(c.org_path),
      orgName: String(c.org_name ?? ""),
      scopeSelf: (c.scope_self as string[]) ?? [],
      scopeSubtree: (c.scope_subtree as string[]) ?? [],
      permissions: perms,
      platformAdmin: management && perms.has("PLATFORM_ADMIN") && tenantId === deps.platformTenantId,
      audience: String(c.aud),
      management,
      sessionId: typeof c.sid === "string" ? c.sid : undefined,
      deviceId: typeof c.device_id === "string" ? c.device_id : undefined,
      ip,
    };
  }

  /** A management token (aud = issuer). Application tokens are 403 whatever roles the user holds. */
  async function management(headers: Headers, ip: string | null): Promise<Principal> {
    const p = await user(headers, ip);
    if (!p.management)
      throw new DomainError(
        "FORBIDDEN",
        "This token was minted for an application audience and carries no system permissions. Sign in without an audience for a management token.",
      );
    return p;
  }

  return { user, management };
}

export type Guard = ReturnType<typeof createGuard>;

/** The caller of a `/api/users/me/**` or `/api/mfa/**` operation: any user token of this issuer, as the services take it. */
export async function selfCaller(guard: Guard, request: Request, server: unknown) {
  const ip = clientIp(request, server as Parameters<typeof clientIp>[1]);
  const p = await guard.user(request.headers, ip);
  return { userId: p.userId, tenantId: p.tenantId, orgId: p.orgId, orgPath: p.orgPath, sessionId: p.sessionId, ip };
}

/** The caller of a management operation: a user or client token carrying management codes (see `management`). */
export function managementCaller(guard: Guard, request: Request, server: unknown): Promise<Principal> {
  return guard.management(request.headers, clientIp(request, server as Parameters<typeof clientIp>[1]));
}
