/**
 * Ending sessions (CONTRACT §13): a browser session with the refresh families started through it,
 * one refresh family, or every session of a person ("sign out everywhere", an administrator, a
 * password reset, a disabled or erased account).
 *
 * Every ending goes through one of three functions (`endSignIn`, `endFamily`, `endAllForUser`):
 * each ends the browser session(s) and refresh families, sets their revocation marks (marks.ts)
 * for introspection, and records one journal event carrying the logout notices the protocol side
 * computes (`logoutNotices`: OpenID Connect Back-Channel Logout), which the outbox delivers.
 */
import type { Clock } from "../../kernel/clock";
import type { UserRepo } from "../../kernel/users";
import type { DomainEvent, LogoutNotice } from "../events";
import type { BrowserSession, BrowserSessionStore } from "./browser-sessions";
import type { OrgRepo } from "../orgs";
import { markKeys, markValueAt, MARK_SECONDS } from "./marks";
import type { CounterStore, FamilyRecord, FamilyStore } from "./ports";

/** Who ended it and how (the audit entry's actor and `via`). */
export interface EndContext {
  actor: { userId?: number | null; ip: string | null };
  /** `logout` (RP-initiated), `sessions` (the person), `admin`, `password_reset`, `disabled`, `erased`, `revoke`, `consent`. */
  via: string;
}

/**
 * The logout notices for `clientIds` of a person's ended sessions, naming the browser session
 * `sid` when given (one per client that asked to be told; none when no protocol tells clients).
 */
export type LogoutNoticesOf = (
  tenantId: number,
  userId: number,
  clientIds: Iterable<string>,
  sid?: string,
) => Promise<LogoutNotice[]>;

export interface SessionEndingDeps {
  clock: Clock;
  /** The browser sessions (the `sso_session` cookie's records). */
  browserSessions: BrowserSessionStore;
  families: FamilyStore;
  /** Revocation marks (the session store's counters). */
  marks: Pick<CounterStore, "set">;
  /** The audit entry's org: the user's home org. */
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "get">;
  /** Records an event that changes nothing else (units.record); with logout notices it runs as a unit. */
  record(e: DomainEvent): Promise<void>;
  /** Who is told what ended (the OpenID provider's back-channel logout). */
  logoutNotices: LogoutNoticesOf;
}

