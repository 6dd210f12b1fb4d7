/** @jsxImportSource preact */
/**
 * API clients: list and register machine clients (client credentials) and browser or native
 * applications (authorization code, CONTRACT §12); edit a browser client's redirect, post-logout and
 * back-channel logout URIs, first-party flag and PKCE requirement, each with its rule. A
 * confidential client's secret is shown once, with a copy button; a public client has none. Only a
 * confidential client may be registered without the PKCE requirement.
 */
import { useState } from "preact/hooks";
import { api, currentClaims, ok, type Answer } from "../api";
import { useOrgChoices } from "../orgs-context";
import { t } from "../i18n";
import { fmtTime, Check, ErrorNote, Field, Loaded, Msg, Secret, Select, useAsync, useForm, Head } from "../ui";
import type { App } from "./apps";
import { ConnectGuide } from "./connect";
import { TrySignIn } from "./try";

type Client = Answer<"/api/clients/{clientId}", "get">;

const GRANTS = ["client_credentials", "authorization_code", "refresh_token"] as const;
const EMPTY = {
  name: "",
  applicationId: 0,
  scopes: "",
  type: "confidential" as Client["type"],
  grants: ["client_credentials"] as string[],
  redirectUris: "",
  postLogoutRedirectUris: "",
  backchannelLogoutUri: "",
  firstParty: true,
  requirePkce: true,
};
const uriList = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * Edits what a browser or native client may change after registration (PATCH /api/clients/{clientId}):
 * its redirect and post-logout redirect URIs, its back-channel logout URI (empty removes it), the
 * first-party flag and, for a confidential client, the PKCE requirement. Each field says its rule.
 */
function ClientSettingsForm({ client, onDone }: { client: Client; onDone: () => void }) {
  const [redirects, setRedirects] = useState(client.redirectUris.join(" "));
  const [afterLogout, setAfterLogout] = useState(client.postLogoutRedirectUris.join(" "));
  const [backchannel, setBackchannel] = useState(client.backchannelLogoutUri ?? "");
  const [firstParty, setFirstParty] = useState(client.firstParty);
  const [requirePkce, setRequirePkce] = useState(client.requirePkce);
  const f = useForm();
  return (
    <form
      class="panel"
      aria-label={t("clients.settingsOf", { name: client.name })}
      onSubmit={(e) => {
        e.preventDefault();
        void f.run(async () => {
          await ok(
            api.PATCH("/api/clients/{clientId}", {
              params: { path: { clientId: client.clientId } },
              body: {
                redirectUris: uriList(redirects),
                postLogoutRedirectUris: uriList(afterLogout),
                backchannelLogoutUri: backchannel.trim() || null,
                firstParty,
                ...(client.type === "confidential" ? { requirePkce } : {}),
              },
            }),
          );
          onDone();
        });
      }}
    >
      <h2>{t("clients.settingsOf", { name: client.name })}</h2>
      <Field
        label={t("clients.redirectUris")}
        value={redirects}
        onValue={setRedirects}
        hint={t("clients.redirectUrisHint")}
        error={f.fieldError("redirectUris")}
      />
      <Field
        label={t("clients.postLogoutRedirectUris")}
        value={afterLogout}
        onValue={setAfterLogout}
        hint={t("clients.postLogoutRedirectUrisHint")}
        error={f.fieldError("postLogoutRedirectUris")}
      />
      <Field
        label={t("clients.backchannelLogoutUri")}
        value={backchannel}
        onValue={setBackchannel}
        hint={t("clients.backchannelLogoutUriHint")}
        error={f.fieldError("backchannelLogoutUri")}
      />
      <Check label={t("clients.firstParty")} checked={firstParty} onValue={setFirstParty} />
      {client.type === "confidential" ? (
        <Check label={t("clients.requirePkce")} checked={requirePkce} onValue={setRequirePkce} />
      ) : null}
      <ErrorNote error={f.formError(["redirectUris", "postLogoutRedirectUris", "backchannelLogoutUri"])} />
      <button type="submit" class="primary" disabled={f.busy}>
        {t("clients.save")}
      </button>
      <button type="button" onClick={onDone}>
        {t("clients.cancel")}
      </button>
    </form>
  );
}

