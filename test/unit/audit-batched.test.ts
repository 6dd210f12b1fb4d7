/**
 * The event journal's group commit outside units (src/features/events/service.ts `groupCommit`):
 * entries recorded while a write is on its way are written together, in order; every caller waits
 * for its own entry; a failed batch is written again entry by entry so that only the faulty
 * entry's caller sees the error.
 */
import { describe, expect, test } from "bun:test";
import { AUDIT_BATCH_MAX, createEventJournal, type DomainEvent, type NewAuditEntry } from "../../src/features/events";
import { systemClock } from "../../src/kernel/clock";

const entry = (type: string): DomainEvent => ({ type, tenantId: 1, org: { id: 1, path: "/1/" } });

/** The journal as units.record uses it outside a unit: group commit on. */
const journal = (audit: {
  append(e: NewAuditEntry): Promise<void>;
  appendMany(es: NewAuditEntry[]): Promise<void>;
}) => {
  const j = createEventJournal(
    { audit, webhooks: { subscribers: async () => [] }, outbox: { enqueue: async () => {} } },
    { clock: systemClock, groupCommit: true },
  );
  return { append: (e: DomainEvent) => j.record(e) };
};

function recordingRepo(opts: { failMany?: boolean; bad?: string } = {}) {
  const calls: string[][] = [];
  const stored: string[] = [];
  let release: (() => void) | null = null;
  const gate = () => new Promise<void>((r) => (release = r));
  let first: Promise<void> | null = null;
  return {
    calls,
    stored,
    open: () => release?.(),
    repo: {
      async append(e: NewAuditEntry) {
        calls.push([e.action]);
        if (!first) await (first = gate());
        if (e.action === opts.bad) throw new Error(`bad ${e.action}`);
        stored.push(e.action);
      },
      async appendMany(es: NewAuditEntry[]) {
        calls.push(es.map((e) => e.action));
        if (opts.failMany) throw new Error("batch refused");
        stored.push(...es.map((e) => e.action));
      },
    },
  };
}

describe("audit group commit", () => {
  test("entries appended while one is written go out together, in order, each caller waiting for its own", async () => {
    const r = recordingRepo();
    const audit = journal(r.repo);
    let firstDone = false;
    const a = audit.append(entry("a")).then(() => (firstDone = true));
    await new Promise((res) => setImmediate(res));
    // "a" is on its way (held at the gate); these wait for it.
    const rest = ["b", "c", "d"].map((x) => audit.append(entry(x)));
    await Bun.sleep(5);
    expect(firstDone).toBe(false);
    expect(r.calls).toEqual([["a"]]);
    r.open();
    await Promise.all([a, ...rest]);
    expect(r.calls).toEqual([["a"], ["b", "c", "d"]]);
    expect(r.stored).toEqual(["a", "b", "c", "d"]);
  });

  test("a batch holds at most AUDIT_BATCH_MAX entries; the rest go in the next", async () => {
    const r = recordingRepo();
    const audit = journal(r.repo);
    const a = audit.append(entry("a"));
    await new Promise((res) => setImmediate(res));
    const names = Array.from({ length: AUDIT_BATCH_MAX + 8 }, (_, i) => `e${i}`);
    const rest = names.map((x) => audit.append(entry(x)));
    r.open();
    await Promise.all([a, ...rest]);
    expect(r.calls.map((c) => c.length)).toEqual([1, AUDIT_BATCH_MAX, 8]);
    expect(r.stored).toEqual(["a", ...names]);
  });

  test("a refused batch is written entry by entry: only the faulty entry's caller sees the error", async () => {
    const r = recordingRepo({ failMany: true, bad: "c" });
    const audit = journal(r.repo);
    const a = audit.append(entry("a"));
    await new Promise((res) => setImmediate(res));
    const outcomes = ["b", "c", "d"].map((x) =>
      audit.append(entry(x)).then(
        () => "ok",
        (e: Error) => e.message,
      ),
    );
    r.open();
    await a;
    expect(await Promise.all(outcomes)).toEqual(["ok", "bad c", "ok"]);
    expect(r.stored.sort()).toEqual(["a", "b", "d"]);
  });
});
