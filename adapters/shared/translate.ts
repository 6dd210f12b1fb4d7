/**
 * The one way an adapter puts its error vocabulary on a port: every async method of `port` is
 * wrapped so a driver error leaves it only as `translate(error)` (a domain error, or the original
 * for an unknown failure), after an optional check of the arguments.
 */
export function translating<T extends object>(
  port: T,
  translate: (e: unknown) => unknown,
  checkArgs?: (args: unknown[]) => void,
): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(port)) {
    out[k] =
      typeof v === "function"
        ? async (...args: unknown[]) => {
            checkArgs?.(args);
            try {
              return await (v as (...a: unknown[]) => unknown).apply(port, args);
            } catch (e) {
              throw translate(e);
            }
          }
        : v;
  }
  return out as T;
}
