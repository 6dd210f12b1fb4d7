/** @jsxImportSource preact */
/**
 * API clients: list and register machine clients (client credentials) and browser or native
 * applications (authorization code, CONTRACT §12); edit a browser client's redirect URIs. A
 * confidential client's secret is shown once, with a copy button; a public client has none.
 */
import { useState } from "preact/hooks";
import { api, currentClaims, ok, type Answer } from "../api";
import { useOrgChoices } from "../orgs-context";
import { fmtTime, Check, ErrorNote, Field, Loaded, Secret, Select, useAsync, useForm, Head } from "../ui";
import type { App } from "./apps";

type Client = Answer<"/api/clients/{clientId}", "get">;

const GRANTS = ["client_credentials", "authorization_code", "refresh_token"] as const;
const EMPTY = {
  name: "",
  applicationId: 0,
  scopes: "",
  type: "confidential" as Client["type"],
  grants: ["client_credentials"] as string[],
  redirectUris: "",
  firstParty: true,
};
const uriList = (text: string) => text.split(/\s+/).filter(Boolean);

/** Replaces a browser client's redirect URIs (PATCH /api/clients/{clientId}). */
function RedirectUrisForm({ client, onDone }: { client: Client; onDone: () => void }) {
  const [text, setText] = useState(client.redirectUris.join(" "));
  const f = useForm();
  return (
    <form
      class="panel"
      aria-label={`Redirect URIs of ${client.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        void f.run(async () => {
          await ok(
            api.PATCH("/api/clients/{clientId}", {
              params: { path: { clientId: client.clientId } },
              body: { redirectUris: uriList(text) },
            }),
          );
          onDone();
        });
      }}
    >
      <h2>Redirect URIs of {client.name}</h2>
      <Field
        label="Redirect URIs"
        value={text}
        onValue={setText}
        hint="space-separated; https, http on 127.0.0.1/[::1]/localhost, or com.example.app:/callback"
        error={f.fieldError("redirectUris")}
      />
      <ErrorNote error={f.formError(["redirectUris"])} />
      <button type="submit" class="primary" disabled={f.busy}>
        Save
      </button>
      <button type="button" onClick={onDone}>
        Cancel
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
    id === null ? "unbound" : (apps.data?.find((a) => a.id === id)?.name ?? `#${id}`);
  return (
    <section>
      <h1>API clients</h1>
      <div class="toolbar">
        <Select label="Organization" value={orgId} onValue={(x) => (setOrgId(x), setIssued(null))} options={choices} />
      </div>
      <form
        class="panel"
        aria-labelledby="new-client"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            const scopes = v.scopes.split(/[\s,]+/).filter(Boolean);
            const redirectUris = uriList(v.redirectUris);
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
                    ...(v.firstParty ? {} : { firstParty: false }),
                  },
                }),
              ),
            );
            setV(EMPTY);
            clients.reload();
          });
        }}
      >
        <h2 id="new-client">Register a client</h2>
        <div class="row">
          <Field
            label="Name"
            value={v.name}
            onValue={(x) => setV({ ...v, name: x })}
            required
            error={f.fieldError("name")}
          />
          <Select
            label="Application (token audience)"
            value={v.applicationId}
            onValue={(x) => setV({ ...v, applicationId: x })}
            options={[
              { value: 0, label: "none: aud is the client id" },
              ...(apps.data ?? []).map((a) => ({ value: a.id, label: a.name })),
            ]}
            error={f.fieldError("applicationId")}
          />
          <Field
            label="Scopes"
            value={v.scopes}
            onValue={(x) => setV({ ...v, scopes: x })}
            hint="space- or comma-separated; empty: api.default"
            error={f.fieldError("scopes")}
          />
        </div>
        <div class="row">
          <Select
            label="Type"
            value={v.type}
            onValue={(x) => setV({ ...v, type: x })}
            options={[
              { value: "confidential", label: "confidential: a server that keeps a secret" },
              { value: "public", label: "public: SPA or native app, no secret" },
            ]}
            error={f.fieldError("type")}
          />
          <fieldset>
            <legend>Grant types</legend>
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
            label="Redirect URIs"
            value={v.redirectUris}
            onValue={(x) => setV({ ...v, redirectUris: x })}
            hint="for authorization_code; space-separated"
            error={f.fieldError("redirectUris")}
          />
          <Check
            label="First party (no consent page)"
            checked={v.firstParty}
            onValue={(x) => setV({ ...v, firstParty: x })}
          />
        </div>
        <ErrorNote error={f.formError(["name", "applicationId", "scopes", "type", "grantTypes", "redirectUris"])} />
        <button type="submit" class="primary" disabled={f.busy}>
          Register client
        </button>
      </form>
      {issued?.clientSecret ? (
        <div class="panel notice" role="status">
          <p>
            Client <code>{issued.clientId}</code> is registered. Store its secret now: only a hash of it is kept.
          </p>
          <Secret label="Client secret" value={issued.clientSecret} />
          <button type="button" onClick={() => setIssued(null)}>
            I have stored it
          </button>
        </div>
      ) : issued ? (
        <div class="panel notice" role="status">
          <p>
            Public client <code>{issued.clientId}</code> is registered. It has no secret.
          </p>
          <button type="button" onClick={() => setIssued(null)}>
            OK
          </button>
        </div>
      ) : null}
      {editing && clients.data?.find((c) => c.clientId === editing) ? (
        <RedirectUrisForm
          key={editing}
          client={clients.data.find((c) => c.clientId === editing)!}
          onDone={() => (setEditing(null), clients.reload())}
        />
      ) : null}
      <Loaded state={clients} empty="No API clients at this organization.">
        {(rows) => (
          <table>
            <caption>Clients</caption>
            <Head cols={["Name", "Client id", "Application", "Type and grants", "Scopes", "Created"]} actions />
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
                  </td>
                  <td>{c.scopes.join(" ")}</td>
                  <td>{fmtTime(c.createdAt)}</td>
                  <td>
                    {c.grantTypes.includes("authorization_code") ? (
                      <button type="button" class="small" onClick={() => setEditing(c.clientId)}>
                        Redirect URIs <span class="sr-only">of {c.name}</span>
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
