/**
 * What every step of an import plan shares (SPEC 4.10; CONTRACT §8): the error list (every row
 * error is reported, none thrown), the failed externalIds per kind, reference lookups against
 * earlier imports, and id allocation (real ids inside a commit, placeholders for a dry run).
 */
import { sha256Hex } from "../../kernel/secrets";
import type { AppRepo } from "../apps/ports";
import type { OrgRepo, TenantRepo } from "../orgs/ports";
import type { RoleRepo } from "../roles/ports";
import type { ImportKind, ImportRef, ImportRepo } from "./ports";
import type { ImportError, ImportReport, Kind } from "./request";
import type { ImportTarget } from "./target";

/** The ports planning reads: the service's own for a dry run, the unit's inside a commit. */
export interface ReadPorts {
  imports: ImportRepo;
  orgs: OrgRepo;
  tenants: TenantRepo;
  apps: AppRepo;
  roles: RoleRepo;
}

/** A planned entity: created (new id), updated (existing id, changed fields) or skipped (existing, unchanged). */
export interface Planned<T> {
  externalId: string;
  action: "create" | "update" | "skip";
  id: number;
  fp: string;
  rec: T;
}

export type PlanContext = ReturnType<typeof createPlanContext>;

/** Fingerprint of a record's imported fields: a re-run with the same fingerprint is skipped. */
export const fingerprint = (o: unknown) => sha256Hex(JSON.stringify(o)).slice(0, 32);

/** The row error for a reference that resolves neither in the payload nor to an earlier import. */
export const missing = (what: string, externalId: string) =>
  `no ${what} "${externalId}" in the payload or imported before`;

/** Whether an entity imported before changed since (its fingerprint), or is new. */
export const actionOf = (prior: ImportRef | undefined, fp: string): Planned<unknown>["action"] =>
  !prior ? "create" : prior.fingerprint === fp ? "skip" : "update";

/** The planned entry of a record: its id and earlier ref (from `idFor`), fingerprint and what a commit does. */
export const plannedOf = <T extends { externalId: string }>(
  rec: T,
  prior: ImportRef | undefined,
  id: number,
  fp: string,
): Planned<T> => ({ externalId: rec.externalId, action: actionOf(prior, fp), id, fp, rec });

export function createPlanContext(where: ImportTarget, allocate: boolean, ports: ReadPorts) {
  const errors: ImportError[] = [];
  const err = (entityType: Kind, externalId: string, field: string, message: string) =>
    errors.push({ entityType, externalId, field, message });
  const tenantId = where.tenantId;
  const refsOf = async (kind: ImportKind, ids: string[]) =>
    tenantId === null ? new Map<string, ImportRef>() : ports.imports.findRefs(tenantId, kind, ids);
  const failedIds: Record<Kind, Set<string>> = {
    organizations: new Set(),
    applications: new Set(),
    permissions: new Set(),
    roles: new Set(),
    users: new Set(),
    assignments: new Set(),
  };
  const fail = (kind: Kind, externalId: string, field: string, message: string) => {
    failedIds[kind].add(externalId);
    err(kind, externalId, field, message);
  };

  /** The records of a kind without duplicate or missing externalIds (each reported). */
  function unique<T extends { externalId?: string }>(kind: Kind, list: T[]): T[] {
    const seen = new Set<string>();
    const out: T[] = [];
    for (const rec of list) {
      const id = typeof rec.externalId === "string" ? rec.externalId : "";
      if (!id) fail(kind, "", "externalId", "is required");
      else if (seen.has(id)) fail(kind, id, "externalId", "appears more than once in the payload");
      else {
        seen.add(id);
        out.push(rec);
      }
    }
    return out;
  }

  /**
   * Ids for a kind's records: an earlier import's for those in `refs`, new ones for the rest, handed
   * out in payload order (call the result once per record, in order).
   */
  async function idsFor(
    kind: "organizations" | "applications" | "permissions" | "roles" | "users",
    list: { externalId: string }[],
    refs: Map<string, ImportRef>,
  ) {
    const n = list.filter((x) => !refs.has(x.externalId)).length;
    const fresh = allocate ? await ports.imports.allocateIds(kind, n) : Array.from({ length: n }, (_, i) => -(i + 1));
    let next = 0;
    return (externalId: string) => {
      const prior = refs.get(externalId);
      return { prior, id: prior ? prior.entityId : fresh[next++] };
    };
  }

  /**
   * A kind's records without duplicates, the refs of those (and of `also`) imported before, and
   * `idFor`: ids for the records, an earlier import's or new ones.
   */
  async function records<T extends { externalId: string }>(
    kind: "organizations" | "applications" | "permissions" | "roles" | "users",
    payload: T[] | undefined,
    also: (list: T[]) => string[] = () => [],
  ) {
    const list = unique(kind, payload ?? []);
    const refs = await refsOf(kind, [...list.map((x) => x.externalId), ...also(list)]);
    return { list, refs, idFor: await idsFor(kind, list, refs) };
  }

  /** A kind's report counts: what is planned, less the records that failed. */
  const count = <T>(kind: Kind, m: Map<string, Planned<T>>): ImportReport["counts"][Kind] => {
    const ok = [...m.values()].filter((x) => !failedIds[kind].has(x.externalId));
    return {
      created: ok.filter((x) => x.action === "create").length,
      updated: ok.filter((x) => x.action === "update").length,
      skipped: ok.filter((x) => x.action === "skip").length,
      failed: failedIds[kind].size,
    };
  };

  return { where, tenantId, ports, errors, err, fail, failedIds, refsOf, records, count };
}
