/** @jsxImportSource preact */
/**
 * Home: the console's landing area. What this service is for the tenant at a glance: the whole
 * tenant's organizations, users, applications and API clients and its sign-ins and failed sign-ins
 * of the last 24 hours (GET /api/tenant/summary, for an administrator of the whole tenant); the
 * active organization's own counts from its lists (and, without the tenant's summary, its subtree's
 * sign-ins from GET /api/audit); the issuer and the discovery URL with copy buttons; and the next
 * step ("register your first application"). Each count is shown where the token's permissions
 * open it.
 */
import { ApiError, api, can, currentClaims, ok } from "../api";
import { t } from "../i18n";
import { useOrgs } from "../orgs-context";
import { describe, Secret, useAsync } from "../ui";

/** Lists answer at most this many rows in one call; more shows as "1000+". */
const CAP = 1000;

async function countUsers(organizationId: number): Promise<number> {
  let n = 0;
  let after: number | undefined;
  while (n < CAP) {
    const page = await ok(api.GET("/api/users", { params: { query: { organizationId, size: 100, after } } }));
    n += page.length;
    if (page.length < 100) break;
    after = page[page.length - 1].id;
  }
  return n;
}

async function countAudit(organizationId: number, action: string): Promise<number> {
  const from = new Date(Date.now() - 24 * 3600 * 1000).toISOString();
  const rows = await ok(api.GET("/api/audit", { params: { query: { organizationId, action, from, size: CAP } } }));
  return rows.length;
}

const shown = (n: number) => (n >= CAP ? `${CAP}+` : String(n));

function Count({ label, load, deps }: { label: string; load: () => Promise<number>; deps: unknown[] }) {
  const s = useAsync(load, deps);
  return (
    <li class="stat">
      <span class="stat-value">{s.loading ? "…" : s.error ? "—" : shown(s.data ?? 0)}</span>
      <span class="stat-label">{label}</span>
      {s.error ? <span class="hint">{describe(s.error)}</span> : null}
    </li>
  );
}

/** Whether a SUBTREE role reaches the tenant's root organization (path `/tenant/root/`): the summary's rule. */
function reachesWholeTenant(): boolean {
  const c = currentClaims();
  if (!c) return false;
  if (c.permissions.includes("PLATFORM_ADMIN")) return true;
  return c.scope_subtree.some((p) => p.startsWith(`/${c.tenant_id}/`) && p.split("/").filter(Boolean).length <= 2);
}

/** The tenant's summary, or null where the caller's roles do not cover the whole tenant (403). */
async function tenantSummary() {
  if (!can("ORG_MANAGE") || !reachesWholeTenant()) return null;
  try {
    return await ok(api.GET("/api/tenant/summary"));
  } catch (e) {
    if (e instanceof ApiError && e.problem.status === 403) return null;
    throw e;
  }
}

function Stat({ value, label }: { value: number | null | undefined; label: string }) {
  return (
    <li class="stat">
      <span class="stat-value">{value === undefined ? "…" : value === null ? "—" : String(value)}</span>
      <span class="stat-label">{label}</span>
    </li>
  );
}

export function HomePage() {
  const claims = currentClaims()!;
  const orgs = useOrgs();
  const org = claims.org_id;
  const issuer = claims.iss;
  const tenant = useAsync(tenantSummary, [claims.tenant_id]);
  const whole = tenant.data ?? null;
  const clients = useAsync(
    () =>
      can("CLIENT_MANAGE")
        ? ok(api.GET("/api/clients", { params: { query: { organizationId: org } } }))
        : Promise.resolve(null),
    [org],
  );
  const orgName = claims.org_name ?? t("shell.orgNumber", { id: org });
  return (
    <section>
      <h1>{t("home.title")}</h1>
      <p class="muted">{t("home.intro", { org: orgName })}</p>
      {tenant.loading || whole ? (
        <>
          <h2>{t("home.tenant")}</h2>
          <ul class="stats" aria-busy={tenant.loading ? "true" : undefined}>
            <Stat value={whole?.organizations} label={t("home.tenant.orgs")} />
            <Stat value={whole?.users} label={t("home.tenant.users")} />
            <Stat value={whole?.applications} label={t("home.tenant.apps")} />
            <Stat value={whole?.clients} label={t("home.tenant.clients")} />
            {whole?.signIns !== null ? <Stat value={whole?.signIns} label={t("home.signIns")} /> : null}
            {whole?.failedSignIns !== null ? <Stat value={whole?.failedSignIns} label={t("home.failures")} /> : null}
          </ul>
        </>
      ) : null}
      {tenant.error ? <p class="hint">{describe(tenant.error)}</p> : null}
      <h2>{whole ? t("home.inOrg", { org: orgName }) : t("home.atAGlance")}</h2>
      <ul class="stats">
        {can("ORG_MANAGE") ? (
          <li class="stat">
            <span class="stat-value">{orgs.loading ? "…" : String(orgs.orgs.length)}</span>
            <span class="stat-label">{t("home.orgs")}</span>
          </li>
        ) : null}
        {can("USER_MANAGE") ? (
          <Count label={t("home.users", { org: orgName })} load={() => countUsers(org)} deps={[org]} />
        ) : null}
        {can("ORG_MANAGE") ? (
          <Count
            label={t("home.apps", { org: orgName })}
            load={async () =>
              (await ok(api.GET("/api/applications", { params: { query: { organizationId: org } } }))).length
            }
            deps={[org]}
          />
        ) : null}
        {can("CLIENT_MANAGE") ? (
          <li class="stat">
            <span class="stat-value">
              {clients.loading ? "…" : clients.error ? "—" : String(clients.data?.length ?? 0)}
            </span>
            <span class="stat-label">{t("home.clients", { org: orgName })}</span>
          </li>
        ) : null}
        {can("AUDIT_VIEW") && !tenant.loading && !whole ? (
          <>
            <Count label={t("home.signIns")} load={() => countAudit(org, "auth.login.succeeded")} deps={[org]} />
            <Count label={t("home.failures")} load={() => countAudit(org, "auth.login.failed")} deps={[org]} />
          </>
        ) : null}
      </ul>
      {can("CLIENT_MANAGE") && clients.data ? (
        <div class="panel notice">
          <h2>{t("home.next")}</h2>
          {(whole ? whole.clients : clients.data.length) === 0 ? (
            <>
              <p>{t("home.nextFirst")}</p>
              <a class="button primary" href="/console/clients#new-client">
                {t("home.registerFirst")}
              </a>
            </>
          ) : (
            <>
              <p>{t("home.nextConnect")}</p>
              <a class="button" href="/console/clients">
                {t("home.openClients")}
              </a>
            </>
          )}
        </div>
      ) : null}
      <h2>{t("home.endpoints")}</h2>
      <p class="muted">{t("home.endpointsIntro")}</p>
      <Secret label={t("home.issuer")} value={issuer} note="" />
      <Secret label={t("home.discovery")} value={`${issuer}/.well-known/openid-configuration`} note="" />
    </section>
  );
}
