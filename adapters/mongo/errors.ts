/** Translates MongoDB driver errors into the domain's vocabulary, so services never see driver errors. */
import { ConflictError, DomainError, UnavailableError } from "../../src/kernel/errors";
import { translating } from "../shared/translate";

const UNAVAILABLE_NAMES =
  /^(MongoNetworkError|MongoNetworkTimeoutError|MongoServerSelectionError|MongoTopologyClosedError|MongoNotConnectedError|PoolClearedError|PoolClosedError|MongoPoolClearedError|MongoPoolClosedError)$/;
/** Transient server states (elections, shutdown, timeouts): retry later, 503. */
const TRANSIENT_CODES = new Set([6, 7, 89, 91, 189, 262, 50, 9001, 10107, 11600, 11602, 13435, 13436]);
const TRANSIENT_NAMES =
  /^(MongoWriteConcernError|MongoOperationTimeoutError|MongoServerClosedError|MongoRuntimeError)$/;
/** Server codes for values the request carried that a document cannot hold ($-prefixed or dotted keys, bad values). */
const BAD_VALUE_CODES = new Set([2, 52, 55, 57, 17260]);

function* chain(e: unknown): Generator<Record<string, unknown>> {
  let cur: unknown = e;
  for (let i = 0; i < 6 && cur && typeof cur === "object"; i++) {
    yield cur as Record<string, unknown>;
    cur = (cur as { cause?: unknown }).cause;
  }
}

export function translateMongoError(e: unknown): unknown {
  if (e instanceof DomainError) return e;
  for (const c of chain(e)) {
    const code = typeof c.code === "number" ? c.code : undefined;
    if (code === 11000 || code === 11001) {
      const pattern =
        c.keyPattern && typeof c.keyPattern === "object" ? Object.keys(c.keyPattern as object).join("_") : "unique";
      return new ConflictError(pattern);
    }
    if (typeof c.name === "string" && (UNAVAILABLE_NAMES.test(c.name) || TRANSIENT_NAMES.test(c.name)))
      return new UnavailableError(e);
    if (code !== undefined && TRANSIENT_CODES.has(code)) return new UnavailableError(e);
    const labels = c.errorLabelSet instanceof Set ? (c.errorLabelSet as Set<string>) : null;
    if (
      labels &&
      (labels.has("RetryableWriteError") || labels.has("ResetPool") || labels.has("TransientTransactionError"))
    )
      return new UnavailableError(e);
    if (code !== undefined && BAD_VALUE_CODES.has(code))
      return new DomainError(
        "VALIDATION_FAILED",
        "A value in the request cannot be stored: it is out of range or uses a reserved key.",
        {
          errors: [{ field: "request", message: "contains a value out of range or a reserved key" }],
        },
      );
    if (c.name === "BSONError" || c.name === "BSONVersionError")
      return new DomainError("VALIDATION_FAILED", "A value in the request cannot be stored.", {
        errors: [{ field: "request", message: "contains a value that cannot be stored" }],
      });
  }
  return e;
}

const BIGINT_MAX = 9_223_372_036_854_775_807;

/**
 * Values no store column can hold, refused as the SQL adapter's database refuses them (a NUL
 * character in text, a number beyond 64 bits): MongoDB would store them, and the API promises the
 * same answer on every store.
 */
function unstorable(v: unknown, depth = 0): boolean {
  if (typeof v === "string") return v.includes("\u0000");
  if (typeof v === "number") return !Number.isFinite(v) || Math.abs(v) > BIGINT_MAX;
  if (depth > 4 || v === null || typeof v !== "object" || v instanceof Date) return false;
  if (Array.isArray(v)) return v.some((x) => unstorable(x, depth + 1));
  for (const [k, x] of Object.entries(v)) if (unstorable(k, depth + 1) || unstorable(x, depth + 1)) return true;
  return false;
}

const badValue = () =>
  new DomainError(
    "VALIDATION_FAILED",
    "A value in the request cannot be stored or compared: it contains a NUL character, is out of range (ids are 64-bit), or is malformed.",
    {
      errors: [{ field: "request", message: "contains a value out of range or a NUL character" }],
    },
  );

/** Wraps every async method of a repository so driver errors are translated at the adapter edge. */
export function guarded<T extends object>(repo: T): T {
  return translating(repo, translateMongoError, (args) => {
    if (args.some((a) => unstorable(a))) throw badValue();
  });
}
