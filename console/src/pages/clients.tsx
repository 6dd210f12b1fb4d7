/** @jsxImportSource preact */
/** API clients (client credentials): list and register; the secret is shown once, with a copy button. */
import { useState } from "preact/hooks";
import { api, currentClaims, ok } from "../api";
import { useOrgChoices } from "../orgs-context";
import { fmtTime, ErrorNote, Field, Loaded, Secret, Select, useAsync, useForm, Head } from "../ui";
import type { App } from "./apps";

export function ClientsPage() {
  const claims = currentClaims()!;
  const choices = useOrgChoices();
  const [orgId, setOrgId] = useState(claims.org_id);
  const [v, setV] = useState({ name: "", applicationId: 0, scopes: "" });
  const [issued, setIssued] = useState<{ clientId: string; clientSecret: string } | null>(null);
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
            setIssued(
              await ok(
                api.POST("/api/clients", {
                  body: {
                    name: v.name,
                    orgId,
                    ...(v.applicationId ? { applicationId: v.applicationId } : {}),
                    ...(scopes.length ? { scopes } : {}),
                  },
                }),
              ),
            );
            setV({ name: "", applicationId: 0, scopes: "" });
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
        <ErrorNote error={f.formError(["name", "applicationId", "scopes"])} />
        <button type="submit" class="primary" disabled={f.busy}>
          Register client
        </button>
      </form>
      {issued ? (
        <div class="panel notice" role="status">
          <p>
            Client <code>{issued.clientId}</code> is registered. Store its secret now: only a hash of it is kept.
          </p>
          <Secret label="Client secret" value={issued.clientSecret} />
          <button type="button" onClick={() => setIssued(null)}>
            I have stored it
          </button>
        </div>
      ) : null}
      <Loaded state={clients} empty="No API clients at this organization.">
        {(rows) => (
          <table>
            <caption>Clients</caption>
            <Head cols={["Name", "Client id", "Application", "Scopes", "Created"]} />
            <tbody>
              {rows.map((c) => (
                <tr key={c.clientId}>
                  <td>{c.name}</td>
                  <td>
                    <code>{c.clientId}</code>
                  </td>
                  <td>{appName(c.applicationId)}</td>
                  <td>{c.scopes.join(" ")}</td>
                  <td>{fmtTime(c.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
    </section>
  );
}
