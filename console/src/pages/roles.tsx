/** @jsxImportSource preact */
/** Roles of an organization and their permissions: create, edit the permission set. */
import { useState } from "preact/hooks";
import { api, can, currentClaims, ok, type Answer } from "../api";
import { useOrgChoices, useOrgs } from "../orgs-context";
import { t } from "../i18n";
import { Badge, Check, ErrorNote, Field, Loaded, Msg, Select, useAsync, useForm, Head } from "../ui";

const SYSTEM = ["USER_MANAGE", "ORG_MANAGE", "ROLE_MANAGE", "CLIENT_MANAGE", "AUDIT_VIEW"];

type Role = Answer<"/api/roles", "get">[number];
interface Perm {
  id: number;
  code: string;
  applicationId: number;
  appName: string;
}

/** Application permissions defined at the org and its ancestors (the role's vocabulary), when listable. */
async function vocabulary(orgIds: number[]): Promise<Perm[]> {
  if (!can("ORG_MANAGE")) return [];
  const out: Perm[] = [];
  for (const id of orgIds) {
    const apps = await ok(api.GET("/api/applications", { params: { query: { organizationId: id } } })).catch(() => []);
    // The service's own application (audience = the issuer) carries the system codes, listed apart.
    for (const a of apps.filter((x) => x.identifier !== currentClaims()?.iss)) {
      const perms = await ok(
        api.GET("/api/applications/{applicationId}/permissions", { params: { path: { applicationId: a.id } } }),
      ).catch(() => []);
      out.push(...perms.map((p) => ({ id: p.id, code: p.code, applicationId: a.id, appName: a.name })));
    }
  }
  return out;
}

/** Checkboxes for system codes (the caller's own only: no escalation) and application permissions. */
function PermissionPicker({
  codes,
  ids,
  vocab,
  onCodes,
  onIds,
}: {
  codes: Set<string>;
  ids: Set<number>;
  vocab: Perm[];
  onCodes: (s: Set<string>) => void;
  onIds: (s: Set<number>) => void;
}) {
  const toggle = <T,>(s: Set<T>, v: T, on: boolean) => {
    const n = new Set(s);
    on ? n.add(v) : n.delete(v);
    return n;
  };
  return (
    <fieldset>
      <legend>{t("roles.permissions")}</legend>
      <div class="checks">
        {SYSTEM.map((c) => (
          <Check key={c} label={c} checked={codes.has(c)} onValue={(on) => onCodes(toggle(codes, c, on))} />
        ))}
        {vocab.map((p) => (
          <Check
            key={p.id}
            label={t("roles.appPermission", { code: p.code, app: p.appName })}
            checked={ids.has(p.id)}
            onValue={(on) => onIds(toggle(ids, p.id, on))}
          />
        ))}
      </div>
      <p class="hint">{t("roles.grantHint")}</p>
    </fieldset>
  );
}

function RoleEditor({ role, vocab, onDone }: { role: Role; vocab: Perm[]; onDone: () => void }) {
  const [codes, setCodes] = useState(
    new Set(
      role.permissions.filter((p) => SYSTEM.includes(p.code) && !vocab.some((v) => v.id === p.id)).map((p) => p.code),
    ),
  );
  const [ids, setIds] = useState(
    new Set(role.permissions.filter((p) => vocab.some((v) => v.id === p.id)).map((p) => p.id)),
  );
  const f = useForm();
  return (
    <form
      class="panel"
      onSubmit={(e) => {
        e.preventDefault();
        void f.run(async () => {
          await ok(
            api.PUT("/api/roles/{roleId}/permissions", {
              params: { path: { roleId: role.id } },
              body: { permissionCodes: [...codes], permissionIds: [...ids] },
            }),
          );
          onDone();
        });
      }}
    >
      <h2>{t("roles.permissionsOf", { name: role.name })}</h2>
      <PermissionPicker codes={codes} ids={ids} vocab={vocab} onCodes={setCodes} onIds={setIds} />
      <ErrorNote error={f.error} />
      <div class="actions left">
        <button type="submit" class="primary" disabled={f.busy}>
          {t("roles.savePermissions")}
        </button>
        <button type="button" onClick={onDone}>
          {t("roles.cancel")}
        </button>
      </div>
    </form>
  );
}

