/**
 * Sign-in sessions and authorization codes of the OpenID provider for the embedded deployment, in
 * the SQLite file of the refresh families (adapters/sqlite/index.ts): one process owns it, so each
 * step is one synchronous SQLite transaction and nothing interleaves with it. Semantics are the
 * Redis adapter's (adapters/redis/oidc.ts); both pass test/contract/oidc.contract.ts.
 */
import type { Database } from "bun:sqlite";
import {
  CODE_REUSE_WINDOW_SECONDS,
  type AuthorizationCodeStore,
  type TenantScope,
} from "../../src/protocols/oidc/ports";
import { type BrowserSession, type BrowserSessionStore, slideDue } from "../../src/features/sessions/ports";
import { ConflictError } from "../../src/kernel/errors";
import { timingSafeEqual } from "../../src/kernel/secrets";
import {
  codeFromJson,
  codeJson,
  issueFromJson,
  type SessionJson,
  sessionFromJson,
  sessionJson,
} from "../shared/oidc-json";

const REUSE_MS = CODE_REUSE_WINDOW_SECONDS * 1000;

export const OIDC_SCHEMA = `
create table if not exists signin_sessions (
  sid text primary key, tenant_id integer not null, user_id integer not null, secret_hash text not null,
  data text not null, clients text not null default '[]', idle_exp integer not null, abs_exp integer not null,
  last_used integer not null, created integer not null
);
create index if not exists signin_sessions_user on signin_sessions (user_id, created);
create table if not exists authorization_codes (
  hash text primary key, tenant_id integer not null, client_id text not null, data text not null,
  exp integer not null, redeemed integer not null default 0, reused integer not null default 0, issued text
);
create index if not exists authorization_codes_exp on authorization_codes (exp);
`;

interface SessionRow {
  sid: string;
  tenant_id: number;
  user_id: number;
  secret_hash: string;
  data: string;
  clients: string;
  idle_exp: number;
  abs_exp: number;
  last_used: number;
}
interface CodeRow {
  hash: string;
  tenant_id: number;
  client_id: string;
  data: string;
  exp: number;
  redeemed: number;
  reused: number;
  issued: string | null;
}

const toSession = (r: SessionRow): BrowserSession =>
  sessionFromJson(r.sid, r.data, r.idle_exp, r.last_used, JSON.parse(r.clients) as string[]);
const live = (r: SessionRow | null, tenantId: TenantScope, nowMs: number): r is SessionRow =>
  !!r && (tenantId === "any" || r.tenant_id === tenantId) && r.idle_exp > nowMs && r.abs_exp > nowMs;
const isDuplicate = (e: unknown) => /UNIQUE constraint failed/.test(String((e as Error)?.message));

