/**
 * Units of work. A write use case is a named unit over the few ports it declares:
 *
 *   await unit("roles.assign", ["roles", "events"], async ({ roles, events }) => { … });
 *
 * The scope holds exactly the ports named (the type is `Pick<P, K>`), so a unit cannot reach a
 * port it did not name, and a service's dependency type `Unit<{ roles: RoleRepo; events: … }>`
 * bounds what any of its units may touch. The store decides how the unit is made atomic
 * (docs/decisions.md, "Units of work"): one SQL transaction on PostgreSQL and PGlite.
 */
export type Unit<P> = <K extends keyof P & string, T>(
  name: string,
  ports: readonly K[],
  fn: (scope: Pick<P, K>) => Promise<T>,
) => Promise<T>;

/**
 * Test hook: called before every port call made inside a unit (journal writes included); throwing
 * from it simulates a crash between two writes. Never configured in production.
 */
export interface FaultInjector {
  beforeCall(unit: string, port: string, method: string): void;
}

/** Wraps every method of `port` so `faults.beforeCall` runs first. */
export function withFaults<T extends object>(port: T, unit: string, name: string, faults: FaultInjector): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(port)) {
    out[k] =
      typeof v === "function"
        ? (...args: unknown[]) => {
            faults.beforeCall(unit, name, k);
            return (v as (...a: unknown[]) => unknown).apply(port, args);
          }
        : v;
  }
  return out as T;
}