export function RolesPage() {
  const claims = currentClaims()!;
  const { orgs } = useOrgs();
  const choices = useOrgChoices();
  const [orgId, setOrgId] = useState(claims.org_id);
  const [editing, setEditing] = useState<number | null>(null);
  const [v, setV] = useState({ name: "", description: "", scope: "SELF" as "SELF" | "SUBTREE" });
  const [codes, setCodes] = useState(new Set<string>());
  const [ids, setIds] = useState(new Set<number>());
  const f = useForm();
  const roles = useAsync(
    () => ok(api.GET("/api/roles", { params: { query: { organizationId: orgId, size: 200 } } })),
    [orgId],
  );
  const org = orgs.find((o) => o.id === orgId);
  const ancestors = org ? orgs.filter((o) => org.path.startsWith(o.path)).map((o) => o.id) : [orgId];
  const vocab = useAsync(() => vocabulary(ancestors), [orgId, orgs.length]);
  return (
    <section>
      <h1>{t("roles.title")}</h1>
      <div class="toolbar">
        <Select
          label={t("roles.organization")}
          value={orgId}
          onValue={(x) => (setOrgId(x), setEditing(null))}
          options={choices}
        />
      </div>
      <Loaded state={roles} empty={t("roles.none")}>
        {(list) => (
          <table>
            <caption>{t("roles.definedHere")}</caption>
            <Head cols={[t("roles.colRole"), t("roles.colReach"), t("roles.colPermissions")]} actions />
            <tbody>
              {list.map((r) => (
                <tr key={r.id}>
                  <td>
                    {r.name}
                    {r.description ? <div class="muted">{r.description}</div> : null}
                  </td>
                  <td>
                    <Badge>{r.scope}</Badge>
                  </td>
                  <td>{r.permissions.map((p) => p.code).join(", ") || "—"}</td>
                  <td>
                    <button type="button" class="small" onClick={() => setEditing(r.id)}>
                      <Msg
                        id="roles.editPermissions"
                        values={{ role: <span class="sr-only">{t("roles.ofRole", { name: r.name })}</span> }}
                      />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {editing !== null && roles.data?.find((r) => r.id === editing) ? (
        <RoleEditor
          key={editing}
          role={roles.data.find((r) => r.id === editing)!}
          vocab={vocab.data ?? []}
          onDone={() => (setEditing(null), roles.reload())}
        />
      ) : null}
      <form
        class="panel"
        aria-labelledby="new-role"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            await ok(
              api.POST("/api/roles", {
                body: {
                  organizationId: orgId,
                  name: v.name,
                  description: v.description,
                  scope: v.scope,
                  permissionCodes: [...codes],
                  permissionIds: [...ids],
                },
              }),
            );
            setV({ name: "", description: "", scope: "SELF" });
            setCodes(new Set());
            setIds(new Set());
            roles.reload();
          });
        }}
      >
        <h2 id="new-role">{t("roles.new")}</h2>
        <div class="row">
          <Field
            label={t("roles.name")}
            value={v.name}
            onValue={(x) => setV({ ...v, name: x })}
            required
            error={f.fieldError("name")}
          />
          <Field
            label={t("roles.description")}
            value={v.description}
            onValue={(x) => setV({ ...v, description: x })}
            error={f.fieldError("description")}
          />
          <Select
            label={t("roles.reach")}
            value={v.scope}
            onValue={(x) => setV({ ...v, scope: x })}
            options={[
              { value: "SELF", label: t("roles.reachSelf") },
              { value: "SUBTREE", label: t("roles.reachSubtree") },
            ]}
          />
        </div>
        <PermissionPicker codes={codes} ids={ids} vocab={vocab.data ?? []} onCodes={setCodes} onIds={setIds} />
        <ErrorNote error={f.formError(["name", "description"])} />
        <button type="submit" class="primary" disabled={f.busy}>
          {t("roles.create")}
        </button>
      </form>
    </section>
  );
}
