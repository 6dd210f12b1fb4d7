/** @jsxImportSource preact */
/** Webhooks: register with an event filter, pause/resume, rotate the secret, delete, deliveries with redeliver. */
import { useState } from "preact/hooks";
import { api, ApiError, currentClaims, ok, type Answer } from "../api";
import { useOrgChoices } from "../orgs-context";
import {
  Badge,
  Check,
  Confirm,
  ErrorNote,
  Field,
  fmtTime,
  Loaded,
  Secret,
  Select,
  useAsync,
  useForm,
  Head,
} from "../ui";
import type { App } from "./apps";

const EVENTS = [
  "role.assigned",
  "role.revoked",
  "role.permissions_changed",
  "user.disabled",
  "user.enabled",
  "user.erased",
];

type Hook = Answer<"/api/webhooks", "get">[number];
type Delivery = Answer<"/api/webhooks/{id}/deliveries", "get">["items"][number];

const tone = (s: Delivery["status"]) =>
  s === "DELIVERED" ? "ok" : s === "FAILED" ? "bad" : s === "PENDING" ? "warn" : "neutral";

function Deliveries({ hook }: { hook: Hook }) {
  const d = useAsync(
    () =>
      ok(api.GET("/api/webhooks/{id}/deliveries", { params: { path: { id: hook.id }, query: { size: 50 } } })).then(
        (r) => r.items,
      ),
    [hook.id],
  );
  const f = useForm();
  return (
    <section class="panel" aria-label={`Deliveries of webhook ${hook.id}`}>
      <div class="toolbar">
        <h2>Deliveries to {hook.url}</h2>
        <button type="button" onClick={d.reload}>
          Refresh
        </button>
      </div>
      <ErrorNote error={f.error} />
      <Loaded state={d} empty="No deliveries yet: events matching the filter will appear here.">
        {(rows) => (
          <table>
            <caption>Most recent first</caption>
            <Head cols={["Event", "Status", "Attempts", "Last answer", "Created"]} actions />
            <tbody>
              {rows.map((x) => (
                <tr key={x.id}>
                  <td>
                    {x.eventType}
                    <div class="muted mono">{x.webhookMessageId}</div>
                  </td>
                  <td>
                    <Badge tone={tone(x.status)}>{x.status.toLowerCase()}</Badge>
                  </td>
                  <td>{x.attempt}</td>
                  <td>{x.responseStatus ?? x.error ?? "—"}</td>
                  <td>{fmtTime(x.createdAt)}</td>
                  <td>
                    {x.status === "FAILED" || x.status === "DELIVERED" ? (
                      <button
                        type="button"
                        class="small"
                        onClick={() =>
                          void f.run(
                            async () => (
                              await ok(
                                api.POST("/api/webhooks/{id}/deliveries/{deliveryId}/redeliver", {
                                  params: { path: { id: hook.id, deliveryId: x.id } },
                                }),
                              ),
                              d.reload()
                            ),
                          )
                        }
                      >
                        Redeliver
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

export function WebhooksPage() {
  const claims = currentClaims()!;
  const choices = useOrgChoices();
  const [orgId, setOrgId] = useState(claims.org_id);
  const [v, setV] = useState({ url: "", applicationId: 0, events: new Set<string>() });
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [del, setDel] = useState<Hook | null>(null);
  const [rotate, setRotate] = useState<Hook | null>(null);
  const f = useForm();
  const act = useForm();
  const hooks = useAsync(() => ok(api.GET("/api/webhooks", { params: { query: { organizationId: orgId } } })), [orgId]);
  const apps = useAsync(
    () => ok(api.GET("/api/applications", { params: { query: { organizationId: orgId } } })).catch(() => [] as App[]),
    [orgId],
  );
  const appName = (id: number) => apps.data?.find((a) => a.id === id)?.name ?? `#${id}`;
  return (
    <section>
      <h1>Webhooks</h1>
      <div class="toolbar">
        <Select
          label="Organization"
          value={orgId}
          onValue={(x) => (setOrgId(x), setOpen(null), setSecret(null))}
          options={choices}
        />
      </div>
      <form
        class="panel"
        aria-labelledby="new-hook"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            // The API requires the application; without one the problem shows under its picker.
            if (!v.applicationId)
              throw new ApiError({
                type: "urn:sso:problem:validation-failed",
                title: "Invalid request",
                status: 400,
                detail: "Choose the application whose events the webhook receives.",
                code: "VALIDATION_FAILED",
                errors: [{ field: "applicationId", message: "Choose an application" }],
              });
            const r = await ok(
              api.POST("/api/webhooks", {
                body: {
                  organizationId: orgId,
                  applicationId: v.applicationId,
                  url: v.url,
                  eventTypes: [...v.events],
                },
              }),
            );
            setSecret({ label: `Signing secret of webhook ${r.id}`, value: r.secret });
            setV({ url: "", applicationId: 0, events: new Set() });
            hooks.reload();
          });
        }}
      >
        <h2 id="new-hook">Register a webhook</h2>
        <div class="row">
          <Field
            label="URL"
            type="url"
            value={v.url}
            onValue={(x) => setV({ ...v, url: x })}
            required
            placeholder="https://hooks.example.com/sso"
            error={f.fieldError("url")}
          />
          <Select
            label="Application"
            value={v.applicationId}
            onValue={(x) => setV({ ...v, applicationId: x })}
            options={[
              { value: 0, label: "choose an application" },
              ...(apps.data ?? []).map((a) => ({ value: a.id, label: a.name })),
            ]}
            error={f.fieldError("applicationId")}
          />
        </div>
        <fieldset>
          <legend>Events (none checked: all events)</legend>
          <div class="checks">
            {EVENTS.map((ev) => (
              <Check
                key={ev}
                label={ev}
                checked={v.events.has(ev)}
                onValue={(on) => {
                  const n = new Set(v.events);
                  on ? n.add(ev) : n.delete(ev);
                  setV({ ...v, events: n });
                }}
              />
            ))}
          </div>
        </fieldset>
        <ErrorNote error={f.formError(["url", "applicationId"])} />
        <button type="submit" class="primary" disabled={f.busy}>
          Register webhook
        </button>
      </form>
      {secret ? (
        <div class="panel notice" role="status">
          <Secret
            label={secret.label}
            value={secret.value}
            note="Receivers verify signatures with it (Standard Webhooks). Shown once."
          />
          <button type="button" onClick={() => setSecret(null)}>
            I have stored it
          </button>
        </div>
      ) : null}
      <ErrorNote error={act.error} />
      <Loaded state={hooks} empty="No webhooks at this organization.">
        {(rows) => (
          <table>
            <caption>Webhooks</caption>
            <Head cols={["URL", "Application", "Events", "State"]} actions />
            <tbody>
              {rows.map((h) => (
                <tr key={h.id}>
                  <td class="mono">{h.url}</td>
                  <td>{appName(h.applicationId)}</td>
                  <td>{h.eventTypes || "all"}</td>
                  <td>
                    <Badge tone={h.active ? "ok" : "warn"}>{h.active ? "active" : "paused"}</Badge>
                  </td>
                  <td class="nowrap">
                    <button
                      type="button"
                      class="small"
                      onClick={() =>
                        void act.run(
                          async () => (
                            await ok(
                              api.PUT("/api/webhooks/{id}", {
                                params: { path: { id: h.id } },
                                body: { active: !h.active },
                              }),
                            ),
                            hooks.reload()
                          ),
                        )
                      }
                    >
                      {h.active ? "Pause" : "Resume"}
                    </button>{" "}
                    <button type="button" class="small" onClick={() => setRotate(h)}>
                      Rotate secret
                    </button>{" "}
                    <button
                      type="button"
                      class="small"
                      aria-expanded={open === h.id}
                      onClick={() => setOpen(open === h.id ? null : h.id)}
                    >
                      Deliveries
                    </button>{" "}
                    <button type="button" class="small danger" onClick={() => setDel(h)}>
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {open !== null && hooks.data?.find((h) => h.id === open) ? (
        <Deliveries key={open} hook={hooks.data.find((h) => h.id === open)!} />
      ) : null}
      {rotate ? (
        <Confirm
          title={`Rotate the secret of the webhook to ${rotate.url}?`}
          action="Rotate secret"
          onCancel={() => setRotate(null)}
          onDone={async () => {
            const r = await ok(api.POST("/api/webhooks/{id}/rotate-secret", { params: { path: { id: rotate.id } } }));
            setRotate(null);
            setSecret({ label: `New signing secret of webhook ${rotate.id}`, value: r.secret });
          }}
        >
          <p>
            A new signing secret is made and shown once. Update the receiver: deliveries are signed with the new secret
            from now on.
          </p>
        </Confirm>
      ) : null}
      {del ? (
        <Confirm
          title={`Delete the webhook to ${del.url}?`}
          action="Delete webhook"
          onCancel={() => setDel(null)}
          onDone={async () => {
            await ok(api.DELETE("/api/webhooks/{id}", { params: { path: { id: del.id } } }));
            setDel(null);
            setOpen(null);
            hooks.reload();
          }}
        >
          <p>Pending deliveries are cancelled and no further events are sent.</p>
        </Confirm>
      ) : null}
    </section>
  );
}
