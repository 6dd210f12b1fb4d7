/**
 * RFC 7644 §3.5.2 PATCH, applied by scim-patch to the resource as we render it; the caller reads
 * back what changed. Before that, the forms providers send are brought to the RFC's: operation
 * names in any case (Entra ID's `Replace`), Entra's `"True"`/`"False"` strings for booleans, a
 * `value` object without `path` (Entra, Okta) and `members` removal by `value` list (Entra).
 */
import { scimPatch, ScimError, type ScimPatchOperation } from "scim-patch";
import { invalidSyntax, invalidValue, noTarget } from "./errors";
import { PATCH_SCHEMA } from "./resources";

const BOOLEAN_PATHS = new Set(["active", "emails.primary", "primary"]);
const asBoolean = (v: unknown) => (v === "True" || v === "true" ? true : v === "False" || v === "false" ? false : v);

/** Entra ID sends `"True"`/`"False"` for booleans (its SCIM compatibility notes); they are booleans. */
function booleans(value: unknown, path: string | undefined): unknown {
  if (path && BOOLEAN_PATHS.has(path.toLowerCase())) return asBoolean(value);
  if (value && typeof value === "object" && !Array.isArray(value))
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        BOOLEAN_PATHS.has(k.toLowerCase()) ? asBoolean(v) : v,
      ]),
    );
  return value;
}

/** The operations of a PatchOp body, in the RFC's form; invalidSyntax when the body is not one. */
export function readOperations(body: unknown): ScimPatchOperation[] {
  const b = body as { schemas?: unknown; Operations?: unknown } | null;
  if (!b || typeof b !== "object" || !Array.isArray(b.schemas) || !b.schemas.includes(PATCH_SCHEMA))
    throw invalidSyntax(`A PATCH body is a ${PATCH_SCHEMA} message.`);
  if (!Array.isArray(b.Operations) || !b.Operations.length) throw invalidSyntax("Operations must be a non-empty list.");
  return b.Operations.flatMap((raw: unknown): ScimPatchOperation[] => {
    const o = raw as { op?: unknown; path?: unknown; value?: unknown };
    if (!o || typeof o !== "object" || typeof o.op !== "string") throw invalidSyntax("Every operation needs an op.");
    const op = o.op.toLowerCase();
    if (op !== "add" && op !== "replace" && op !== "remove") throw invalidSyntax(`Unknown op "${o.op}".`);
    const path = typeof o.path === "string" && o.path.trim() ? o.path.trim() : undefined;
    if (o.path !== undefined && typeof o.path !== "string") throw invalidSyntax("path must be a string.");
    if (op === "remove") {
      if (!path) throw noTarget("remove needs a path.");
      // Entra ID removes members by a value list: one filtered removal per listed value.
      if (
        Array.isArray(o.value) &&
        /^[a-z$]+$/i.test(path) &&
        o.value.every((v) => typeof (v as { value?: unknown })?.value === "string")
      )
        return o.value.map((v) => ({
          op,
          path: `${path}[value eq ${JSON.stringify((v as { value: string }).value)}]`,
        }));
      return ["value" in o ? ({ op, path, value: o.value } as ScimPatchOperation) : { op, path }];
    }
    if (!("value" in o)) throw invalidSyntax(`${op} needs a value.`);
    return [{ op, ...(path ? { path } : {}), value: booleans(o.value, path) } as ScimPatchOperation];
  });
}

/** The resource after the operations (the input is left as it was); library refusals are SCIM 400s. */
export function applyPatch<T extends Record<string, unknown>>(resource: T, ops: ScimPatchOperation[]): T {
  try {
    return scimPatch(structuredClone(resource) as never, ops, { mutateDocument: false, treatMissingAsAdd: true }) as T;
  } catch (e) {
    if (e instanceof ScimError) {
      const msg = String((e as Error).message).split("\n")[0];
      throw /target|no path/i.test(msg) ? noTarget(msg) : invalidValue(msg);
    }
    throw e;
  }
}
