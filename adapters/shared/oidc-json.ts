/**
 * The JSON form of OpenID provider records where a store keeps them as text (Redis, SQLite):
 * dates as milliseconds since the epoch, so the record reads back exactly as it was written.
 */
import type { AuthorizationCode, CodeIssue } from "../../src/protocols/oidc/ports";
import type { NewBrowserSession, BrowserSession } from "../../src/features/sessions/ports";

/**
 * The fields of a sign-in session written at `create` (the moving ones are kept beside them); a
 * step-up (`raise`) replaces `amr` and `authTime`.
 */
export interface SessionJson {
  tenantId: number;
  userId: number;
  authTime: number;
  amr: string[];
  idleSeconds: number;
  absoluteExpiresAt: number;
  createdAt: number;
  ipAddress: string | null;
  userAgent: string | null;
}

export const sessionJson = (s: NewBrowserSession): string =>
  JSON.stringify({
    tenantId: s.tenantId,
    userId: s.userId,
    authTime: s.authTime.getTime(),
    amr: s.amr,
    idleSeconds: s.idleSeconds,
    absoluteExpiresAt: s.absoluteExpiresAt.getTime(),
    createdAt: s.createdAt.getTime(),
    ipAddress: s.ipAddress,
    userAgent: s.userAgent,
  } satisfies SessionJson);

/** A session from its fixed JSON plus the fields that move. */
export function sessionFromJson(
  sid: string,
  text: string,
  idleExpiresAt: number,
  lastUsedAt: number,
  clients: string[],
): BrowserSession {
  const j = JSON.parse(text) as SessionJson;
  return {
    sid,
    tenantId: j.tenantId,
    userId: j.userId,
    authTime: new Date(j.authTime),
    amr: j.amr,
    idleSeconds: j.idleSeconds,
    idleExpiresAt: new Date(idleExpiresAt),
    absoluteExpiresAt: new Date(j.absoluteExpiresAt),
    createdAt: new Date(j.createdAt),
    lastUsedAt: new Date(lastUsedAt),
    ipAddress: j.ipAddress,
    userAgent: j.userAgent,
    clients: [...new Set(clients)].sort(),
  };
}

export const codeJson = (c: AuthorizationCode): string =>
  JSON.stringify({ ...c, authTime: c.authTime.getTime(), expiresAt: c.expiresAt.getTime() });

export function codeFromJson(text: string): AuthorizationCode {
  const j = JSON.parse(text) as Omit<AuthorizationCode, "authTime" | "expiresAt"> & {
    authTime: number;
    expiresAt: number;
  };
  return { ...j, authTime: new Date(j.authTime), expiresAt: new Date(j.expiresAt) };
}

export const issueFromJson = (text: string | null | undefined): CodeIssue | null =>
  text ? (JSON.parse(text) as CodeIssue) : null;
