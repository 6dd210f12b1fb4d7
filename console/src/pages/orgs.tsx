/** @jsxImportSource preact */
/** Organizations as a tree: expand, create a child, rename, suspend/reactivate, members. */
import { useMemo, useState } from "preact/hooks";
import { api, can, ok, reaches } from "../api";
import { useOrgs, type Org } from "../orgs-context";
import { type ConsoleKey, t } from "../i18n";
import { Badge, Confirm, Empty, ErrorNote, Field, Loaded, Msg, useAsync, useForm, Head } from "../ui";

function Tree({ orgs, selected, onSelect }: { orgs: Org[]; selected: number | null; onSelect: (id: number) => void }) {
  const children = useMemo(() => {
    const m = new Map<number | null, Org[]>();
    const ids = new Set(orgs.map((o) => o.id));
    for (const o of orgs) {
      // An org whose parent is out of reach is a root of what this user sees.
      const key = o.parentId !== null && ids.has(o.parentId) ? o.parentId : null;
      m.set(key, [...(m.get(key) ?? []), o]);
    }
    for (const list of m.values()) list.sort((a, b) => a.name.localeCompare(b.name));
    return m;
  }, [orgs]);
  const [open, setOpen] = useState<Set<number>>(() => new Set((children.get(null) ?? []).map((o) => o.id)));
  const toggle = (id: number) =>
    setOpen((s) => {
      const n = new Set(s);
      n.has(id) ? n.delete(id) : n.add(id);
      return n;
    });
  const branch = (parent: number | null, level: number) => (
    <ul role={level === 1 ? "tree" : "group"} aria-label={level === 1 ? t("orgs.tree") : undefined}>
      {(children.get(parent) ?? []).map((o) => {
        const kids = children.get(o.id)?.length ?? 0;
        const expanded = open.has(o.id);
        return (
          <li
            key={o.id}
            role="treeitem"
            aria-expanded={kids ? expanded : undefined}
            aria-selected={selected === o.id}
            aria-level={level}
          >
            <div class={selected === o.id ? "node selected" : "node"}>
              {kids ? (
                <button
                  type="button"
                  class="twisty"
                  aria-label={t(expanded ? "orgs.collapse" : "orgs.expand", { name: o.name })}
                  onClick={() => toggle(o.id)}
                >
                  {expanded ? "▾" : "▸"}
                </button>
              ) : (
                <span class="twisty" aria-hidden="true" />
              )}
              <button type="button" class="link" onClick={() => onSelect(o.id)}>
                {o.name}
              </button>
              {o.status === "SUSPENDED" ? <Badge tone="bad">{t("orgs.suspended")}</Badge> : null}
            </div>
            {kids && expanded ? branch(o.id, level + 1) : null}
          </li>
        );
      })}
    </ul>
  );
  return <div class="tree">{branch(null, 1)}</div>;
}

const MEMBER_STATUS: Record<"ACTIVE" | "DISABLED" | "ERASED", ConsoleKey> = {
  ACTIVE: "orgs.memberActive",
  DISABLED: "orgs.memberDisabled",
  ERASED: "orgs.memberErased",
};

