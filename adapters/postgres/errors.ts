/** Translates driver errors into the domain's vocabulary, so services never see SQL errors. */
import { ConflictError, DomainError, UnavailableError } from "../../src/kernel/errors";
import { translating } from "../shared/translate";

const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "EHOSTUNREACH",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "08000",
  "08003",
  "08006",
  "08001",
  "08004",
  // A read replica cancels a query that conflicts with replay (the service runs READ COMMITTED, so
  // the primary never raises it): worth a retry, like an unreachable store.
  "40001",
]);

function* chain(e: unknown): Generator<Record<string, unknown>> {
  let cur: unknown = e;
  for (let i = 0; i < 6 && cur && typeof cur === "object"; i++) {
    yield cur as Record<string, unknown>;
    cur = (cur as { cause?: unknown }).cause;
  }
}

/** Returns a domain error for known driver failures, or the original error. */
/**
 * Data exceptions (class 22) come from values the request carried that the column cannot hold: a NUL
 * character in text, an id beyond 64 bits, a malformed number. They are the caller's to fix.
 */
const BAD_VALUE_CODES = new Set(["22021", "22P05", "22003", "22P02", "22001", "22008", "22007"]);

export function translatePgError(e: unknown): unknown {
  if (e instanceof DomainError) return e;
  for (const c of chain(e)) {
    const code = typeof c.code === "string" ? c.code : undefined;
    if (code === "23505") return new ConflictError(String(c.constraint_name ?? c.constraint ?? "unique"));
    if (code && BAD_VALUE_CODES.has(code))
      return new DomainError(
        "VALIDATION_FAILED",
        "A value in the request cannot be stored or compared: it contains a NUL character, is out of range (ids are 64-bit), or is malformed.",
        {
          errors: [{ field: "request", message: "contains a value out of range or a NUL character" }],
        },
      );
    if (code && UNAVAILABLE_CODES.has(code)) return new UnavailableError(e);
    if (
      typeof c.message === "string" &&
      /PGlite is closed|connection (terminated|closed)|Connection closed/i.test(c.message)
    )
      return new UnavailableError(e);
  }
  return e;
}

/** Wraps every async method of a repository so driver errors are translated at the adapter edge. */
export function guarded<T extends object>(repo: T): T {
  return translating(repo, translatePgError);
}
