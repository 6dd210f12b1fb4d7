/**
 * The SCIM service provider (RFC 7644, CONTRACT §18) over the users and roles features'
 * provisioning use cases: it authenticates SCIM tokens, maps SCIM resources to users and roles and
 * back, filters and pages lists, and applies PUT and PATCH. It writes nothing itself: every change
 * is a feature's unit of work with its journal event.
 */
import type { Provisioner } from "../../kernel/authz";
import type { ScimCaller } from "../../features/scim-tokens";
import type { GroupProvisioning } from "../../features/roles";
import type { ProvisionedUserInput, UserProvisioning } from "../../features/users";
import type { User } from "../../kernel/users";
import { MAX_RESULTS } from "./discovery";
import { invalidSyntax, invalidValue, notFound, ScimProtocolError, unauthorized } from "./errors";
import { matches, parseFilter, userNameEquals } from "./filter";
import { applyPatch, readOperations } from "./patch";
import { groupResource, listResponse, project, userResource, versionOf } from "./resources";

export interface ScimServiceDeps {
  /** `{issuer}/scim/v2`: the base of every `location`. */
  base: string;
  authenticate(secret: string): Promise<ScimCaller | null>;
  users: UserProvisioning;
  groups: GroupProvisioning;
}

export interface ListQuery {
  filter?: string;
  startIndex?: string;
  count?: string;
  attributes?: string;
  excludedAttributes?: string;
}

type Json = Record<string, unknown>;

/** A SCIM id is our id as a decimal string; anything else names nothing (404). */
function idOf(raw: string, what: string): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw notFound(what);
  return Number(raw);
}

const str = (v: unknown, field: string): string | undefined => {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw invalidValue(`${field} must be a string.`);
  return v;
};
const bool = (v: unknown): boolean | undefined => {
  if (v === undefined || v === null) return undefined;
  if (v === true || v === "True" || v === "true") return true;
  if (v === false || v === "False" || v === "false") return false;
  throw invalidValue("active must be a boolean.");
};

/** The full name a SCIM User carries: displayName, else name.formatted, else given and family names. */
function fullNameOf(b: Json): string | undefined {
  const display = str(b.displayName, "displayName");
  if (display?.trim()) return display.trim().slice(0, 200);
  const name = (b.name ?? {}) as Json;
  const formatted = str(name.formatted, "name.formatted");
  if (formatted?.trim()) return formatted.trim().slice(0, 200);
  const parts = [str(name.givenName, "name.givenName"), str(name.familyName, "name.familyName")].filter((x) =>
    x?.trim(),
  );
  return parts.length ? parts.join(" ").trim().slice(0, 200) : undefined;
}

/** What a User body sets (RFC 7643 §4.1); read-only attributes (`id`, `meta`, `emails`, `groups`) are ignored. */
function userInput(body: unknown): ProvisionedUserInput & { email?: string } {
  if (!body || typeof body !== "object" || Array.isArray(body)) throw invalidSyntax("The body must be a SCIM User.");
  const b = body as Json;
  const externalId = b.externalId === null ? null : str(b.externalId, "externalId");
  return {
    email: str(b.userName, "userName"),
    fullName: fullNameOf(b),
    ...(externalId !== undefined ? { externalId: externalId?.slice(0, 256) || null } : {}),
    active: bool(b.active),
  };
}

/** Paging (RFC 7644 §3.4.2.4): 1-based startIndex (below 1 is 1), count 0..MAX_RESULTS (default 100). */
function paging(q: ListQuery) {
  const num = (v: string | undefined, d: number) => {
    if (v === undefined || v === "") return d;
    const n = Number(v);
    if (!Number.isInteger(n)) throw invalidValue("startIndex and count must be integers.");
    return n;
  };
  const startIndex = Math.max(1, num(q.startIndex, 1));
  const count = Math.min(MAX_RESULTS, Math.max(0, num(q.count, 100)));
  return { startIndex, count };
}

