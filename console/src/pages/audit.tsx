/** @jsxImportSource preact */
/** The audit log of an organization's subtree, newest first, with its filters. */
import { useState } from "preact/hooks";
import { api, currentClaims, ok } from "../api";
import { useOrgChoices, useOrgs } from "../orgs-context";
import { type ConsoleKey, t } from "../i18n";
import { en } from "../i18n/en";

/** The entry as a readable line: the action in words (its code when the console has none), by whom. */
function lineOf(e: { action: string; actorLabel: string | null; metadata: Record<string, unknown> }): string {
  const key = `audit.line.${e.action}`;
  const what = key in en ? t(key as ConsoleKey) : e.action;
  const actor = e.actorLabel ?? (typeof e.metadata.actorId === "number" ? `#${e.metadata.actorId}` : null);
  return actor ? `${what} ${t("audit.byActor", { actor })}` : what;
}

/** The details worth a glance (`reason: bad_password`, `roleName: Admin`), without the actor (named on the line). */
const detailsOf = (metadata: Record<string, unknown>) =>
  Object.entries(metadata)
    .filter(([k, v]) => k !== "actorId" && v !== null && typeof v !== "object")
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(", ");
import { ErrorNote, Field, fmtTime, Loaded, Select, useAsync, useForm, Head } from "../ui";

/** `datetime-local` input value → ISO time (the API takes RFC 3339). */
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function AuditPage() {
  const claims = currentClaims()!;
  const { name } = useOrgs();
  const choices = useOrgChoices();
  const [filters, setFilters] = useState({
    organizationId: claims.org_id,
    action: "",
    userId: "",
    q: "",
    from: "",
    to: "",
    size: 50,
  });
  const [applied, setApplied] = useState(filters);
  // Details as a readable summary; their JSON on demand (one toggle for the page, one Tab stop).
  const [json, setJson] = useState(false);
  const f = useForm();
  const entries = useAsync(
    () =>
      ok(
        api.GET("/api/audit", {
          params: {
            query: {
              organizationId: applied.organizationId,
              action: applied.action || undefined,
              userId: applied.userId ? Number(applied.userId) : undefined,
              q: applied.q || undefined,
              from: iso(applied.from),
              to: iso(applied.to),
              size: applied.size,
            },
          },
        }),
      ),
    [applied],
  );
  const set = (k: keyof typeof filters) => (v: string | number) => setFilters({ ...filters, [k]: v });
  return (
    <section>
      <h1>{t("audit.title")}</h1>
      <form
        class="panel filters"
        aria-label={t("audit.filters")}
        onSubmit={(e) => {
          e.preventDefault();
          setApplied({ ...filters });
        }}
      >
        <div class="row">
          <Select
            label={t("audit.organization")}
            value={filters.organizationId}
            onValue={set("organizationId")}
            options={choices}
          />
          <Field
            label={t("audit.action")}
            value={filters.action}
            onValue={set("action")}
            placeholder="user.created"
            error={entries.error ? undefined : undefined}
          />
          <Field label={t("audit.userId")} inputMode="numeric" value={filters.userId} onValue={set("userId")} />
          <Field
            label={t("audit.text")}
            type="search"
            value={filters.q}
            onValue={set("q")}
            placeholder={t("audit.textPlaceholder")}
          />
          <Field label={t("audit.from")} type="datetime-local" value={filters.from} onValue={set("from")} />
          <Field label={t("audit.to")} type="datetime-local" value={filters.to} onValue={set("to")} />
        </div>
        <div class="actions left">
          <button type="submit" class="primary">
            {t("audit.apply")}
          </button>
          <button
            type="button"
            onClick={() => {
              const clear = {
                organizationId: claims.org_id,
                action: "",
                userId: "",
                q: "",
                from: "",
                to: "",
                size: 50,
              };
              setFilters(clear);
              setApplied(clear);
            }}
          >
            {t("audit.clear")}
          </button>
        </div>
      </form>
      <ErrorNote error={f.error} />
      <Loaded state={entries} empty={t("audit.none")}>
        {(rows) => (
          <>
            <button type="button" aria-pressed={json} onClick={() => setJson(!json)}>
              {t("audit.showJson")}
            </button>
            <table class="audit">
              <caption>
                {t(rows.length === 1 ? "audit.caption.one" : "audit.caption.other", { count: rows.length })}
              </caption>
              <Head
                cols={[
                  t("audit.colWhen"),
                  t("audit.colAction"),
                  t("audit.colUser"),
                  t("audit.colOrganization"),
                  t("audit.colIp"),
                  t("audit.colDetails"),
                ]}
              />
              <tbody>
                {rows.map((e) => (
                  <tr key={e.id}>
                    <td class="nowrap">{fmtTime(e.createdAt)}</td>
                    <td>
                      {lineOf(e)}
                      <br />
                      <code class="muted small-text">{e.action}</code>
                    </td>
                    <td>{e.userLabel ?? (e.userId === null ? "—" : `#${e.userId}`)}</td>
                    <td>{e.organizationId === null ? "—" : name(e.organizationId)}</td>
                    <td>{e.ipAddress ?? "—"}</td>
                    <td class="small-text">
                      {json ? <pre class="mono">{JSON.stringify(e.metadata, null, 2)}</pre> : detailsOf(e.metadata)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {rows.length === applied.size ? (
              <button
                type="button"
                onClick={() => setApplied({ ...applied, size: Math.min(500, applied.size + 100) })}
                disabled={applied.size >= 500}
              >
                {t("audit.more")}
              </button>
            ) : null}
          </>
        )}
      </Loaded>
    </section>
  );
}
