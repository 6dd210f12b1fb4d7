/**
 * The person's own sessions (CONTRACT §13, `/api/users/me/sessions`): their live browser sessions
 * and refresh families listed together, ending one of them, and "sign out everywhere" else.
 */
import type { Clock } from "../../kernel/clock";
import { notFound } from "../../kernel/errors";
import type { ClientDirectory } from "../clients";
import type { BrowserSessionStore } from "./browser-sessions";
import type { EndContext, SessionEnding } from "./ending";
import type { FamilyStore } from "./ports";

/** One of the person's sessions as they see it (CONTRACT §13): a browser session or a refresh family. */
export interface SessionEntry {
  id: string;
  /** The wire's names: `signin` for a browser session, `refresh` for a refresh family. */
  kind: "signin" | "refresh";
  clientId: string | null;
  /** Refresh families of a client: its name as registered, so lists name the application, not an id. */
  clientName: string | null;
  applicationId: number | null;
  deviceId: string | null;
  /** Refresh families only: web, plain or device. */
  mode: string | null;
  /** Refresh families only: the active organization and audience. */
  organizationId: number | null;
  audience: string | null;
  /** Browser sessions: the clients that got tokens in it. */
  clients: string[];
  /** Browser sessions: those clients' names as registered (an unknown one keeps its id). */
  clientNames: string[];
  createdAt: Date | null;
  lastUsedAt: Date | null;
  expiresAt: Date;
  ipAddress: string | null;
  current: boolean;
}

/** The caller of a `/api/users/me/**` operation, as the bearer token names it. */
export interface SessionCaller {
  userId: number;
  tenantId: number;
  /** The browser session `sid` or refresh family id the caller's access token belongs to. */
  sessionId?: string;
  ip: string | null;
}

export interface SessionListingDeps {
  clock: Clock;
  browserSessions: BrowserSessionStore;
  families: FamilyStore;
  /** Client names in the list. */
  directory: Pick<ClientDirectory, "resolve">;
}

/** The person's list of their browser sessions and refresh families, ended through `ending`. */
export function createSessionListing(
  deps: SessionListingDeps,
  ending: Pick<SessionEnding, "endSignIn" | "endFamily" | "endAllForUser">,
) {
  const now = () => deps.clock.now();

  /** The caller's live browser sessions and refresh families, oldest first; `current` marks the calling one. */
  async function listSessions(caller: SessionCaller): Promise<SessionEntry[]> {
    const at = now();
    const [browser, fams] = await Promise.all([
      deps.browserSessions.listByUser(caller.tenantId, caller.userId, at),
      deps.families.listUser(caller.userId, at),
    ]);
    const nameOf = async (clientId: string) => (await deps.directory.resolve(clientId))?.client.name ?? clientId;
    const out: SessionEntry[] = [];
    for (const s of browser) {
      const clients = [...s.clients].sort();
      out.push({
        id: s.sid,
        kind: "signin",
        clientId: null,
        clientName: null,
        applicationId: null,
        deviceId: null,
        mode: null,
        organizationId: null,
        audience: null,
        clients,
        clientNames: await Promise.all(clients.map(nameOf)),
        createdAt: s.createdAt,
        lastUsedAt: s.lastUsedAt,
        expiresAt: new Date(Math.min(s.idleExpiresAt.getTime(), s.absoluteExpiresAt.getTime())),
        ipAddress: s.ipAddress,
        current: s.sid === caller.sessionId,
      });
    }
    for (const f of fams) {
      if (f.data.tenantId !== caller.tenantId) continue;
      const d = f.data;
      const client = d.clientId ? await deps.directory.resolve(d.clientId) : null;
      // A web or plain family's expiry is fixed at its start: it started ttl before it.
      const createdAt = d.absoluteExpiresAt ? new Date(d.absoluteExpiresAt - d.ttlSeconds * 1000) : null;
      // A sliding (device) family moved its expiry to ttl after its last rotation.
      const lastUsedAt = d.absoluteExpiresAt ? null : new Date(f.expiresAt.getTime() - d.ttlSeconds * 1000);
      out.push({
        id: f.familyId,
        kind: "refresh",
        clientId: d.clientId ?? null,
        clientName: client?.client.name ?? null,
        applicationId: client?.client.applicationId ?? null,
        deviceId: d.deviceId ?? null,
        mode: d.mode,
        organizationId: d.orgId,
        audience: d.audience,
        clients: [],
        clientNames: [],
        createdAt,
        lastUsedAt,
        expiresAt: f.expiresAt,
        ipAddress: null,
        current: f.familyId === caller.sessionId,
      });
    }
    const time = (e: SessionEntry) => (e.createdAt ?? e.lastUsedAt ?? e.expiresAt).getTime();
    return out.sort((a, b) => time(a) - time(b));
  }

  /** Ends one of the caller's sessions (a browser session `sid` or a family id); 404 when it is not a live one of theirs. */
  async function endOwnSession(caller: SessionCaller, id: string): Promise<void> {
    const ctx: EndContext = { actor: { userId: caller.userId, ip: caller.ip }, via: "sessions" };
    const s = await deps.browserSessions.get(caller.tenantId, id, now());
    if (s && s.userId === caller.userId) {
      await ending.endSignIn(caller.tenantId, id, ctx);
      return;
    }
    const f = await deps.families.get(id, now());
    if (!f || f.data.userId !== caller.userId || f.data.tenantId !== caller.tenantId) throw notFound("Session");
    await ending.endFamily(f, ctx);
  }

  /** "Sign out everywhere": every session of the caller but the calling one; returns how many ended. */
  async function endOtherSessions(caller: SessionCaller): Promise<number> {
    return ending.endAllForUser(
      caller.tenantId,
      caller.userId,
      { actor: { userId: caller.userId, ip: caller.ip }, via: "sessions" },
      caller.sessionId ?? "",
    );
  }

  return { listSessions, endOwnSession, endOtherSessions };
}
