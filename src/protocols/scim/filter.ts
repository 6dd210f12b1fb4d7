/**
 * SCIM filters (RFC 7644 §3.4.2.2) through scim2-parse-filter: parsed by the library, checked
 * against the attributes each resource type may be filtered on (CONTRACT §18: `userName`,
 * `externalId`, `emails.value`, `displayName`, and a few more), then tested on the resources with
 * the library's tester, with string comparisons case-insensitive (these attributes are
 * `caseExact: false`, RFC 7643 §4.1.1).
 */
import { parse, Tester, type Filter } from "scim2-parse-filter";
import { invalidFilter } from "./errors";

const FILTERABLE = {
  User: new Set([
    "id",
    "username",
    "externalid",
    "emails",
    "emails.value",
    "emails.type",
    "displayname",
    "name.formatted",
    "active",
    "meta.created",
    "meta.lastmodified",
  ]),
  Group: new Set(["id", "displayname", "externalid", "members", "members.value"]),
};
const SUPPORTED_OPS = new Set(["eq", "ne", "co", "sw", "ew", "pr", "gt", "ge", "lt", "le", "and", "or", "not", "[]"]);
const CORE = /^urn:ietf:params:scim:schemas:core:2\.0:(User|Group):/i;

type CompValue = string | number | boolean | null;
const lower = <T>(v: T): T => (typeof v === "string" ? (v.toLowerCase() as T) : v);

/** The library's tester, comparing strings without regard to case. */
class CaseInsensitiveTester extends Tester {
  override eq(r: unknown, v: CompValue) {
    return lower(r) === lower(v);
  }
  override ne(r: unknown, v: CompValue) {
    return lower(r) !== lower(v);
  }
  override co(r: unknown, v: CompValue) {
    return super.co(lower(r), lower(v));
  }
  override sw(r: unknown, v: CompValue) {
    return super.sw(lower(r), lower(v));
  }
  override ew(r: unknown, v: CompValue) {
    return super.ew(lower(r), lower(v));
  }
}
const tester = new CaseInsensitiveTester();

/** Strips the core schema URN and checks every attribute and operator; invalidFilter otherwise. */
function check(f: Filter, kind: "User" | "Group", prefix = ""): Filter {
  if (!SUPPORTED_OPS.has(f.op)) throw invalidFilter(`The operator "${f.op}" is not supported.`);
  if (f.op === "and" || f.op === "or") return { ...f, filters: f.filters.map((x: Filter) => check(x, kind, prefix)) };
  if (f.op === "not") return { ...f, filter: check(f.filter, kind, prefix) };
  const attrPath = (f as { attrPath: string }).attrPath.replace(CORE, "");
  const full = (prefix ? `${prefix}.${attrPath}` : attrPath).toLowerCase();
  if (!FILTERABLE[kind].has(full)) throw invalidFilter(`The attribute "${attrPath}" cannot be filtered on.`);
  if (f.op === "[]") return { ...f, attrPath, valFilter: check(f.valFilter, kind, attrPath) };
  return { ...f, attrPath } as Filter;
}

/** A checked filter, or invalidFilter (400) for text the grammar refuses or attributes we do not filter on. */
export function parseFilter(text: string, kind: "User" | "Group"): Filter {
  let f: Filter;
  try {
    f = parse(text);
  } catch (e) {
    throw invalidFilter(`The filter cannot be parsed: ${String((e as Error)?.message ?? e).split("\n")[0]}`);
  }
  return check(f, kind);
}

/** Whether the resource matches the filter. */
export const matches = (f: Filter, resource: Record<string, unknown>) => tester.test(resource, f);

/** `userName eq "…"` alone: the one indexed lookup every provider sends before creating a user. */
export function userNameEquals(f: Filter): string | null {
  return f.op === "eq" && f.attrPath.toLowerCase() === "username" && typeof f.compValue === "string"
    ? f.compValue
    : null;
}
