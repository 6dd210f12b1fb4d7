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
import { type ConsoleKey, t } from "../i18n";
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

const STATUS: Record<Delivery["status"], ConsoleKey> = {
  PENDING: "webhooks.statusPending",
  DELIVERED: "webhooks.statusDelivered",
  FAILED: "webhooks.statusFailed",
  CANCELLED: "webhooks.statusCancelled",
};

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
    <section class="panel" aria-label={t("webhooks.deliveriesOf", { id: hook.id })}>
      <div class="toolbar">
        <h2>{t("webhooks.deliveriesTo", { url: hook.url })}</h2>
        <button type="button" onClick={d.reload}>
          {t("webhooks.refresh")}
        </button>
      </div>
      <ErrorNote error={f.error} />
      <Loaded state={d} empty={t("webhooks.noDeliveries")}>
        {(rows) => (
          <table>
            <caption>{t("webhooks.recentFirst")}</caption>
            <Head
              cols={[
                t("webhooks.colEvent"),
                t("webhooks.colStatus"),
                t("webhooks.colAttempts"),
                t("webhooks.colLastAnswer"),
                t("webhooks.colCreated"),
              ]}
              actions
            />
            <tbody>
              {rows.map((x) => (
                <tr key={x.id}>
                  <td>
                    {x.eventType}
                    <div class="muted mono">{x.webhookMessageId}</div>
                  </td>
                  <td>
                    <Badge tone={tone(x.status)}>{t(STATUS[x.status])}</Badge>
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
                        {t("webhooks.redeliver")}
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
      <h1>{t("webhooks.title")}</h1>
      <div class="toolbar">
        <Select
          label={t("webhooks.organization")}
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
                title: t("webhooks.invalidRequest"),
                status: 400,
                detail: t("webhooks.chooseAppDetail"),
                code: "VALIDATION_FAILED",
                errors: [{ field: "applicationId", message: t("webhooks.chooseAppField") }],
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
            setSecret({ label: t("webhooks.signingSecret", { id: r.id }), value: r.secret });
            setV({ url: "", applicationId: 0, events: new Set() });
            hooks.reload();
          });
        }}
      >
        <h2 id="new-hook">{t("webhooks.new")}</h2>
        <div class="row">
          <Field
            label={t("webhooks.url")}
            type="url"
            value={v.url}
            onValue={(x) => setV({ ...v, url: x })}
            required
            placeholder="https://hooks.example.com/sso"
            error={f.fieldError("url")}
          />
          <Select
            label={t("webhooks.application")}
            value={v.applicationId}
            onValue={(x) => setV({ ...v, applicationId: x })}
            options={[
              { value: 0, label: t("webhooks.chooseApp") },
              ...(apps.data ?? []).map((a) => ({ value: a.id, label: a.name })),
            ]}
            error={f.fieldError("applicationId")}
          />
        </div>
        <fieldset>
          <legend>{t("webhooks.events")}</legend>
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
          {t("webhooks.register")}
        </button>
      </form>
      {secret ? (
        <div class="panel notice" role="status">
          <Secret label={secret.label} value={secret.value} note={t("webhooks.secretNote")} />
          <button type="button" onClick={() => setSecret(null)}>
            {t("webhooks.storedIt")}
          </button>
        </div>
      ) : null}
      <ErrorNote error={act.error} />
      <Loaded state={hooks} empty={t("webhooks.none")}>
        {(rows) => (
          <table>
            <caption>{t("webhooks.caption")}</caption>
            <Head
              cols={[
                t("webhooks.colUrl"),
                t("webhooks.colApplication"),
                t("webhooks.colEvents"),
                t("webhooks.colState"),
              ]}
              actions
            />
            <tbody>
              {rows.map((h) => (
                <tr key={h.id}>
                  <td class="mono">{h.url}</td>
                  <td>{appName(h.applicationId)}</td>
                  <td>{h.eventTypes || t("webhooks.allEvents")}</td>
                  <td>
                    <Badge tone={h.active ? "ok" : "warn"}>
                      {h.active ? t("webhooks.active") : t("webhooks.paused")}
                    </Badge>
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
                      {h.active ? t("webhooks.pause") : t("webhooks.resume")}
                    </button>{" "}
                    <button type="button" class="small" onClick={() => setRotate(h)}>
                      {t("webhooks.rotate")}
                    </button>{" "}
                    <button
                      type="button"
                      class="small"
                      aria-expanded={open === h.id}
                      onClick={() => setOpen(open === h.id ? null : h.id)}
                    >
                      {t("webhooks.deliveries")}
                    </button>{" "}
                    <button type="button" class="small danger" onClick={() => setDel(h)}>
                      {t("webhooks.delete")}
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
          title={t("webhooks.rotateTitle", { url: rotate.url })}
          action={t("webhooks.rotate")}
          onCancel={() => setRotate(null)}
          onDone={async () => {
            const r = await ok(api.POST("/api/webhooks/{id}/rotate-secret", { params: { path: { id: rotate.id } } }));
            setRotate(null);
            setSecret({ label: t("webhooks.newSigningSecret", { id: rotate.id }), value: r.secret });
          }}
        >
          <p>{t("webhooks.rotateText")}</p>
        </Confirm>
      ) : null}
      {del ? (
        <Confirm
          title={t("webhooks.deleteTitle", { url: del.url })}
          action={t("webhooks.deleteAction")}
          onCancel={() => setDel(null)}
          onDone={async () => {
            await ok(api.DELETE("/api/webhooks/{id}", { params: { path: { id: del.id } } }));
            setDel(null);
            setOpen(null);
            hooks.reload();
          }}
        >
          <p>{t("webhooks.deleteText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}
