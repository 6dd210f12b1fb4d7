/** @jsxImportSource preact */
/** Applications (token audiences): quota used/limit, register, TTL overrides, social client ids, permission codes. */
import { useState } from "preact/hooks";
import { api, can, currentClaims, ok, type Answer } from "../api";
import { useOrgChoices } from "../orgs-context";
import { t } from "../i18n";
import { Confirm, ErrorNote, Field, Loaded, Msg, Select, useAsync, useForm, Head } from "../ui";
import { SamlProviders } from "./saml";

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
      <h2>{app ? t("apps.editTitle", { name: app.name }) : t("apps.new")}</h2>
      <div class="row">
        {app ? null : (
          <Field
            label={t("apps.identifier")}
            value={v.identifier}
            onValue={(x) => setV({ ...v, identifier: x })}
            required
            placeholder="https://api.example.com"
            error={f.fieldError("identifier")}
          />
        )}
        <Field
          label={t("apps.name")}
          value={v.name}
          onValue={(x) => setV({ ...v, name: x })}
          required
          error={f.fieldError("name")}
        />
        <Field
          label={t("apps.webTtl")}
          inputMode="numeric"
          value={v.web}
          onValue={(x) => setV({ ...v, web: x })}
          hint={t("apps.emptyDefault", { days: 30 })}
          error={f.fieldError("webRefreshTtlDays")}
        />
        <Field
          label={t("apps.deviceTtl")}
          inputMode="numeric"
          value={v.device}
          onValue={(x) => setV({ ...v, device: x })}
          hint={t("apps.emptyDefault", { days: 90 })}
          error={f.fieldError("deviceRefreshTtlDays")}
        />
      </div>
      <div class="row">
        <Field
          label={t("apps.googleIds")}
          value={v.google}
          onValue={(x) => setV({ ...v, google: x })}
          hint={t("apps.commaSeparated")}
          error={f.fieldError("googleClientIds")}
        />
        <Field
          label={t("apps.microsoftIds")}
          value={v.microsoft}
          onValue={(x) => setV({ ...v, microsoft: x })}
          hint={t("apps.commaSeparated")}
          error={f.fieldError("microsoftClientIds")}
        />
      </div>
      <ErrorNote error={f.formError(fields)} />
      <div class="actions left">
        <button type="submit" class="primary" disabled={f.busy}>
          {app ? t("apps.save") : t("apps.register")}
        </button>
        <button type="button" onClick={onDone}>
          {t("apps.cancel")}
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
    <section class="panel" aria-label={t("apps.permissionsOf", { name: app.name })}>
      <h2>{t("apps.codesOf", { name: app.name })}</h2>
      <Loaded state={perms} empty={t("apps.noCodes")}>
        {(rows) => (
          <ul class="chips">
            {rows.map((p) => (
              <li key={p.id}>
                <code>{p.code}</code> {p.description ? <span class="muted">{p.description}</span> : null}
                <button
                  type="button"
                  class="small"
                  aria-label={t("apps.deleteCodeNamed", { code: p.code })}
                  onClick={() => setDel(p)}
                >
                  {t("apps.delete")}
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
          label={t("apps.code")}
          value={code}
          onValue={setCode}
          required
          placeholder="invoice.read"
          error={f.fieldError("code")}
        />
        <Field
          label={t("apps.description")}
          value={description}
          onValue={setDescription}
          error={f.fieldError("description")}
        />
        <button type="submit" disabled={f.busy}>
          {t("apps.addCode")}
        </button>
      </form>
      <ErrorNote error={f.formError(["code", "description"])} />
      {del ? (
        <Confirm
          title={t("apps.deleteCodeTitle", { code: del.code })}
          action={t("apps.deleteCode")}
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
          <p>{t("apps.deleteCodeText")}</p>
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
  const [saml, setSaml] = useState<number | null>(null);
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
      <h1>{t("apps.title")}</h1>
      <p class="muted">{t("apps.intro")}</p>
      <div class="toolbar">
        <Select
          label={t("apps.organization")}
          value={orgId}
          onValue={(x) => (setOrgId(x), setEditing(null), setPerms(null), setSaml(null))}
          options={choices}
        />
        <p class="quota" aria-live="polite">
          {quota.data ? t("apps.quota", { used: quota.data.used, limit: quota.data.limit }) : t("apps.quotaLoading")}
        </p>
        <button
          type="button"
          class="primary"
          disabled={full}
          title={full ? t("apps.limitReached") : undefined}
          onClick={() => setEditing("new")}
        >
          {t("apps.new")}
        </button>
      </div>
      {editing === "new" ? <AppForm orgId={orgId} onDone={reload} /> : null}
      <Loaded state={apps} empty={t("apps.none")}>
        {(rows) => (
          <table>
            <caption>{t("apps.caption")}</caption>
            <Head cols={[t("apps.colName"), t("apps.colIdentifier"), t("apps.colTtl"), t("apps.colSocial")]} actions />
            <tbody>
              {rows.map((a) => (
                <tr key={a.id}>
                  <td>{a.name}</td>
                  <td>
                    <code>{a.identifier}</code>
                  </td>
                  <td>{t("apps.ttl", { web: a.webRefreshTtlDays ?? 30, device: a.deviceRefreshTtlDays ?? 90 })}</td>
                  <td>
                    {[
                      ...a.googleClientIds.map((g) => `Google ${g}`),
                      ...a.microsoftClientIds.map((m) => `Microsoft ${m}`),
                    ].join(", ") || "—"}
                  </td>
                  <td class="nowrap">
                    <button type="button" class="small" onClick={() => setEditing(a.id)}>
                      <Msg id="apps.editNamed" values={{ name: <span class="sr-only">{a.name}</span> }} />
                    </button>{" "}
                    <button type="button" class="small" onClick={() => setPerms(perms === a.id ? null : a.id)}>
                      <Msg
                        id="apps.permissionsNamed"
                        values={{ app: <span class="sr-only">{t("apps.ofApp", { name: a.name })}</span> }}
                      />
                    </button>{" "}
                    {can("ORG_MANAGE") ? (
                      <button type="button" class="small" onClick={() => setSaml(saml === a.id ? null : a.id)}>
                        <Msg
                          id="apps.samlNamed"
                          values={{ app: <span class="sr-only">{t("apps.ofApp", { name: a.name })}</span> }}
                        />
                      </button>
                    ) : null}
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
      {saml !== null && apps.data?.find((a) => a.id === saml) ? (
        <SamlProviders key={saml} app={apps.data.find((a) => a.id === saml)!} />
      ) : null}
    </section>
  );
}
