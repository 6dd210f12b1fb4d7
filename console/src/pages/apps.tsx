/** @jsxImportSource preact */
/** Applications (token audiences): quota used/limit, register, TTL overrides, social client ids, permission codes. */
import { useState } from "preact/hooks";
import { api, can, currentClaims, ok, type Answer } from "../api";
import { useOrgChoices } from "../orgs-context";
import { Confirm, ErrorNote, Field, Loaded, Select, useAsync, useForm, Head } from "../ui";

export type App = Answer<"/api/applications", "get">[number];

const list = (s: string) =>
  s
    .split(/[\s,]+/)
    .map((x) => x.trim())
    .filter(Boolean);
const days = (s: string) => (s.trim() === "" ? null : Number(s));

function AppForm({ app, orgId, onDone }: { app?: App; orgId: number; onDone: () => void }) {
  const [v, setV] = useState({
    identifier: app?.identifier ?? "",
    name: app?.name ?? "",
    web: app?.webRefreshTtlDays?.toString() ?? "",
    device: app?.deviceRefreshTtlDays?.toString() ?? "",
    google: app?.googleClientIds.join(", ") ?? "",
    microsoft: app?.microsoftClientIds.join(", ") ?? "",
  });
  const f = useForm();
  const fields = [
    "identifier",
    "name",
    "webRefreshTtlDays",
    "deviceRefreshTtlDays",
    "googleClientIds",
    "microsoftClientIds",
  ];
  return (
    <form
      class="panel"
      onSubmit={(e) => {
        e.preventDefault();
        void f.run(async () => {
          const body = {
            name: v.name,
            webRefreshTtlDays: days(v.web),
            deviceRefreshTtlDays: days(v.device),
            googleClientIds: list(v.google),
            microsoftClientIds: list(v.microsoft),
          };
          if (app)
            await ok(
              api.PUT("/api/applications/{applicationId}", { params: { path: { applicationId: app.id } }, body }),
            );
          else
            await ok(
              api.POST("/api/applications", {
                body: {
                  ...body,
                  organizationId: orgId,
                  identifier: v.identifier,
                  webRefreshTtlDays: body.webRefreshTtlDays ?? undefined,
                  deviceRefreshTtlDays: body.deviceRefreshTtlDays ?? undefined,
                },
              }),
            );
          onDone();
        });
      }}
    >
      <h2>{app ? `Edit ${app.name}` : "New application"}</h2>
      <div class="row">
        {app ? null : (
          <Field
            label="Identifier (token audience)"
            value={v.identifier}
            onValue={(x) => setV({ ...v, identifier: x })}
            required
            placeholder="https://api.example.com"
            error={f.fieldError("identifier")}
          />
        )}
        <Field
          label="Name"
          value={v.name}
          onValue={(x) => setV({ ...v, name: x })}
          required
          error={f.fieldError("name")}
        />
        <Field
          label="Web refresh TTL (days)"
          inputMode="numeric"
          value={v.web}
          onValue={(x) => setV({ ...v, web: x })}
          hint="empty: 30"
          error={f.fieldError("webRefreshTtlDays")}
        />
        <Field
          label="Device refresh TTL (days)"
          inputMode="numeric"
          value={v.device}
          onValue={(x) => setV({ ...v, device: x })}
          hint="empty: 90"
          error={f.fieldError("deviceRefreshTtlDays")}
        />
      </div>
      <div class="row">
        <Field
          label="Google client ids"
          value={v.google}
          onValue={(x) => setV({ ...v, google: x })}
          hint="comma-separated"
          error={f.fieldError("googleClientIds")}
        />
        <Field
          label="Microsoft client ids"
          value={v.microsoft}
          onValue={(x) => setV({ ...v, microsoft: x })}
          hint="comma-separated"
          error={f.fieldError("microsoftClientIds")}
        />
      </div>
      <ErrorNote error={f.formError(fields)} />
      <div class="actions left">
        <button type="submit" class="primary" disabled={f.busy}>
          {app ? "Save" : "Register application"}
        </button>
        <button type="button" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function Permissions({ app }: { app: App }) {
  const perms = useAsync(
    () => ok(api.GET("/api/applications/{applicationId}/permissions", { params: { path: { applicationId: app.id } } })),
    [app.id],
  );
  const [code, setCode] = useState("");
  const [description, setDescription] = useState("");
  const [del, setDel] = useState<{ id: number; code: string } | null>(null);
  const f = useForm();
  if (!can("ROLE_MANAGE")) return null;
  return (
    <section class="panel" aria-label={`Permissions of ${app.name}`}>
      <h2>Permission codes of {app.name}</h2>
      <Loaded state={perms} empty="No permission codes yet.">
        {(rows) => (
          <ul class="chips">
            {rows.map((p) => (
              <li key={p.id}>
                <code>{p.code}</code> {p.description ? <span class="muted">{p.description}</span> : null}
                <button type="button" class="small" aria-label={`Delete ${p.code}`} onClick={() => setDel(p)}>
                  Delete
                </button>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      <form
        class="inline"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            await ok(
              api.POST("/api/applications/{applicationId}/permissions", {
                params: { path: { applicationId: app.id } },
                body: { code, ...(description ? { description } : {}) },
              }),
            );
            setCode("");
            setDescription("");
            perms.reload();
          });
        }}
      >
        <Field
          label="Code"
          value={code}
          onValue={setCode}
          required
          placeholder="invoice.read"
          error={f.fieldError("code")}
        />
        <Field label="Description" value={description} onValue={setDescription} error={f.fieldError("description")} />
        <button type="submit" disabled={f.busy}>
          Add code
        </button>
      </form>
      <ErrorNote error={f.formError(["code", "description"])} />
      {del ? (
        <Confirm
          title={`Delete ${del.code}?`}
          action="Delete code"
          onCancel={() => setDel(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/applications/{applicationId}/permissions/{permissionId}", {
                params: { path: { applicationId: app.id, permissionId: del.id } },
              }),
            );
            setDel(null);
            perms.reload();
          }}
        >
          <p>The code leaves every role that grants it; tokens minted from now on no longer carry it.</p>
        </Confirm>
      ) : null}
    </section>
  );
}