function Members({ org }: { org: Org }) {
  const s = useAsync(
    () =>
      can("USER_MANAGE")
        ? ok(api.GET("/api/users", { params: { query: { organizationId: org.id, size: 200 } } }))
        : Promise.resolve(null),
    [org.id],
  );
  if (!can("USER_MANAGE")) return <p class="muted">{t("orgs.membersNeedPermission")}</p>;
  return (
    <Loaded state={s} empty={t("orgs.noMembers")}>
      {(rows) => (
        <table>
          <caption>{t("orgs.members")}</caption>
          <Head cols={[t("orgs.colName"), t("orgs.colEmail"), t("orgs.colRolesHere"), t("orgs.colStatus")]} />
          <tbody>
            {rows!.map((u) => (
              <tr key={u.id}>
                <td>{u.fullName}</td>
                <td>{u.email}</td>
                <td>{u.roles.map((r) => r.name).join(", ") || "—"}</td>
                <td>{t(MEMBER_STATUS[u.status])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Loaded>
  );
}

function Detail({ org, reload }: { org: Org; reload: () => void }) {
  const [name, setName] = useState(org.name);
  const [child, setChild] = useState({ name: "", slug: "", type: "" });
  const [confirm, setConfirm] = useState(false);
  const rename = useForm();
  const create = useForm();
  const editable = can("ORG_MANAGE") && reaches(org.path);
  return (
    <section class="panel" aria-labelledby="org-title">
      <h2 id="org-title">
        {org.name}{" "}
        {org.status === "SUSPENDED" ? (
          <Badge tone="bad">{t("orgs.suspended")}</Badge>
        ) : (
          <Badge tone="ok">{t("orgs.active")}</Badge>
        )}
      </h2>
      <p class="muted">
        <Msg
          id={org.type ? "orgs.metaTyped" : "orgs.meta"}
          values={{ slug: <code>{org.slug}</code>, id: org.id, type: org.type }}
        />
      </p>
      {editable ? (
        <>
          <form
            class="inline"
            onSubmit={(e) => {
              e.preventDefault();
              void rename.run(async () => {
                await ok(api.PUT("/api/organizations/{id}", { params: { path: { id: org.id } }, body: { name } }));
                reload();
              });
            }}
          >
            <Field label={t("orgs.name")} value={name} onValue={setName} required error={rename.fieldError("name")} />
            <button type="submit" disabled={rename.busy || name === org.name}>
              {t("orgs.rename")}
            </button>
          </form>
          <ErrorNote error={rename.formError(["name"])} />
          <div class="actions left">
            {org.status === "ACTIVE" ? (
              <button type="button" class="danger" onClick={() => setConfirm(true)}>
                {t("orgs.suspend")}
              </button>
            ) : (
              <button
                type="button"
                onClick={() =>
                  void ok(api.POST("/api/organizations/{id}/activate", { params: { path: { id: org.id } } })).then(
                    reload,
                    (e) => rename.setError(e),
                  )
                }
              >
                {t("orgs.reactivate")}
              </button>
            )}
          </div>
          {confirm ? (
            <Confirm
              title={t("orgs.suspendTitle", { name: org.name })}
              action={t("orgs.suspend")}
              onCancel={() => setConfirm(false)}
              onDone={async () => {
                await ok(api.POST("/api/organizations/{id}/suspend", { params: { path: { id: org.id } } }));
                setConfirm(false);
                reload();
              }}
            >
              <p>{t("orgs.suspendText", { name: org.name })}</p>
            </Confirm>
          ) : null}
          <h3>{t("orgs.newChild")}</h3>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void create.run(async () => {
                await ok(
                  api.POST("/api/organizations", {
                    body: {
                      parentId: org.id,
                      name: child.name,
                      slug: child.slug,
                      ...(child.type ? { type: child.type } : {}),
                    },
                  }),
                );
                setChild({ name: "", slug: "", type: "" });
                reload();
              });
            }}
          >
            <div class="row">
              <Field
                label={t("orgs.name")}
                value={child.name}
                onValue={(v) => setChild({ ...child, name: v, slug: child.slug || "" })}
                required
                error={create.fieldError("name")}
              />
              <Field
                label={t("orgs.slug")}
                value={child.slug}
                onValue={(v) => setChild({ ...child, slug: v })}
                required
                hint={t("orgs.slugHint")}
                error={create.fieldError("slug")}
              />
              <Field
                label={t("orgs.type")}
                value={child.type}
                onValue={(v) => setChild({ ...child, type: v })}
                error={create.fieldError("type")}
              />
            </div>
            <ErrorNote error={create.formError(["name", "slug", "type"])} />
            <button type="submit" class="primary" disabled={create.busy}>
              {t("orgs.createChild")}
            </button>
          </form>
        </>
      ) : (
        <p class="muted">{t("orgs.outOfReach")}</p>
      )}
      <Members org={org} />
    </section>
  );
}

export function OrgsPage() {
  const { orgs, loading, error, reload } = useOrgs();
  const [selected, setSelected] = useState<number | null>(null);
  const current = orgs.find((o) => o.id === selected) ?? null;
  return (
    <section>
      <h1>{t("orgs.title")}</h1>
      <Loaded state={{ data: loading ? undefined : orgs, error, loading }} empty={t("orgs.none")}>
        {(list) => (
          <div class="split">
            <Tree orgs={list} selected={selected} onSelect={setSelected} />
            {current ? (
              <Detail key={current.id + current.name + current.status} org={current} reload={reload} />
            ) : (
              <Empty>{t("orgs.choose")}</Empty>
            )}
          </div>
        )}
      </Loaded>
    </section>
  );
}