/** The three endings (and `familyRevoked`, a mark for a family ended elsewhere); see the file header. */
export function createSessionEnding(deps: SessionEndingDeps) {
  const now = () => deps.clock.now();

  async function mark(keys: string[]) {
    const at = now();
    const value = markValueAt(at);
    await Promise.all(keys.map((k) => deps.marks.set(k, value, MARK_SECONDS, at)));
  }

  async function orgOf(tenantId: number, userId: number) {
    const user = await deps.users.get(tenantId, userId);
    const org = user ? await deps.orgs.get(tenantId, user.organizationId) : null;
    return org ? { id: org.id, path: org.path } : null;
  }

  /** The live client refresh families started through browser session `sid`. */
  async function familiesOf(userId: number, sid: string): Promise<FamilyRecord[]> {
    return (await deps.families.listUser(userId, now())).filter((f) => f.data.sid === sid);
  }

  /**
   * Ends browser session `sid` of the tenant and every refresh family started through it, marks
   * them ended, and sends a logout token (with `sid`) to each client that got tokens in it.
   * Returns the ended browser session; null when it was not live (another call ended it: nothing
   * is sent twice).
   */
  async function endSignIn(tenantId: number, sid: string, ctx: EndContext): Promise<BrowserSession | null> {
    const s = await deps.browserSessions.end(tenantId, sid);
    if (!s) return null;
    const fams = await familiesOf(s.userId, sid);
    await Promise.all(fams.map((f) => deps.families.revoke(f.familyId)));
    await mark([markKeys.sid(sid)]);
    const clients = [...new Set([...s.clients, ...fams.flatMap((f) => (f.data.clientId ? [f.data.clientId] : []))])];
    await deps.record({
      type: "auth.logout",
      tenantId,
      org: await orgOf(tenantId, s.userId),
      actor: ctx.actor,
      target: { userId: s.userId },
      data: { sid, via: ctx.via, clients, families: fams.map((f) => f.familyId) },
      logoutNotices: await deps.logoutNotices(tenantId, s.userId, clients, sid),
    });
    return s;
  }

  /**
   * Ends one refresh family. A client's family (authorization code grant) is marked ended for
   * its client in its browser session and that client gets a logout token with the `sid`; an
   * /api/auth family's access tokens are checked against the family itself.
   */
  async function endFamily(f: FamilyRecord, ctx: EndContext, type = "auth.logout"): Promise<void> {
    await deps.families.revoke(f.familyId);
    const d = f.data;
    if (d.clientId && d.sid) await mark([markKeys.family(d.sid, d.clientId)]);
    await deps.record({
      type,
      tenantId: d.tenantId,
      org: { id: d.orgId, path: d.orgPath },
      actor: ctx.actor,
      target: { userId: d.userId },
      data: {
        sessionId: f.familyId,
        mode: d.mode,
        via: ctx.via,
        ...(d.clientId ? { clientId: d.clientId } : {}),
        ...(d.sid && d.clientId ? { sid: d.sid } : {}),
        ...(d.deviceId ? { deviceId: d.deviceId } : {}),
      },
      logoutNotices:
        d.clientId && d.sid ? await deps.logoutNotices(d.tenantId, d.userId, [d.clientId], d.sid) : undefined,
    });
  }

  /** Ends the person's refresh families of client `clientId` (a withdrawn consent), one by one. */
  async function endClientFamilies(tenantId: number, userId: number, clientId: string, ctx: EndContext) {
    for (const f of await deps.families.listUser(userId, now()))
      if (f.data.clientId === clientId && f.data.tenantId === tenantId) await endFamily(f, ctx);
  }

  /**
   * Marks a client's tokens of browser session `sid` ended elsewhere (refresh-token reuse revoked
   * its family in refresh rotation; a reused code in the token endpoint, whose client may hold no
   * family), so introspection and UserInfo refuse the access tokens issued until now. /api/auth
   * families need no mark.
   */
  async function familyRevoked(d: Pick<FamilyRecord["data"], "clientId" | "sid">): Promise<void> {
    if (d.clientId && d.sid) await mark([markKeys.family(d.sid, d.clientId)]);
  }

  /** The clients of what ended, by browser session: its own clients plus its client families'. */
  function clientsBySid(ended: BrowserSession[], fams: FamilyRecord[]) {
    const out = new Map<string, Set<string>>();
    for (const s of ended) out.set(s.sid, new Set(s.clients));
    for (const f of fams)
      if (f.data.clientId && f.data.sid) {
        const set = out.get(f.data.sid) ?? new Set<string>();
        set.add(f.data.clientId);
        out.set(f.data.sid, set);
      }
    return out;
  }

  /**
   * Ends every browser session and refresh family of the user but `keep` (the caller's own
   * session: a browser session `sid` or a family id; a family started through a kept browser
   * session stays too). With nothing kept every client that got tokens gets one logout token
   * without `sid` (Back-Channel Logout 1.0 §2.4: all the user's sessions at the OP ended);
   * otherwise one per ended browser session with its `sid`. Records one `auth.sessions.ended` event.
   */
  async function endAllForUser(tenantId: number, userId: number, ctx: EndContext, keep?: string): Promise<number> {
    const at = now();
    const live = await deps.browserSessions.listByUser(tenantId, userId, at);
    let ended: BrowserSession[];
    if (keep === undefined) ended = await deps.browserSessions.endAllForUser(tenantId, userId);
    else {
      const out = await Promise.all(
        live.filter((s) => s.sid !== keep).map((s) => deps.browserSessions.end(tenantId, s.sid)),
      );
      ended = out.filter((s): s is BrowserSession => s !== null);
    }
    // Families: a user id names one tenant (sessions/ports.ts), but check the tenant anyway.
    const fams = (await deps.families.listUser(userId, at)).filter(
      (f) => f.data.tenantId === tenantId && f.familyId !== keep && (keep === undefined || f.data.sid !== keep),
    );
    await Promise.all(fams.map((f) => deps.families.revoke(f.familyId)));
    await mark([
      ...ended.map((s) => markKeys.sid(s.sid)),
      ...fams.flatMap((f) => (f.data.clientId && f.data.sid ? [markKeys.family(f.data.sid, f.data.clientId)] : [])),
    ]);
    const bySid = clientsBySid(ended, fams);
    const notices: LogoutNotice[] = [];
    if (keep === undefined) {
      const all = new Set([...bySid.values()].flatMap((s) => [...s]));
      notices.push(...(await deps.logoutNotices(tenantId, userId, all)));
    } else
      for (const [sid, clients] of bySid) notices.push(...(await deps.logoutNotices(tenantId, userId, clients, sid)));
    const count = ended.length + fams.length;
    if (count === 0) return 0;
    await deps.record({
      type: "auth.sessions.ended",
      tenantId,
      org: await orgOf(tenantId, userId),
      actor: ctx.actor,
      target: { userId },
      data: {
        via: ctx.via,
        signIns: ended.map((s) => s.sid),
        families: fams.map((f) => f.familyId),
        ...(keep ? { kept: keep } : {}),
      },
      logoutNotices: notices,
    });
    return count;
  }

  return { endSignIn, endFamily, endClientFamilies, endAllForUser, familyRevoked };
}

/** What ends sessions: the ending functions every kind of logout (OpenID, /api, administrator) calls. */
export type SessionEnding = ReturnType<typeof createSessionEnding>;
