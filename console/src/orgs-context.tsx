/** @jsxImportSource preact */
/**
 * The organizations the signed-in user can pick from: every org in reach (ORG_MANAGE lists them),
 * else the orgs of the user's own memberships. Pages use it for their organization pickers.
 */
import { createContext, type ComponentChildren } from "preact";
import { useContext } from "preact/hooks";
import { api, can, currentClaims, ok, type Answer } from "./api";
import { useAsync } from "./ui";

/** The fields of an organization the console uses (a membership fills the ones it has). */
export type Org = Pick<
  Answer<"/api/organizations", "get">["items"][number],
  "id" | "tenantId" | "parentId" | "path" | "type" | "name" | "slug" | "status"
>;

interface OrgsState {
  orgs: Org[];
  loading: boolean;
  error: unknown;
  reload: () => void;
  name: (id: number) => string;
}

const Ctx = createContext<OrgsState>({ orgs: [], loading: true, error: null, reload: () => {}, name: String });

async function loadOrgs(): Promise<Org[]> {
  if (!can("ORG_MANAGE")) {
    const mine = await ok(api.GET("/api/users/me/memberships"));
    return mine.map((m) => ({
      id: m.organizationId,
      tenantId: m.tenantId,
      parentId: null,
      path: m.path,
      type: "",
      name: m.name,
      slug: "",
      status: m.status as Org["status"],
    }));
  }
  const out: Org[] = [];
  let after: string | undefined;
  // Cursor pages of 100; an administrator's reach rarely holds more than a few thousand orgs.
  for (let i = 0; i < 50; i++) {
    const page = await ok(api.GET("/api/organizations", { params: { query: { size: 100, after } } }));
    out.push(...page.items);
    if (!page.hasNext || !page.nextCursor) break;
    after = page.nextCursor;
  }
  return out;
}

export function OrgsProvider({ children, sessionKey }: { children: ComponentChildren; sessionKey: string }) {
  const s = useAsync(loadOrgs, [sessionKey]);
  const orgs = s.data ?? [];
  const names = new Map(orgs.map((o) => [o.id, o.name]));
  return (
    <Ctx.Provider
      value={{ orgs, loading: s.loading, error: s.error, reload: s.reload, name: (id) => names.get(id) ?? `#${id}` }}
    >
      {children}
    </Ctx.Provider>
  );
}

export const useOrgs = () => useContext(Ctx);

/** Org options for a <Select>, indented by depth in the tree. */
export function orgOptions(orgs: Org[]): { value: number; label: string }[] {
  const depth = (o: Org) => o.path.split("/").filter(Boolean).length - 2;
  return [...orgs]
    .sort((a, b) => a.path.localeCompare(b.path))
    .map((o) => ({ value: o.id, label: `${"\u2003".repeat(Math.max(0, depth(o)))}${o.name}` }));
}

/**
 * The options of a page's organization picker: the orgs in reach, or (before they load, or without
 * ORG_MANAGE and memberships) the token's active org alone.
 */
export function useOrgChoices(): { value: number; label: string }[] {
  const { orgs } = useOrgs();
  const c = currentClaims();
  if (orgs.length || !c) return orgOptions(orgs);
  return [{ value: c.org_id, label: c.org_name ?? `#${c.org_id}` }];
}
