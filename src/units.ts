/**
 * The unit-of-work runner over the primary store: builds each unit's scope from the ports it
 * names, with the event journal bound to the same atomic scope, so the change, its audit entry and
 * its outbox rows commit together or not at all. Built once by the composition root.
 */
import { createEventJournal, isWebhookEvent, type DomainEvent, type EventJournal } from "./features/events";
import type { AuditRepo } from "./features/audit/ports";
import type { Clock } from "./kernel/clock";
import { withFaults, type FaultInjector, type Unit } from "./kernel/unit";
import type { PrimaryStore, Repos } from "./stores";

/**
 * Every port a unit may name. Audit entries and outbox rows are written only through `events`;
 * the audit port offers a unit nothing but the erasure scrub.
 */
export type UnitPorts = Omit<Repos, "tokenContext" | "leases" | "audit" | "outbox"> & {
  events: EventJournal;
  audit: Pick<AuditRepo, "scrubUser">;
};
export type PortName = keyof UnitPorts;

export interface Units {
  unit: Unit<UnitPorts>;
  /**
   * Records an event that changes nothing else (a sign-in, a logout). An event that fills the
   * outbox runs as a unit of its own; one that only appends an audit entry is a single atomic write.
   */
  record(e: DomainEvent): Promise<void>;
  /** Called after a unit that enqueued webhook deliveries has committed. */
  onOutboxFilled(listener: () => void): void;
}

/**
 * Ports whose writes no directory cache reads (kernel/directory-cache.ts: token contexts read
 * users, orgs, roles; the application, client and claims-mapping caches read apps, clients, orgs,
 * claims, tenants; the sign-ins' connection lists read connections; imports bulk-inserts all of these). A unit that names any other port moves the directory's version on
 * (`afterDirectoryChange`), so a port added later counts as directory data until it is listed here.
 */
const OUTSIDE_DIRECTORY: ReadonlySet<string> = new Set([
  "events",
  "audit",
  "devices",
  "oneTimeTokens",
  "keys",
  "webhooks",
  "socialIdentities",
  "consents",
  "passkeys",
  "samlProviders",
  "domains",
  "scimTokens",
  "externalIdentities",
]);
const touchesDirectory = (ports: readonly string[]) => ports.some((p) => !OUTSIDE_DIRECTORY.has(p));

export function createUnits(
  store: PrimaryStore,
  deps: {
    clock: Clock;
    faults?: FaultInjector;
    /**
     * Moves the directory's version on (kernel/directory-cache.ts); awaited after a unit that may
     * have changed cached directory data commits, before the unit returns. It must not throw.
     */
    afterDirectoryChange?: () => Promise<void>;
  },
): Units {
  const { faults, clock, afterDirectoryChange } = deps;
  const filledListeners: (() => void)[] = [];
  const port = <T extends object>(unit: string, name: string, p: T): T =>
    faults ? withFaults(p, unit, name, faults) : p;

  function scopeOf(
    name: string,
    tx: Repos,
    ports: readonly string[],
    filled: { outbox: boolean },
  ): Record<string, unknown> {
    const scope: Record<string, unknown> = Object.create(null);
    for (const p of ports) {
      if (p === "events")
        scope.events = createEventJournal(
          {
            audit: port(name, "audit", tx.audit),
            webhooks: port(name, "webhooks", tx.webhooks),
            outbox: port(name, "outbox", tx.outbox),
          },
          { clock, onEnqueued: () => (filled.outbox = true) },
        );
      else if (p === "audit") scope.audit = port(name, "audit", { scrubUser: tx.audit.scrubUser });
      else if (p in tx && p !== "tokenContext" && p !== "leases" && p !== "outbox")
        scope[p] = port(name, p, (tx as unknown as Record<string, object>)[p]);
      else throw new Error(`unit "${name}" names an unknown port "${p}"`);
    }
    return scope;
  }

  const unit: Unit<UnitPorts> = async (name, ports, fn) => {
    const filled = { outbox: false };
    const advances = afterDirectoryChange && touchesDirectory(ports) ? afterDirectoryChange : null;
    let result: Awaited<ReturnType<typeof fn>>;
    try {
      result = await store.transaction((tx) => fn(scopeOf(name, tx, ports, filled) as never));
    } finally {
      // After a failure too: an intent-journal store showed the unit's writes before undoing them,
      // and a failed retry of a change whose first answer was lost (a crash between its commit and
      // its advance) must not leave that change unannounced.
      if (advances) await advances();
    }
    // Committed: deliveries it enqueued may go out now (the delivery job's nudge).
    if (filled.outbox) for (const l of filledListeners) l();
    return result;
  };
  // An event that changes nothing else is one audit entry: written with those of concurrent requests
  // as one statement (group commit, features/events/service.ts), each caller still awaiting its own.
  const direct = createEventJournal(
    { audit: store.audit, webhooks: store.webhooks, outbox: store.outbox },
    { clock, groupCommit: true },
  );

  return {
    unit,
    onOutboxFilled: (listener) => void filledListeners.push(listener),
    record: (e) =>
      isWebhookEvent(e.type) || e.logoutNotices?.length || faults
        ? unit(e.type, ["events"], ({ events }) => events.record(e))
        : direct.record(e),
  };
}
