/**
 * A JSON value as Postgres prints a jsonb value (`jsonb::text`): `", "` and `": "` between items,
 * object keys ordered by their UTF-8 length and then bytewise, later duplicates already gone. The
 * MongoDB adapter stores audit metadata in this form so the audit `q` filter matches the same
 * text on every store (a search for `"mode": "web"` finds the same entries).
 */
export function jsonbText(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (typeof value === "object" && typeof (value as { toJSON?: unknown }).toJSON === "function")
    return jsonbText((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined || typeof v === "function" ? "null" : jsonbText(v))).join(", ")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(
      ([, v]) => v !== undefined && typeof v !== "function",
    );
    const keyed = entries.map(([k, v]) => [Buffer.from(k, "utf8"), k, v] as const);
    keyed.sort(([a], [b]) => a.length - b.length || Buffer.compare(a, b));
    return `{${keyed.map(([, k, v]) => `${JSON.stringify(k)}: ${jsonbText(v)}`).join(", ")}}`;
  }
  // Strings, finite numbers and booleans print as JSON does; NaN and ±Infinity become null, as in JSON.
  return JSON.stringify(value) ?? "null";
}