export function createScimService(deps: ScimServiceDeps) {
  const { base } = deps;

  /** The provisioner behind `Authorization: Bearer scim_…`; 401 for anything else (a JWT included). */
  async function authenticate(authorization: string | null, ip: string | null): Promise<Provisioner> {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "");
    const caller = m ? await deps.authenticate(m[1]) : null;
    if (!caller) throw unauthorized();
    return {
      tenantId: caller.org.tenantId,
      org: { id: caller.org.id, tenantId: caller.org.tenantId, path: caller.org.path },
      actorType: "scim_token",
      actorId: caller.token.id,
      ip,
    };
  }

  const user = (u: User) => userResource(base, u);

  function page(resources: Json[], q: ListQuery) {
    const { startIndex, count } = paging(q);
    const slice = resources.slice(startIndex - 1, startIndex - 1 + count).map((r) => project(r, q));
    return listResponse(slice, resources.length, startIndex);
  }

  async function listUsers(a: Provisioner, q: ListQuery) {
    const f = q.filter ? parseFilter(q.filter, "User") : null;
    const exact = f ? userNameEquals(f) : null;
    const candidates =
      exact !== null
        ? [await deps.users.findByEmail(a, exact)].filter((u): u is User => !!u)
        : await deps.users.list(a);
    const resources = candidates.map(user).filter((r) => !f || matches(f, r));
    return page(resources, q);
  }

  const getUser = async (a: Provisioner, id: string, q: ListQuery = {}) =>
    project(user(await deps.users.get(a, idOf(id, "User"))), q);

  async function createUser(a: Provisioner, body: unknown) {
    const input = userInput(body);
    if (!input.email) throw invalidValue("userName (the person's email) is required.");
    const { user: u } = await deps.users.create(a, {
      email: input.email,
      fullName: input.fullName ?? "",
      externalId: input.externalId,
      active: input.active,
    });
    return user(u);
  }

  /** PUT: the body is the whole resource; an attribute it leaves out keeps its value only when read-only. */
  /**
   * RFC 7644 §3.14: with `If-Match`, the change applies only to the version named (else 412). Checked
   * just before the change, not in its unit: two changes racing past the same version both apply.
   */
  async function precondition(a: Provisioner, id: number, ifMatch: string | null | undefined) {
    if (!ifMatch || ifMatch.trim() === "*") return;
    const current = versionOf((await deps.users.get(a, id)).updatedAt);
    if (!ifMatch.split(",").some((t) => t.trim() === current))
      throw new ScimProtocolError("precondition_failed", "The user has changed since that version (If-Match).");
  }

  async function replaceUser(a: Provisioner, id: string, body: unknown, ifMatch?: string | null) {
    await precondition(a, idOf(id, "User"), ifMatch);
    const input = userInput(body);
    if (!input.email) throw invalidValue("userName (the person's email) is required.");
    const u = await deps.users.update(a, idOf(id, "User"), {
      email: input.email,
      ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
      externalId: input.externalId ?? null,
      ...(input.active !== undefined ? { active: input.active } : {}),
    });
    return user(u);
  }

  async function patchUser(a: Provisioner, id: string, body: unknown, ifMatch?: string | null) {
    await precondition(a, idOf(id, "User"), ifMatch);
    const ops = readOperations(body);
    const current = await deps.users.get(a, idOf(id, "User"));
    const before = user(current);
    const after = applyPatch(before, ops) as Json;
    const input: ProvisionedUserInput = {};
    if (after.userName !== before.userName) input.email = str(after.userName, "userName") ?? "";
    const name = (after.name ?? {}) as Json;
    const beforeName = (before.name ?? {}) as Json;
    if (after.displayName !== before.displayName) input.fullName = str(after.displayName, "displayName") ?? "";
    else if (name.formatted !== beforeName.formatted) input.fullName = str(name.formatted, "name.formatted") ?? "";
    else if (name.givenName !== undefined || name.familyName !== undefined)
      input.fullName =
        fullNameOf({ name: { givenName: name.givenName, familyName: name.familyName } }) ?? current.fullName;
    if (after.externalId !== before.externalId)
      input.externalId = after.externalId === undefined ? null : (str(after.externalId, "externalId") ?? null);
    if (after.active !== before.active) input.active = bool(after.active) ?? true;
    if (!Object.keys(input).length) return before;
    return user(await deps.users.update(a, current.id, input));
  }

  async function deleteUser(a: Provisioner, id: string, ifMatch?: string | null) {
    await precondition(a, idOf(id, "User"), ifMatch);
    await deps.users.deprovision(a, idOf(id, "User"));
  }

  // Groups

  async function listGroups(a: Provisioner, q: ListQuery) {
    const f = q.filter ? parseFilter(q.filter, "Group") : null;
    const resources = (await deps.groups.list(a)).map((g) => groupResource(base, g)).filter((r) => !f || matches(f, r));
    return page(resources, q);
  }

  const getGroup = async (a: Provisioner, id: string, q: ListQuery = {}) =>
    project(groupResource(base, await deps.groups.get(a, idOf(id, "Group"))), q);

  /** Member ids of a Group body's `members` (each `{ value }`); invalidValue for anything else. */
  function memberIds(members: unknown): number[] {
    if (members === undefined || members === null) return [];
    if (!Array.isArray(members)) throw invalidValue("members must be a list.");
    return members.map((m) => {
      const v = (m as Json | null)?.value;
      if (typeof v !== "string" || !/^[1-9]\d{0,15}$/.test(v))
        throw invalidValue("Every member needs the value of a User id.");
      return Number(v);
    });
  }

  const displayNameOf = (b: Json) => {
    const name = str(b.displayName, "displayName")?.trim();
    if (!name) throw invalidValue("displayName is required.");
    if (name.length > 100) throw invalidValue("displayName is at most 100 characters.");
    return name;
  };

  /** A Group body's externalId (absent or empty: none). */
  const externalIdOf = (b: Json) => str(b.externalId, "externalId")?.slice(0, 256) || null;

  async function createGroup(a: Provisioner, body: unknown) {
    const b = (body ?? {}) as Json;
    const name = displayNameOf(b);
    const members = memberIds(b.members);
    const role = await deps.groups.create(a, name, externalIdOf(b));
    if (members.length) await deps.groups.changeMembers(a, role, members, []);
    return groupResource(base, await deps.groups.get(a, role.id));
  }

  async function replaceGroup(a: Provisioner, id: string, body: unknown) {
    const b = (body ?? {}) as Json;
    let role = await deps.groups.group(a, idOf(id, "Group"));
    role = await deps.groups.rename(a, role, displayNameOf(b));
    role = await deps.groups.setExternalId(a, role, externalIdOf(b));
    await deps.groups.setMembers(a, role, memberIds(b.members));
    return groupResource(base, await deps.groups.get(a, role.id));
  }

  async function patchGroup(a: Provisioner, id: string, body: unknown) {
    const ops = readOperations(body);
    const g = await deps.groups.get(a, idOf(id, "Group"));
    const before = groupResource(base, g);
    const after = applyPatch(before, ops) as Json;
    let role = g.role;
    if (after.displayName !== before.displayName) role = await deps.groups.rename(a, role, displayNameOf(after));
    if (after.externalId !== before.externalId) role = await deps.groups.setExternalId(a, role, externalIdOf(after));
    const had = new Set(g.members.map((u) => u.id));
    const want = new Set(memberIds(after.members ?? []));
    await deps.groups.changeMembers(
      a,
      role,
      [...want].filter((x) => !had.has(x)),
      [...had].filter((x) => !want.has(x)),
    );
    return groupResource(base, await deps.groups.get(a, role.id));
  }

  async function deleteGroup(a: Provisioner, id: string) {
    const role = await deps.groups.group(a, idOf(id, "Group"));
    await deps.groups.remove(a, role);
  }

  return {
    authenticate,
    listUsers,
    getUser,
    createUser,
    replaceUser,
    patchUser,
    deleteUser,
    listGroups,
    getGroup,
    createGroup,
    replaceGroup,
    patchGroup,
    deleteGroup,
  };
}

export type ScimService = ReturnType<typeof createScimService>;
