/** Translates driver errors into the domain's vocabulary, so services never see SQL errors. */
import { ConflictError, UnavailableError } from "../../src/kernel/errors";

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "ENOTFOUND", "EPIPE", "EHOSTUNREACH",
  "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT",
  "57P01", "57P02", "57P03", "53300", "08000", "08003", "08006", "08001", "08004",
]);

function* chain(e: unknown): Generator<Record<string, unknown>> {
  let cur: unknown = e;
  for (let i = 0; i < 6 && cur && typeof cur === "object"; i++) {
    yield cur as Record<string, unknown>;
    cur = (cur as { cause?: unknown }).cause;
  }
}

/** Returns a domain error for known driver failures, or the original error. */
export function translatePgError(e: unknown): unknown {
  if (e instanceof ConflictError || e instanceof UnavailableError) return e;
  for (const c of chain(e)) {
    const code = typeof c.code === "string" ? c.code : undefined;
    if (code === "23505") return new ConflictError(String(c.constraint_name ?? c.constraint ?? "unique"));
    if (code && UNAVAILABLE_CODES.has(code)) return new UnavailableError(e);
    if (typeof c.message === "string" && /PGlite is closed|connection (terminated|closed)|Connection closed/i.test(c.message)) return new UnavailableError(e);
  }
  return e;
}

/** Wraps every async method of a repository so driver errors are translated at the adapter edge. */
export function guarded<T extends object>(repo: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(repo)) {
    out[k] =
      typeof v === "function"
        ? async (...args: unknown[]) => {
            try {
              return await (v as (...a: unknown[]) => unknown).apply(repo, args);
            } catch (e) {
              throw translatePgError(e);
            }
          }
        : v;
  }
  return out as T;
}
