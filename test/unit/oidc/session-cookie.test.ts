// The `sso_session` value (src/features/sessions/browser-cookie.ts): one codec, naming its session and
// so its tenant (CONTRACT §13), still reading the earlier `<sid>.<secret>` until such cookies expire.
import { describe, expect, test } from "bun:test";
import { readSessionCookie, resumeFromCookie, writeSessionCookie } from "../../../src/features/sessions";
import { randomToken, sha256Hex } from "../../../src/kernel/secrets";
import type { TenantScope } from "../../../src/kernel/tenancy";

const sid = randomToken(16);
const secret = randomToken(32);

/** A store that records how `resume` was called and answers a session of tenant 7 for the right secret. */
function store() {
  const calls: [TenantScope, string, string][] = [];
  return {
    calls,
    async resume(tenantId: TenantScope, s: string, hash: string) {
      calls.push([tenantId, s, hash]);
      return hash === sha256Hex(secret) && (tenantId === 7 || tenantId === "any")
        ? ({ sid: s, tenantId: 7 } as never)
        : null;
    },
  };
}

describe("the sso_session codec", () => {
  test("writes <tenantId>.<sid>.<secret> and reads it back", () => {
    const v = writeSessionCookie({ tenantId: 7, sid }, secret);
    expect(v).toBe(`7.${sid}.${secret}`);
    expect(readSessionCookie(v)).toEqual({ tenantId: 7, sid, secret });
  });

  test("reads the earlier <sid>.<secret> without a tenant", () => {
    expect(readSessionCookie(`${sid}.${secret}`)).toEqual({ tenantId: null, sid, secret });
  });

  test("a malformed value names nothing", () => {
    for (const v of [
      undefined,
      null,
      "",
      "x",
      `0.${sid}.${secret}`,
      `7.${sid}.short`,
      `7.${sid}.${secret}.x`,
      `-1.${sid}.${secret}`,
    ])
      expect(readSessionCookie(v)).toBeNull();
  });

  test("resumes in the client's tenant; a cookie naming another tenant is null without asking the store", async () => {
    const s = store();
    expect(await resumeFromCookie(s, 7, `7.${sid}.${secret}`, new Date())).not.toBeNull();
    expect(await resumeFromCookie(s, 8, `7.${sid}.${secret}`, new Date())).toBeNull();
    expect(s.calls).toEqual([[7, sid, sha256Hex(secret)]]);
  });

  test("without a client's tenant the cookie names it; an earlier cookie is resumed by sid and secret alone", async () => {
    const s = store();
    expect(await resumeFromCookie(s, "any", `7.${sid}.${secret}`, new Date())).not.toBeNull();
    expect(await resumeFromCookie(s, "any", `${sid}.${secret}`, new Date())).not.toBeNull();
    expect(await resumeFromCookie(s, 7, `${sid}.${secret}`, new Date())).not.toBeNull();
    expect(await resumeFromCookie(s, "any", `7.${sid}.${randomToken(32)}`, new Date())).toBeNull();
    expect(s.calls.map((c) => c[0])).toEqual([7, "any", 7, 7]);
  });
});
