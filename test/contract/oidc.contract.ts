/**
 * Contract of the OpenID provider's storage (src/protocols/oidc/ports.ts, src/features/sessions/browser-sessions.ts, src/features/consents/ports.ts): BrowserSessionStore and
 * AuthorizationCodeStore (where refresh families live: Redis, SQLite beside the embedded store, or
 * the primary store) and ConsentRepo (primary store, also inside units of work). Expiry is driven
 * by the explicit `now` the service takes from its injected clock; no test sleeps.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import {
  CODE_REUSE_WINDOW_SECONDS,
  type AuthorizationCode,
  type AuthorizationCodeStore,
} from "../../src/protocols/oidc";
import { type NewBrowserSession, type BrowserSessionStore, SLIDE_STEP_MS } from "../../src/features/sessions";
import { type ConsentRepo } from "../../src/features/consents";
import { ConflictError } from "../../src/kernel/errors";
import { randomToken, sha256Hex } from "../../src/kernel/secrets";
import type { TestStores } from "../support/stores";
import type { ContractSuite } from "./harness";

const S = 1000;
const HOUR = 3600 * S;
const DAY = 24 * HOUR;
let seq = 5_000_000 + Math.floor(Math.random() * 1_000_000);
const next = () => ++seq;

export const oidcContract: ContractSuite = {
  name: "oidc",
  run(make) {
    let s: TestStores;
    let sessions: BrowserSessionStore;
    let codes: AuthorizationCodeStore;
    let consents: ConsentRepo;
    beforeAll(async () => {
      s = await make();
      sessions = s.sessions.signIns;
      codes = s.sessions.codes;
      consents = s.store.consents;
    });
    afterAll(() => s.close());

    /** A new session (24 h idle, 14 days absolute from `now`) of a fresh user, with its cookie secret's hash. */
    async function signIn(now: Date, over: Partial<NewBrowserSession> = {}) {
      const secret = randomToken(32);
      const session: NewBrowserSession = {
        sid: randomToken(24),
        tenantId: next(),
        userId: next(),
        authTime: new Date(now.getTime() - 5 * S),
        amr: ["pwd", "otp", "mfa"],
        idleSeconds: 24 * 3600,
        idleExpiresAt: new Date(now.getTime() + DAY),
        absoluteExpiresAt: new Date(now.getTime() + 14 * DAY),
        createdAt: now,
        ipAddress: "203.0.113.7",
        userAgent: "Chromium",
        ...over,
      };
      const secretHash = sha256Hex(secret);
      await sessions.create(session, secretHash);
      return { session, secretHash };
    }
    const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

    describe("BrowserSessionStore", () => {
      test("create, then get and resume return the session; a wrong secret, an unknown sid and another tenant see null", async () => {
        const now = new Date();
        const { session, secretHash } = await signIn(now);
        const got = await sessions.get(session.tenantId, session.sid, now);
        expect(got).toEqual({ ...session, lastUsedAt: now, clients: [] });
        const later = at(now, HOUR);
        const resumed = await sessions.resume(session.tenantId, session.sid, secretHash, later);
        expect(resumed?.sid).toBe(session.sid);
        expect(resumed?.lastUsedAt.getTime()).toBe(later.getTime());
        expect(resumed?.amr).toEqual(["pwd", "otp", "mfa"]);
        expect(await sessions.resume(session.tenantId, session.sid, sha256Hex("guess"), later)).toBeNull();
        expect(await sessions.resume(session.tenantId, randomToken(24), secretHash, later)).toBeNull();
        expect(await sessions.get(session.tenantId, randomToken(24), later)).toBeNull();
        // The public sid alone (the secret's place taken by the sid or its hash) resumes nothing.
        expect(await sessions.resume(session.tenantId, session.sid, sha256Hex(session.sid), later)).toBeNull();
      });

      test("another tenant's session: get, resume, addClient and end see nothing and change nothing", async () => {
        const now = new Date();
        const { session, secretHash } = await signIn(now);
        const other = session.tenantId + 1;
        expect(await sessions.get(other, session.sid, now)).toBeNull();
        expect(await sessions.resume(other, session.sid, secretHash, at(now, HOUR))).toBeNull();
        expect(await sessions.addClient(other, session.sid, "c-foreign", now)).toBe(false);
        expect(await sessions.end(other, session.sid)).toBeNull();
        expect(await sessions.listByUser(other, session.userId, now)).toEqual([]);
        expect(await sessions.endAllForUser(other, session.userId)).toEqual([]);
        const still = await sessions.get(session.tenantId, session.sid, now);
        expect(still?.clients).toEqual([]);
        expect(still?.lastUsedAt.getTime()).toBe(now.getTime());
      });

      test('"any" tenant (the console client): resume needs the secret still, and answers the session of its own tenant', async () => {
        const now = new Date();
        const { session, secretHash } = await signIn(now);
        expect(await sessions.resume("any", session.sid, sha256Hex("guess"), at(now, HOUR))).toBeNull();
        expect(await sessions.resume("any", randomToken(24), secretHash, at(now, HOUR))).toBeNull();
        const r = await sessions.resume("any", session.sid, secretHash, at(now, HOUR));
        expect(r?.tenantId).toBe(session.tenantId);
        expect(r?.userId).toBe(session.userId);
        expect(r?.lastUsedAt.getTime()).toBe(at(now, HOUR).getTime());
        await sessions.end(session.tenantId, session.sid);
        expect(await sessions.resume("any", session.sid, secretHash, at(now, HOUR))).toBeNull();
      });

      test("a duplicate sid is a ConflictError and leaves the first session as it was", async () => {
        const now = new Date();
        const { session } = await signIn(now);
        await expect(sessions.create({ ...session, userId: next() }, sha256Hex("x"))).rejects.toBeInstanceOf(
          ConflictError,
        );
        expect((await sessions.get(session.tenantId, session.sid, now))?.userId).toBe(session.userId);
      });

      test("idle expiry: unused for 24 h the session is gone; resume slides the idle window", async () => {
        const now = new Date();
        const { session, secretHash } = await signIn(now);
        expect(await sessions.get(session.tenantId, session.sid, at(now, DAY - S))).not.toBeNull();
        expect(await sessions.get(session.tenantId, session.sid, at(now, DAY))).toBeNull();
        // Resumed at 20 h: live until 44 h.
        const r = await sessions.resume(session.tenantId, session.sid, secretHash, at(now, 20 * HOUR));
        expect(r?.idleExpiresAt.getTime()).toBe(now.getTime() + 44 * HOUR);
        expect(await sessions.get(session.tenantId, session.sid, at(now, 43 * HOUR))).not.toBeNull();
        expect(await sessions.get(session.tenantId, session.sid, at(now, 44 * HOUR))).toBeNull();
        expect(await sessions.resume(session.tenantId, session.sid, secretHash, at(now, 44 * HOUR))).toBeNull();
        expect(await sessions.addClient(session.tenantId, session.sid, "late", at(now, 45 * HOUR))).toBe(false);
      });

      test("absolute expiry: a session resumed daily still ends 14 days after sign-in, its idle window never past that", async () => {
        const now = new Date();
        const { session, secretHash } = await signIn(now);
        let last = null;
        for (let h = 20; h < 14 * 24; h += 20)
          last = await sessions.resume(session.tenantId, session.sid, secretHash, at(now, h * HOUR));
        expect(last).not.toBeNull();
        expect(last!.idleExpiresAt.getTime()).toBe(session.absoluteExpiresAt.getTime());
        expect(await sessions.get(session.tenantId, session.sid, at(now, 14 * DAY - S))).not.toBeNull();
        expect(await sessions.get(session.tenantId, session.sid, at(now, 14 * DAY))).toBeNull();
        expect(await sessions.resume(session.tenantId, session.sid, secretHash, at(now, 14 * DAY))).toBeNull();
      });

      test("a resume within the slide step of the last slide writes nothing; past it, the idle window slides again", async () => {
        const now = new Date();
        const { session, secretHash } = await signIn(now);
        const slid = await sessions.resume(session.tenantId, session.sid, secretHash, at(now, HOUR));
        expect(slid?.idleExpiresAt.getTime()).toBe(at(now, HOUR + DAY).getTime());
        // Under SLIDE_STEP_MS later: the session as stored (nothing moved), still live.
        const soon = await sessions.resume(
          session.tenantId,
          session.sid,
          secretHash,
          at(now, HOUR + SLIDE_STEP_MS - S),
        );
        expect(soon?.lastUsedAt.getTime()).toBe(at(now, HOUR).getTime());
        expect(soon?.idleExpiresAt.getTime()).toBe(at(now, HOUR + DAY).getTime());
        expect((await sessions.get(session.tenantId, session.sid, at(now, HOUR)))?.lastUsedAt.getTime()).toBe(
          at(now, HOUR).getTime(),
        );
        // A wrong secret is refused whether or not a slide is due.
        expect(await sessions.resume(session.tenantId, session.sid, sha256Hex("guess"), at(now, HOUR + S))).toBeNull();
        // Past the step: it slides.
        const again = await sessions.resume(session.tenantId, session.sid, secretHash, at(now, HOUR + SLIDE_STEP_MS));
        expect(again?.lastUsedAt.getTime()).toBe(at(now, HOUR + SLIDE_STEP_MS).getTime());
        expect(again?.idleExpiresAt.getTime()).toBe(at(now, HOUR + SLIDE_STEP_MS + DAY).getTime());
        // A short idle window (5 minutes) slides every tenth of it: after 30 s, not only after the minute.
        const short = await signIn(now, { idleSeconds: 300, idleExpiresAt: at(now, 300 * S) });
        const s1 = await sessions.resume(short.session.tenantId, short.session.sid, short.secretHash, at(now, 29 * S));
        expect(s1?.idleExpiresAt.getTime()).toBe(at(now, 300 * S).getTime());
        const s2 = await sessions.resume(short.session.tenantId, short.session.sid, short.secretHash, at(now, 30 * S));
        expect(s2?.idleExpiresAt.getTime()).toBe(at(now, 330 * S).getTime());
      });

      test("addClient remembers each client once; concurrent adds all stay", async () => {
        const now = new Date();
        const { session } = await signIn(now);
        expect(await sessions.addClient(session.tenantId, session.sid, "app-a", now)).toBe(true);
        expect(await sessions.addClient(session.tenantId, session.sid, "app-a", now)).toBe(true);
        const names = Array.from({ length: 12 }, (_, i) => `app-${i}`);
        const results = await Promise.all(
          [...names, ...names].map((c) => sessions.addClient(session.tenantId, session.sid, c, now)),
        );
        expect(results.every(Boolean)).toBe(true);
        const got = await sessions.get(session.tenantId, session.sid, now);
        expect(got?.clients).toEqual([...new Set(["app-a", ...names])].sort());
        expect(await sessions.addClient(session.tenantId, randomToken(24), "app-a", now)).toBe(false);
      });

      test("raise (step-up) replaces amr and auth time of the live session and keeps its sid, secret, clients and expiries", async () => {
        const now = new Date();
        const { session, secretHash } = await signIn(now, { amr: ["pwd"] });
        await sessions.addClient(session.tenantId, session.sid, "app-up", now);
        const later = at(now, HOUR);
        const raised = await sessions.raise(session.tenantId, session.sid, ["pwd", "otp", "mfa"], later, later);
        expect(raised).toMatchObject({ sid: session.sid, amr: ["pwd", "otp", "mfa"], clients: ["app-up"] });
        expect(raised?.authTime.getTime()).toBe(later.getTime());
        expect(raised?.idleExpiresAt.getTime()).toBe(session.idleExpiresAt.getTime());
        expect(raised?.absoluteExpiresAt.getTime()).toBe(session.absoluteExpiresAt.getTime());
        // Every read sees the raised session (resume with the same secret, get, the user's list, end).
        const resumed = await sessions.resume(session.tenantId, session.sid, secretHash, at(now, 2 * HOUR));
        expect(resumed?.amr).toEqual(["pwd", "otp", "mfa"]);
        expect(resumed?.authTime.getTime()).toBe(later.getTime());
        expect((await sessions.get(session.tenantId, session.sid, later))?.amr).toEqual(["pwd", "otp", "mfa"]);
        const listed = await sessions.listByUser(session.tenantId, session.userId, later);
        expect(listed.map((x) => x.amr)).toEqual([["pwd", "otp", "mfa"]]);
        expect((await sessions.end(session.tenantId, session.sid))?.authTime.getTime()).toBe(later.getTime());
      });

      test("raise: another tenant's, an unknown, an ended or an expired session is null and changes nothing", async () => {
        const now = new Date();
        const { session } = await signIn(now, { amr: ["pwd"] });
        const other = session.tenantId + 1;
        expect(await sessions.raise(other, session.sid, ["pwd", "otp", "mfa"], now, now)).toBeNull();
        expect(await sessions.raise(session.tenantId, randomToken(24), ["pwd", "otp", "mfa"], now, now)).toBeNull();
        expect(
          await sessions.raise(session.tenantId, session.sid, ["pwd", "otp", "mfa"], now, at(now, DAY)),
        ).toBeNull();
        const still = await sessions.get(session.tenantId, session.sid, now);
        expect(still?.amr).toEqual(["pwd"]);
        expect(still?.authTime.getTime()).toBe(session.authTime.getTime());
        await sessions.end(session.tenantId, session.sid);
        expect(await sessions.raise(session.tenantId, session.sid, ["pwd", "otp", "mfa"], now, now)).toBeNull();
        expect(await sessions.get(session.tenantId, session.sid, now)).toBeNull();
      });

      test("end returns the session with its clients once; afterwards it is gone", async () => {
        const now = new Date();
        const { session, secretHash } = await signIn(now);
        await sessions.addClient(session.tenantId, session.sid, "app-b", now);
        const ended = await sessions.end(session.tenantId, session.sid);
        expect(ended?.sid).toBe(session.sid);
        expect(ended?.clients).toEqual(["app-b"]);
        expect(await sessions.end(session.tenantId, session.sid)).toBeNull();
        expect(await sessions.get(session.tenantId, session.sid, now)).toBeNull();
        expect(await sessions.resume(session.tenantId, session.sid, secretHash, now)).toBeNull();
        expect(await sessions.addClient(session.tenantId, session.sid, "app-c", now)).toBe(false);
      });

      test("of concurrent ends exactly one gets the session", async () => {
        const now = new Date();
        const { session } = await signIn(now);
        await sessions.addClient(session.tenantId, session.sid, "app-d", now);
        const results = await Promise.all(
          Array.from({ length: 10 }, () => sessions.end(session.tenantId, session.sid)),
        );
        const won = results.filter((r) => r !== null);
        expect(won).toHaveLength(1);
        expect(won[0]?.clients).toEqual(["app-d"]);
      });

      test("listByUser shows the user's live sessions oldest first; endAllForUser ends them all, each once", async () => {
        const now = new Date();
        const first = await signIn(now);
        const { tenantId, userId } = first.session;
        const second = await signIn(at(now, S), { tenantId, userId, createdAt: at(now, S) });
        // Idle-expired by the time of the listing.
        await signIn(now, { tenantId, userId, idleExpiresAt: at(now, HOUR) });
        const other = await signIn(now);
        const list = await sessions.listByUser(tenantId, userId, at(now, 2 * HOUR));
        expect(list.map((x) => x.sid)).toEqual([first.session.sid, second.session.sid]);
        await sessions.addClient(tenantId, second.session.sid, "app-e", now);
        const [a, b] = await Promise.all([
          sessions.endAllForUser(tenantId, userId),
          sessions.endAllForUser(tenantId, userId),
        ]);
        const ended = [...a, ...b];
        // Every session of the user (the expired one too) is returned by exactly one of the calls.
        expect(ended).toHaveLength(3);
        expect(new Set(ended.map((x) => x.sid)).size).toBe(3);
        expect(ended.find((x) => x.sid === second.session.sid)?.clients).toEqual(["app-e"]);
        expect(await sessions.listByUser(tenantId, userId, now)).toEqual([]);
        expect(await sessions.get(other.session.tenantId, other.session.sid, now)).not.toBeNull();
      });
    });

    describe("AuthorizationCodeStore", () => {
      async function mint(now: Date, over: Partial<AuthorizationCode> = {}) {
        const code: AuthorizationCode = {
          tenantId: next(),
          clientId: `client-${randomToken(6)}`,
          userId: next(),
          redirectUri: "https://app.example/callback?x=1",
          codeChallenge: randomToken(32),
          nonce: randomToken(12),
          sid: randomToken(24),
          scopes: ["openid", "email", "offline_access"],
          orgId: next(),
          authTime: new Date(now.getTime() - 30 * S),
          amr: ["pwd"],
          expiresAt: new Date(now.getTime() + 60 * S),
          ...over,
        };
        const hash = sha256Hex(randomToken(32));
        await codes.issue(hash, code);
        return { code, hash };
      }

      test("the first redemption is ok with everything the code is bound to; a second is reuse", async () => {
        const now = new Date();
        const { code, hash } = await mint(now, { nonce: null });
        const first = await codes.redeem(code.tenantId, code.clientId, hash, at(now, 5 * S));
        expect(first).toEqual({ status: "ok", code });
        expect(await codes.recordIssued(code.tenantId, hash, { familyId: "fam-1", accessTokenIds: ["j1"] })).toBe(
          "recorded",
        );
        const again = await codes.redeem(code.tenantId, code.clientId, hash, at(now, 6 * S));
        expect(again).toEqual({ status: "reused", code, issued: { familyId: "fam-1", accessTokenIds: ["j1"] } });
      });

      test("a code requested without a PKCE challenge keeps codeChallenge null through redemption and reuse", async () => {
        const now = new Date();
        const { code, hash } = await mint(now, { codeChallenge: null });
        expect(await codes.redeem(code.tenantId, code.clientId, hash, now)).toEqual({ status: "ok", code });
        const again = await codes.redeem(code.tenantId, code.clientId, hash, now);
        expect(again?.status).toBe("reused");
        expect(again?.code.codeChallenge).toBeNull();
      });

      test("a reuse before the first redeemer recorded what it issued is reported to that redeemer", async () => {
        const now = new Date();
        const { code, hash } = await mint(now);
        expect((await codes.redeem(code.tenantId, code.clientId, hash, now))?.status).toBe("ok");
        const again = await codes.redeem(code.tenantId, code.clientId, hash, now);
        expect(again).toEqual({ status: "reused", code, issued: null });
        expect(await codes.recordIssued(code.tenantId, hash, { familyId: "fam-2" })).toBe("reused");
      });

      test("a code expires 60 s after minting unless redeemed; a redeemed one is recognised as reused for the reuse window", async () => {
        const now = new Date();
        const stale = await mint(now);
        expect(await codes.redeem(stale.code.tenantId, stale.code.clientId, stale.hash, at(now, 60 * S))).toBeNull();
        expect(await codes.redeem(stale.code.tenantId, stale.code.clientId, stale.hash, at(now, 61 * S))).toBeNull();
        const used = await mint(now);
        const { tenantId, clientId } = used.code;
        expect((await codes.redeem(tenantId, clientId, used.hash, at(now, 59 * S)))?.status).toBe("ok");
        const window = 60 * S + CODE_REUSE_WINDOW_SECONDS * S;
        expect((await codes.redeem(tenantId, clientId, used.hash, at(now, window - S)))?.status).toBe("reused");
        expect(await codes.redeem(tenantId, clientId, used.hash, at(now, window))).toBeNull();
      });

      test("another tenant or another client cannot redeem, burn or record a code", async () => {
        const now = new Date();
        const { code, hash } = await mint(now);
        expect(await codes.redeem(code.tenantId + 1, code.clientId, hash, now)).toBeNull();
        expect(await codes.redeem(code.tenantId, "someone-else", hash, now)).toBeNull();
        expect(await codes.recordIssued(code.tenantId, hash, { familyId: "x" })).toBeNull(); // never redeemed
        expect((await codes.redeem(code.tenantId, code.clientId, hash, now))?.status).toBe("ok");
        expect(await codes.recordIssued(code.tenantId + 1, hash, { familyId: "x" })).toBeNull();
        expect(await codes.redeem(code.tenantId, "someone-else", hash, now)).toBeNull();
        expect(await codes.redeem(code.tenantId, code.clientId, sha256Hex("unknown"), now)).toBeNull();
        expect(await codes.recordIssued(code.tenantId, sha256Hex("unknown"), {})).toBeNull();
      });

      test('"any" tenant (the console client): the client is still compared; the code names its tenant', async () => {
        const now = new Date();
        const { code, hash } = await mint(now);
        expect(await codes.redeem("any", "someone-else", hash, now)).toBeNull();
        const first = await codes.redeem("any", code.clientId, hash, now);
        expect(first?.status).toBe("ok");
        expect(first?.code.tenantId).toBe(code.tenantId);
        expect((await codes.redeem("any", code.clientId, hash, now))?.status).toBe("reused");
      });

      test("a duplicate code hash is a ConflictError", async () => {
        const now = new Date();
        const { code, hash } = await mint(now);
        await expect(codes.issue(hash, { ...code, clientId: "other" })).rejects.toBeInstanceOf(ConflictError);
        expect((await codes.redeem(code.tenantId, code.clientId, hash, now))?.status).toBe("ok");
      });

      test("of concurrent redemptions exactly one is ok, every other is reuse", async () => {
        const now = new Date();
        const { code, hash } = await mint(now);
        const results = await Promise.all(
          Array.from({ length: 12 }, () => codes.redeem(code.tenantId, code.clientId, hash, now)),
        );
        expect(results.filter((r) => r?.status === "ok")).toHaveLength(1);
        expect(results.filter((r) => r?.status === "reused")).toHaveLength(11);
      });
    });

    describe("ConsentRepo", () => {
      test("grant creates a consent, a later grant adds scopes (a union) and keeps the first grant's time", async () => {
        const t0 = new Date(Date.UTC(2026, 0, 1));
        const tenantId = next();
        const userId = next();
        const c1 = await consents.grant(tenantId, userId, "app-1", ["openid", "email", "email"], t0);
        expect(c1).toEqual({
          tenantId,
          userId,
          clientId: "app-1",
          scopes: ["email", "openid"],
          grantedAt: t0,
          updatedAt: t0,
        });
        const t1 = new Date(t0.getTime() + DAY);
        const c2 = await consents.grant(tenantId, userId, "app-1", ["profile", "openid"], t1);
        expect(c2.scopes).toEqual(["email", "openid", "profile"]);
        expect(c2.grantedAt).toEqual(t0);
        expect(c2.updatedAt).toEqual(t1);
        expect(await consents.get(tenantId, userId, "app-1")).toEqual(c2);
        expect(await consents.get(tenantId, userId, "app-2")).toBeNull();
      });

      test("another tenant sees no consent and cannot withdraw one", async () => {
        const tenantId = next();
        const userId = next();
        await consents.grant(tenantId, userId, "app-1", ["openid"], new Date());
        expect(await consents.get(tenantId + 1, userId, "app-1")).toBeNull();
        expect(await consents.listByUser(tenantId + 1, userId)).toEqual([]);
        expect(await consents.revoke(tenantId + 1, userId, "app-1")).toBe(false);
        expect(await consents.revokeAllForUser(tenantId + 1, userId)).toBe(0);
        expect((await consents.get(tenantId, userId, "app-1"))?.scopes).toEqual(["openid"]);
      });

      test("concurrent grants to one user and client keep every scope", async () => {
        const tenantId = next();
        const userId = next();
        const scopes = Array.from({ length: 10 }, (_, i) => `s${i}`);
        await Promise.all(scopes.map((sc) => consents.grant(tenantId, userId, "app-1", [sc], new Date())));
        expect((await consents.get(tenantId, userId, "app-1"))?.scopes).toEqual([...scopes].sort());
        expect(await consents.listByUser(tenantId, userId)).toHaveLength(1);
      });

      test("listByUser by client id; revoke withdraws one; revokeAllForUser erases the user's, no one else's", async () => {
        const tenantId = next();
        const userId = next();
        const bystander = next();
        const now = new Date();
        for (const c of ["app-b", "app-a", "app-c"]) await consents.grant(tenantId, userId, c, ["openid"], now);
        await consents.grant(tenantId, bystander, "app-a", ["openid"], now);
        expect((await consents.listByUser(tenantId, userId)).map((c) => c.clientId)).toEqual([
          "app-a",
          "app-b",
          "app-c",
        ]);
        expect(await consents.revoke(tenantId, userId, "app-b")).toBe(true);
        expect(await consents.revoke(tenantId, userId, "app-b")).toBe(false);
        expect(await consents.revokeAllForUser(tenantId, userId)).toBe(2);
        expect(await consents.listByUser(tenantId, userId)).toEqual([]);
        expect(await consents.revokeAllForUser(tenantId, userId)).toBe(0);
        expect(await consents.listByUser(tenantId, bystander)).toHaveLength(1);
      });

      test("inside a unit that fails, grants and withdrawals are undone", async () => {
        const tenantId = next();
        const userId = next();
        const t0 = new Date(Date.UTC(2026, 0, 1));
        await consents.grant(tenantId, userId, "kept", ["openid"], t0);
        const boom = new Error("boom");
        await expect(
          s.store.transaction(async (tx) => {
            await tx.consents.grant(tenantId, userId, "kept", ["email"], new Date());
            await tx.consents.grant(tenantId, userId, "new", ["openid"], new Date());
            await tx.consents.revokeAllForUser(tenantId, userId);
            throw boom;
          }),
        ).rejects.toBe(boom);
        expect((await consents.listByUser(tenantId, userId)).map((c) => [c.clientId, c.scopes, c.updatedAt])).toEqual([
          ["kept", ["openid"], t0],
        ]);
        await s.store.transaction(async (tx) => {
          await tx.consents.grant(tenantId, userId, "kept", ["email"], t0);
          await tx.consents.grant(tenantId, userId, "new", ["openid"], t0);
        });
        expect((await consents.listByUser(tenantId, userId)).map((c) => c.scopes)).toEqual([
          ["email", "openid"],
          ["openid"],
        ]);
      });
    });
  },
};