export function createSqliteBrowserSessions(db: Database): BrowserSessionStore {
  const q = {
    insert: db.query(
      `insert into signin_sessions (sid, tenant_id, user_id, secret_hash, data, idle_exp, abs_exp, last_used, created)
       values ($sid, $tenant, $user, $hash, $data, $idle, $abs, $created, $created)`,
    ),
    get: db.query<SessionRow, { sid: string }>("select * from signin_sessions where sid = $sid"),
    slide: db.query("update signin_sessions set idle_exp = $idle, last_used = $now where sid = $sid"),
    clients: db.query("update signin_sessions set clients = $clients where sid = $sid"),
    data: db.query("update signin_sessions set data = $data where sid = $sid"),
    del: db.query("delete from signin_sessions where sid = $sid"),
    ofUser: db.query<SessionRow, { user: number; tenant: number }>(
      "select * from signin_sessions where user_id = $user and tenant_id = $tenant order by created, sid",
    ),
  };
  const resume = db.transaction((tenantId: TenantScope, sid: string, secretHash: string, nowMs: number) => {
    const r = q.get.get({ sid });
    // constant-time: the cookie secret's digest against the stored one
    if (!live(r, tenantId, nowMs) || !timingSafeEqual(r.secret_hash, secretHash)) return null;
    const idleSeconds = (JSON.parse(r.data) as { idleSeconds: number }).idleSeconds;
    if (!slideDue(r.last_used, nowMs, idleSeconds)) return toSession(r);
    const idle = Math.min(nowMs + idleSeconds * 1000, r.abs_exp);
    q.slide.run({ sid, idle, now: nowMs });
    return toSession({ ...r, idle_exp: idle, last_used: nowMs });
  });
  const raise = db.transaction((tenantId: number, sid: string, amr: string[], authTimeMs: number, nowMs: number) => {
    const r = q.get.get({ sid });
    if (!live(r, tenantId, nowMs)) return null;
    const data = JSON.stringify({
      ...(JSON.parse(r.data) as SessionJson),
      amr,
      authTime: authTimeMs,
    } satisfies SessionJson);
    q.data.run({ sid, data });
    return toSession({ ...r, data });
  });
  const addClient = db.transaction((tenantId: number, sid: string, clientId: string, nowMs: number) => {
    const r = q.get.get({ sid });
    if (!live(r, tenantId, nowMs)) return false;
    const clients = JSON.parse(r.clients) as string[];
    if (!clients.includes(clientId)) q.clients.run({ sid, clients: JSON.stringify([...clients, clientId]) });
    return true;
  });
  const end = db.transaction((tenantId: number, sid: string) => {
    const r = q.get.get({ sid });
    if (!r || r.tenant_id !== tenantId) return null;
    q.del.run({ sid });
    return toSession(r);
  });
  return {
    async create(s, secretHash) {
      try {
        q.insert.run({
          sid: s.sid,
          tenant: s.tenantId,
          user: s.userId,
          hash: secretHash,
          data: sessionJson(s),
          idle: s.idleExpiresAt.getTime(),
          abs: s.absoluteExpiresAt.getTime(),
          created: s.createdAt.getTime(),
        });
      } catch (e) {
        if (isDuplicate(e)) throw new ConflictError("signin_sessions_pkey");
        throw e;
      }
    },
    async resume(tenantId, sid, secretHash, now) {
      return resume(tenantId, sid, secretHash, now.getTime());
    },
    async get(tenantId, sid, now) {
      const r = q.get.get({ sid });
      return live(r, tenantId, now.getTime()) ? toSession(r) : null;
    },
    async raise(tenantId, sid, amr, authTime, now) {
      return raise(tenantId, sid, amr, authTime.getTime(), now.getTime());
    },
    async addClient(tenantId, sid, clientId, now) {
      return addClient(tenantId, sid, clientId, now.getTime());
    },
    async end(tenantId, sid) {
      return end(tenantId, sid);
    },
    async listByUser(tenantId, userId, now) {
      return q.ofUser
        .all({ user: userId, tenant: tenantId })
        .filter((r) => live(r, tenantId, now.getTime()))
        .map(toSession);
    },
    async endAllForUser(tenantId, userId) {
      const out: BrowserSession[] = [];
      for (const r of q.ofUser.all({ user: userId, tenant: tenantId })) {
        const ended = end(tenantId, r.sid);
        if (ended) out.push(ended);
      }
      return out;
    },
  };
}

export function createSqliteAuthorizationCodes(db: Database): AuthorizationCodeStore {
  const q = {
    insert: db.query(
      "insert into authorization_codes (hash, tenant_id, client_id, data, exp) values ($hash, $tenant, $client, $data, $exp)",
    ),
    get: db.query<CodeRow, { hash: string }>("select * from authorization_codes where hash = $hash"),
    redeem: db.query("update authorization_codes set redeemed = 1 where hash = $hash"),
    reuse: db.query("update authorization_codes set reused = 1 where hash = $hash"),
    issued: db.query("update authorization_codes set issued = $issued where hash = $hash"),
  };
  const redeem = db.transaction((tenantId: TenantScope, clientId: string, hash: string, nowMs: number) => {
    const r = q.get.get({ hash });
    if (!r || (tenantId !== "any" && r.tenant_id !== tenantId) || r.client_id !== clientId) return null;
    if (!r.redeemed) {
      if (r.exp <= nowMs) return null;
      q.redeem.run({ hash });
      return { status: "ok" as const, code: codeFromJson(r.data) };
    }
    if (r.exp + REUSE_MS <= nowMs) return null;
    q.reuse.run({ hash });
    return { status: "reused" as const, code: codeFromJson(r.data), issued: issueFromJson(r.issued) };
  });
  const record = db.transaction((tenantId: number, hash: string, issued: string) => {
    const r = q.get.get({ hash });
    if (!r || r.tenant_id !== tenantId || !r.redeemed) return null;
    q.issued.run({ hash, issued });
    return r.reused ? ("reused" as const) : ("recorded" as const);
  });
  return {
    async issue(codeHash, code) {
      try {
        q.insert.run({
          hash: codeHash,
          tenant: code.tenantId,
          client: code.clientId,
          data: codeJson(code),
          exp: code.expiresAt.getTime(),
        });
      } catch (e) {
        if (isDuplicate(e)) throw new ConflictError("authorization_codes_pkey");
        throw e;
      }
    },
    async redeem(tenantId, clientId, codeHash, now) {
      return redeem(tenantId, clientId, codeHash, now.getTime());
    },
    async recordIssued(tenantId, codeHash, issued) {
      return record(tenantId, codeHash, JSON.stringify(issued));
    },
  };
}

/** Deletes sessions past their absolute expiry and codes past the reuse window (the hourly sweep). */
export function sweepSqliteOidc(db: Database, nowMs: number): void {
  db.query("delete from signin_sessions where abs_exp < $now or idle_exp < $now").run({ now: nowMs });
  db.query("delete from authorization_codes where exp < $before").run({ before: nowMs - REUSE_MS });
}