export function AppsPage() {
  const claims = currentClaims()!;
  const choices = useOrgChoices();
  const [orgId, setOrgId] = useState(claims.org_id);
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [perms, setPerms] = useState<number | null>(null);
  const apps = useAsync(
    () => ok(api.GET("/api/applications", { params: { query: { organizationId: orgId } } })),
    [orgId],
  );
  const quota = useAsync(
    () => ok(api.GET("/api/applications/quota", { params: { query: { organizationId: orgId } } })),
    [orgId],
  );
  const reload = () => (apps.reload(), quota.reload(), setEditing(null));
  const full = quota.data ? quota.data.used >= quota.data.limit : false;
  return (
    <section>
      <h1>Applications</h1>
      <div class="toolbar">
        <Select
          label="Organization"
          value={orgId}
          onValue={(x) => (setOrgId(x), setEditing(null), setPerms(null))}
          options={choices}
        />
        <p class="quota" aria-live="polite">
          Quota: {quota.data ? `${quota.data.used} / ${quota.data.limit} used` : "…"}
        </p>
        <button
          type="button"
          class="primary"
          disabled={full}
          title={full ? "The tenant's application limit is reached" : undefined}
          onClick={() => setEditing("new")}
        >
          New application
        </button>
      </div>
      {editing === "new" ? <AppForm orgId={orgId} onDone={reload} /> : null}
      <Loaded state={apps} empty="No applications registered at this organization.">
        {(rows) => (
          <table>
            <caption>Applications</caption>
            <Head cols={["Name", "Identifier", "Refresh TTL web / device", "Social client ids"]} actions />
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td>{a.name}</td>
                  <td>
                    <code>{a.identifier}</code>
                  </td>
                  <td>
                    {a.webRefreshTtlDays ?? 30} d / {a.deviceRefreshTtlDays ?? 90} d
                  </td>
                  <td>
                    {[
                      ...a.googleClientIds.map((g) => `Google ${g}`),
                      ...a.microsoftClientIds.map((m) => `Microsoft ${m}`),
                    ].join(", ") || "—"}
                  </td>
                  <td class="nowrap">
                    <button type="button" class="small" onClick={() => setEditing(a.id)}>
                      Edit <span class="sr-only">{a.name}</span>
                    </button>{" "}
                    <button type="button" class="small" onClick={() => setPerms(perms === a.id ? null : a.id)}>
                      Permissions <span class="sr-only">of {a.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {typeof editing === "number" && apps.data?.find((a) => a.id === editing) ? (
        <AppForm key={editing} app={apps.data.find((a) => a.id === editing)} orgId={orgId} onDone={reload} />
      ) : null}
      {perms !== null && apps.data?.find((a) => a.id === perms) ? (
        <Permissions key={perms} app={apps.data.find((a) => a.id === perms)!} />
      ) : null}
    </section>
  );
}
