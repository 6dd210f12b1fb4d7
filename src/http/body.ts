/**
 * The one JSON body reader of the API (every route but /oauth2/token, which parses its own form).
 * - Size: the same cap with or without Content-Length (chunked bodies are counted as they arrive).
 * - Media type: only `application/json` and `+json` types; anything else is 415, so a plain HTML form
 *   on another site cannot post to a JSON route (login CSRF, cookie-authenticated state changes).
 * - Keys: `__proto__`, `constructor` and `prototype` anywhere in the document are refused (400) before
 *   any code sees the object, so no input can reach an object's prototype.
 * - Encoding: the body must be valid UTF-8 JSON.
 * An empty body is "no body" (""), whatever its declared type.
 */
import { DomainError } from "../kernel/errors";

const MiB = 1024 * 1024;
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const MAYBE_FORBIDDEN = /__proto__|constructor|prototype|\\u/;
/** Deepest nesting of objects and arrays a body may have (no payload of this API needs more than a few). */
export const MAX_DEPTH = 64;

/** The deepest nesting of `[`/`{` in JSON text, ignoring brackets inside strings. */
function depthOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > max) max = depth;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

export const isJsonMediaType = (contentType: string | null | undefined) => {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
};

async function readCapped(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new DomainError("PAYLOAD_TOO_LARGE", `The request body is larger than ${limit / MiB} MiB.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

const badJson = (message: string, detail = "The request body is not valid JSON.") =>
  new DomainError("VALIDATION_FAILED", detail, { errors: [{ field: "body", message }] });

/**
 * Parses `text` as JSON, refusing prototype-bearing keys at any depth. The plain parser runs when
 * the text cannot spell such a key (none of the three names, no \u escape); otherwise a reviver
 * inspects every key as parsed, escapes decoded.
 */
export function parseJsonStrict(text: string): unknown {
  // Deep nesting would exhaust the stack of the validators that walk the value after parsing.
  if (text.length > 2 * MAX_DEPTH && depthOf(text) > MAX_DEPTH)
    throw badJson(`nests deeper than ${MAX_DEPTH} levels`, `The request body nests deeper than ${MAX_DEPTH} levels.`);
  if (!MAYBE_FORBIDDEN.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      throw badJson("could not be parsed");
    }
  }
  let refused: string | null = null;
  let value: unknown;
  try {
    value = JSON.parse(text, function (key, v) {
      if (FORBIDDEN_KEYS.has(key)) refused ??= key;
      return v;
    });
  } catch {
    // Syntax errors, and nesting too deep for the parser.
    throw badJson("could not be parsed");
  }
  if (refused)
    throw new DomainError("VALIDATION_FAILED", `The key "${refused}" is not accepted anywhere in a request body.`, {
      errors: [{ field: "body", message: `contains the key "${refused}"` }],
    });
  return value;
}

/** Reads and parses a JSON request body under `limit` bytes; "" when there is none. */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  if (!request.body) return undefined;
  // A declared length was checked against the limit before this runs: read it natively.
  const bytes = request.headers.has("content-length")
    ? new Uint8Array(await request.arrayBuffer())
    : await readCapped(request.body, limit);
  if (bytes.byteLength === 0) return "";
  if (!isJsonMediaType(request.headers.get("content-type")))
    throw new DomainError(
      "UNSUPPORTED_MEDIA_TYPE",
      "This endpoint takes a JSON body: send it with Content-Type: application/json.",
    );
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw badJson("is not valid UTF-8", "The request body is not valid UTF-8.");
  }
  const value = parseJsonStrict(text);
  // Every JSON body of this API is an object; an array, string, number or null is refused here,
  // before a route whose fields are all optional could take it for an empty object.
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new DomainError("VALIDATION_FAILED", "The request body must be a JSON object.", {
      errors: [{ field: "body", message: "must be a JSON object" }],
    });
  return value;
}