export function ClientsPage() {
  const claims = currentClaims()!;
  const choices = useOrgChoices();
  const [orgId, setOrgId] = useState(claims.org_id);
  const [v, setV] = useState(EMPTY);
  const [issued, setIssued] = useState<{ clientId: string; clientSecret?: string } | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  // "Connect an application" or "Try sign-in" for one client (docs/console.md).
  const [panel, setPanel] = useState<{ kind: "connect" | "try"; clientId: string } | null>(null);
  const f = useForm();
  const clients = useAsync(
    () => ok(api.GET("/api/clients", { params: { query: { organizationId: orgId } } })),
    [orgId],
  );
  const apps = useAsync(
    () => ok(api.GET("/api/applications", { params: { query: { organizationId: orgId } } })).catch(() => [] as App[]),
    [orgId],
  );
  const appName = (id: number | null) =>
    id === null ? t("clients.unbound") : (apps.data?.find((a) => a.id === id)?.name ?? `#${id}`);
  return (
    <section>
      <h1>{t("clients.title")}</h1>
      <p class="muted">{t("clients.intro")}</p>
      <div class="toolbar">
        <Select
          label={t("clients.organization")}
          value={orgId}
          onValue={(x) => (setOrgId(x), setIssued(null))}
          options={choices}
        />
      </div>
      <form
        class="panel"
        aria-labelledby="new-client"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            const scopes = v.scopes.split(/[\s,]+/).filter(Boolean);
            const redirectUris = uriList(v.redirectUris);
            const postLogoutRedirectUris = uriList(v.postLogoutRedirectUris);
            const backchannelLogoutUri = v.backchannelLogoutUri.trim();
            const grantTypes = GRANTS.filter((g) => v.grants.includes(g));
            setIssued(
              await ok(
                api.POST("/api/clients", {
                  body: {
                    name: v.name,
                    orgId,
                    ...(v.applicationId ? { applicationId: v.applicationId } : {}),
                    ...(scopes.length ? { scopes } : {}),
                    ...(v.type === "public" ? { type: "public" as const } : {}),
                    grantTypes,
                    ...(redirectUris.length ? { redirectUris } : {}),
                    ...(postLogoutRedirectUris.length ? { postLogoutRedirectUris } : {}),
                    ...(backchannelLogoutUri ? { backchannelLogoutUri } : {}),
                    ...(v.firstParty ? {} : { firstParty: false }),
                    ...(v.type === "confidential" && !v.requirePkce ? { requirePkce: false } : {}),
                  },
                }),
              ),
            );
            setV(EMPTY);
            clients.reload();
          });
        }}
      >
        <h2 id="new-client">{t("clients.new")}</h2>
        <div class="row">
          <Field
            label={t("clients.name")}
            value={v.name}
            onValue={(x) => setV({ ...v, name: x })}
            required
            error={f.fieldError("name")}
          />
          <Select
            label={t("clients.application")}
            value={v.applicationId}
            onValue={(x) => setV({ ...v, applicationId: x })}
            options={[
              { value: 0, label: t("clients.noApplication") },
              ...(apps.data ?? []).map((a) => ({ value: a.id, label: a.name })),
            ]}
            error={f.fieldError("applicationId")}
          />
          <Field
            label={t("clients.scopes")}
            value={v.scopes}
            onValue={(x) => setV({ ...v, scopes: x })}
            hint={t("clients.scopesHint")}
            error={f.fieldError("scopes")}
          />
        </div>
        <div class="row">
          <Select
            label={t("clients.type")}
            value={v.type}
            onValue={(x) => setV({ ...v, type: x })}
            options={[
              { value: "confidential", label: t("clients.confidential") },
              { value: "public", label: t("clients.public") },
            ]}
            error={f.fieldError("type")}
          />
          <fieldset>
            <legend>{t("clients.grantTypes")}</legend>
            {GRANTS.map((g) => (
              <Check
                key={g}
                label={g}
                checked={v.grants.includes(g)}
                onValue={(on) => setV({ ...v, grants: on ? [...v.grants, g] : v.grants.filter((x) => x !== g) })}
              />
            ))}
            {f.fieldError("grantTypes") ? <span class="field-error">{f.fieldError("grantTypes")}</span> : null}
          </fieldset>
          <Field
            label={t("clients.redirectUris")}
            value={v.redirectUris}
            onValue={(x) => setV({ ...v, redirectUris: x })}
            hint={t("clients.redirectUrisNewHint")}
            error={f.fieldError("redirectUris")}
          />
          <Field
            label={t("clients.postLogoutRedirectUris")}
            value={v.postLogoutRedirectUris}
            onValue={(x) => setV({ ...v, postLogoutRedirectUris: x })}
            hint={t("clients.postLogoutRedirectUrisHint")}
            error={f.fieldError("postLogoutRedirectUris")}
          />
          <Field
            label={t("clients.backchannelLogoutUri")}
            value={v.backchannelLogoutUri}
            onValue={(x) => setV({ ...v, backchannelLogoutUri: x })}
            hint={t("clients.backchannelLogoutUriHint")}
            error={f.fieldError("backchannelLogoutUri")}
          />
          <Check
            label={t("clients.firstParty")}
            checked={v.firstParty}
            onValue={(x) => setV({ ...v, firstParty: x })}
          />
          {v.type === "confidential" && v.grants.includes("authorization_code") ? (
            <Check
              label={t("clients.requirePkce")}
              checked={v.requirePkce}
              onValue={(x) => setV({ ...v, requirePkce: x })}
            />
          ) : null}
        </div>
        <ErrorNote
          error={f.formError([
            "name",
            "applicationId",
            "scopes",
            "type",
            "grantTypes",
            "redirectUris",
            "postLogoutRedirectUris",
            "backchannelLogoutUri",
          ])}
        />
        <button type="submit" class="primary" disabled={f.busy}>
          {t("clients.register")}
        </button>
      </form>
      {issued?.clientSecret ? (
        <div class="panel notice" role="status">
          <p>
            <Msg id="clients.registered" values={{ id: <code>{issued.clientId}</code> }} />
          </p>
          <Secret label={t("clients.secret")} value={issued.clientSecret} />
          <button type="button" onClick={() => setPanel({ kind: "connect", clientId: issued.clientId })}>
            {t("connect.openAfter")}
          </button>{" "}
          <button type="button" onClick={() => setIssued(null)}>
            {t("clients.storedIt")}
          </button>
        </div>
      ) : issued ? (
        <div class="panel notice" role="status">
          <p>
            <Msg id="clients.registeredPublic" values={{ id: <code>{issued.clientId}</code> }} />
          </p>
          <button type="button" onClick={() => setPanel({ kind: "connect", clientId: issued.clientId })}>
            {t("connect.openAfter")}
          </button>{" "}
          <button type="button" onClick={() => setIssued(null)}>
            {t("clients.ok")}
          </button>
        </div>
      ) : null}
      {editing && clients.data?.find((c) => c.clientId === editing) ? (
        <ClientSettingsForm
          key={editing}
          client={clients.data.find((c) => c.clientId === editing)!}
          onDone={() => (setEditing(null), clients.reload())}
        />
      ) : null}
      {panel && clients.data?.find((c) => c.clientId === panel.clientId)
        ? (() => {
            const c = clients.data.find((x) => x.clientId === panel.clientId)!;
            return panel.kind === "connect" ? (
              <ConnectGuide
                key={c.clientId}
                client={c}
                audience={apps.data?.find((a) => a.id === c.applicationId)?.identifier ?? null}
                onClose={() => setPanel(null)}
              />
            ) : (
              <TrySignIn key={c.clientId} client={c} onChanged={clients.reload} onClose={() => setPanel(null)} />
            );
          })()
        : null}
      <Loaded state={clients} empty={t("clients.none")}>
        {(rows) => (
          <table>
            <caption>{t("clients.caption")}</caption>
            <Head
              cols={[
                t("clients.colName"),
                t("clients.colClientId"),
                t("clients.colApplication"),
                t("clients.colTypeGrants"),
                t("clients.colScopes"),
                t("clients.colCreated"),
              ]}
              actions
            />
            <tbody>
              {rows.map((c) => (
                <tr key={c.clientId}>
                  <td>{c.name}</td>
                  <td>
                    <code>{c.clientId}</code>
                  </td>
                  <td>{appName(c.applicationId)}</td>
                  <td>
                    {c.type}: {c.grantTypes.join(" ")}
                    {c.requirePkce ? null : ` (${t("clients.pkceOptional")})`}
                  </td>
                  <td>{c.scopes.join(" ")}</td>
                  <td>{fmtTime(c.createdAt)}</td>
                  <td>
                    <button
                      type="button"
                      class="small"
                      onClick={() => setPanel({ kind: "connect", clientId: c.clientId })}
                    >
                      <Msg
                        id="connect.open"
                        values={{ client: <span class="sr-only">{t("clients.ofClient", { name: c.name })}</span> }}
                      />
                    </button>{" "}
                    {c.grantTypes.includes("authorization_code") ? (
                      <button
                        type="button"
                        class="small"
                        onClick={() => setPanel({ kind: "try", clientId: c.clientId })}
                      >
                        <Msg
                          id="try.open.row"
                          values={{ client: <span class="sr-only">{t("clients.ofClient", { name: c.name })}</span> }}
                        />
                      </button>
                    ) : null}{" "}
                    {c.grantTypes.includes("authorization_code") ? (
                      <button type="button" class="small" onClick={() => setEditing(c.clientId)}>
                        <Msg
                          id="clients.settingsNamed"
                          values={{ client: <span class="sr-only">{t("clients.ofClient", { name: c.name })}</span> }}
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
    </section>
  );
}
