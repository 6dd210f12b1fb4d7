/**
 * The value of the `sso_session` cookie (CONTRACT §12 "Sign-in session", §13): the one codec that
 * writes it (a sign-in on the hosted pages) and reads it (authorize, logout). The cookie's name and
 * attributes are the HTTP layer's (src/http/session-cookie.ts); what it holds is decided here.
 *
 * Format: `<tenantId>.<sid>.<secret>`. The value names its session, and so its tenant, without a
 * client: a logout with no parameter ends the browser's own session (RP-Initiated Logout 1.0 §2).
 * The tenant in the value is a claim, not a proof: the store still resumes the session only in that
 * tenant and only with the secret (whose SHA-256 it keeps), so an edited tenant opens nothing.
 *
 * The earlier format `<sid>.<secret>` (before the tenant was written into it) is still read until
 * such cookies expire (14 days at most, CONTRACT §12): where a client names the tenant, as before;
 * where none does (the console's client, a logout without a client) the session is resumed by its
 * `sid` and secret alone and its record names the tenant.
 */
import { sha256Hex } from "../../kernel/secrets";
import type { TenantScope } from "../../kernel/tenancy";
import type { BrowserSession, BrowserSessionStore } from "./browser-sessions";

/** What an `sso_session` value says: its session's tenant (null in the earlier format), `sid` and secret. */
export interface SessionCookieValue {
  tenantId: number | null;
  sid: string;
  secret: string;
}

const SID = "([A-Za-z0-9_-]{16,64})";
const SECRET = "([A-Za-z0-9_-]{43})";
const CURRENT = new RegExp(`^([1-9][0-9]{0,14})\\.${SID}\\.${SECRET}$`);
const EARLIER = new RegExp(`^${SID}\\.${SECRET}$`);

/** The cookie value of a new session: its tenant, its public `sid` and the secret whose hash opens it. */
export function writeSessionCookie(session: Pick<BrowserSession, "tenantId" | "sid">, secret: string): string {
  return `${session.tenantId}.${session.sid}.${secret}`;
}

/** The value read back; null when it is neither format (a malformed or foreign cookie names nothing). */
export function readSessionCookie(value: string | null | undefined): SessionCookieValue | null {
  if (!value) return null;
  const m = CURRENT.exec(value);
  if (m) return { tenantId: Number(m[1]), sid: m[2], secret: m[3] };
  const e = EARLIER.exec(value);
  return e ? { tenantId: null, sid: e[1], secret: e[2] } : null;
}

/**
 * The browser's live sign-in session, resumed (idle window slid) through `signIns.resume`:
 * `scope` is the tenant of the client that asks, or "any" when none names one (the console's
 * client, a logout without a client); then the cookie names it. A cookie of another tenant than
 * `scope` is null at once, with no store round trip. Malformed, unknown, ended, expired, or a wrong
 * secret (compared in constant time by the store): null.
 */
export async function resumeFromCookie(
  signIns: Pick<BrowserSessionStore, "resume">,
  scope: TenantScope,
  value: string | null | undefined,
  now: Date,
): Promise<BrowserSession | null> {
  const c = readSessionCookie(value);
  if (!c) return null;
  if (scope !== "any" && c.tenantId !== null && c.tenantId !== scope) return null;
  const tenant: TenantScope = scope !== "any" ? scope : (c.tenantId ?? "any");
  return signIns.resume(tenant, c.sid, sha256Hex(c.secret), now);
}
