/** @jsxImportSource preact */
/**
 * Enterprise sign-in (CONTRACT §16): an organization's verified domains (DNS TXT proof) and its own
 * upstream OIDC or SAML identity provider, with the values to register there. The client secret is
 * write-only: the form never shows a stored one.
 */
import { useId, useState } from "preact/hooks";
import { api, can, currentClaims, ok, type Answer } from "../api";
import { useOrgChoices } from "../orgs-context";
import {
  Badge,
  Check,
  Confirm,
  ErrorNote,
  Field,
  fmtTime,
  Head,
  Loaded,
  Secret,
  Select,
  useAsync,
  useForm,
} from "../ui";
import { t } from "../i18n";

type Domain = Answer<"/api/organizations/{id}/domains", "get">[number];
type Idp = Answer<"/api/organizations/{id}/identity-providers", "get">[number];
type Role = Answer<"/api/roles", "get">[number];

function TextArea({
  label,
  value,
  onValue,
  error,
  hint,
  rows = 6,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: string;
  rows?: number;
}) {
  const id = useId();
  return (
    <div class={error ? "field invalid" : "field"}>
      <label for={id}>{label}</label>
      <textarea
        id={id}
        class="mono"
        rows={rows}
        value={value}
        spellcheck={false}
        aria-invalid={error ? "true" : undefined}
        aria-describedby={error ? `${id}-err` : hint ? `${id}-hint` : undefined}
        onInput={(e) => onValue((e.target as HTMLTextAreaElement).value)}
      />
      {error ? (
        <span class="field-error" id={`${id}-err`}>
          {error}
        </span>
      ) : hint ? (
        <span class="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** The values an administrator enters at the upstream, each copyable. */
function Upstream({ idp }: { idp: Idp }) {
  const note = t("sso.registerNote");
  return (
    <div class="panel notice" role="region" aria-label={t("sso.registerTitle", { name: idp.name })}>
      <h3>{t("sso.registerTitle", { name: idp.name })}</h3>
      {idp.redirectUri ? <Secret label={t("sso.redirectUri")} value={idp.redirectUri} note={note} /> : null}
      {idp.spEntityId ? <Secret label={t("sso.spEntityId")} value={idp.spEntityId} note={note} /> : null}
      {idp.acsUrl ? <Secret label={t("sso.acsUrl")} value={idp.acsUrl} note={note} /> : null}
      {idp.spMetadataUrl ? <Secret label={t("sso.spMetadataUrl")} value={idp.spMetadataUrl} note={note} /> : null}
    </div>
  );
}

function Domains({ orgId }: { orgId: number }) {
  const [domain, setDomain] = useState("");
  const [del, setDel] = useState<Domain | null>(null);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const f = useForm();
  const act = useForm();
  const list = useAsync(
    () => ok(api.GET("/api/organizations/{id}/domains", { params: { path: { id: orgId } } })),
    [orgId],
  );
  const verify = (d: Domain, force: boolean) =>
    void act.run(async () => {
      const r = await ok(
        api.POST("/api/organizations/{id}/domains/{domain}/verify", {
          params: { path: { id: orgId, domain: d.domain } },
          body: force ? { force: true } : {},
        }),
      );
      setChecked({ ...checked, [d.domain]: r.verified ? "" : (r.reason ?? t("sso.notYet")) });
      list.reload();
    });
  return (
    <section class="panel" aria-labelledby="sso-domains">
      <h2 id="sso-domains">{t("sso.domains")}</h2>
      <p class="muted">{t("sso.domainsIntro")}</p>
      <form
        class="toolbar"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            await ok(
              api.POST("/api/organizations/{id}/domains", { params: { path: { id: orgId } }, body: { domain } }),
            );
            setDomain("");
            list.reload();
          });
        }}
      >
        <Field
          label={t("sso.domain")}
          value={domain}
          onValue={setDomain}
          required
          placeholder="contoso.com"
          error={f.fieldError("domain")}
        />
        <button type="submit" class="primary" disabled={f.busy}>
          {t("sso.addDomain")}
        </button>
      </form>
      <ErrorNote error={f.formError(["domain"])} />
      <ErrorNote error={act.error} />
      <Loaded state={list} empty={t("sso.noDomains")}>
        {(rows) => (
          <table>
            <caption>{t("sso.domainsCaption")}</caption>
            <Head cols={[t("sso.colDomain"), t("sso.colStatus"), t("sso.colProof")]} actions />
            <tbody>
              {rows.map((d) => (
                <tr key={d.domain}>
                  <td class="mono">{d.domain}</td>
                  <td>
                    <Badge tone={d.verified ? "ok" : "warn"}>
                      {d.verified ? t("sso.verified") : t("sso.unverified")}
                    </Badge>
                    {d.verified ? <div class="muted">{fmtTime(d.verifiedAt)}</div> : null}
                    {!d.verified && checked[d.domain] ? <div class="muted">{checked[d.domain]}</div> : null}
                  </td>
                  <td>
                    {d.verified ? (
                      "—"
                    ) : (
                      <div>
                        <div>
                          {t("sso.txtName")}: <span class="mono">{d.txtName}</span>
                        </div>
                        <div>
                          {t("sso.txtValue")}: <span class="mono">{d.txtValue}</span>
                        </div>
                      </div>
                    )}
                  </td>
                  <td class="nowrap">
                    {d.verified ? null : (
                      <button type="button" class="small" onClick={() => verify(d, false)} disabled={act.busy}>
                        {t("sso.verify")}
                      </button>
                    )}{" "}
                    {!d.verified && can("PLATFORM_ADMIN") ? (
                      <button type="button" class="small" onClick={() => verify(d, true)} disabled={act.busy}>
                        {t("sso.force")}
                      </button>
                    ) : null}{" "}
                    <button type="button" class="small danger" onClick={() => setDel(d)}>
                      {t("sso.remove")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {del ? (
        <Confirm
          title={t("sso.removeDomainTitle", { domain: del.domain })}
          action={t("sso.remove")}
          onCancel={() => setDel(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/organizations/{id}/domains/{domain}", {
                params: { path: { id: orgId, domain: del.domain } },
              }),
            );
            setDel(null);
            list.reload();
          }}
        >
          <p>{t("sso.removeDomainText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}

interface Draft {
  kind: "oidc" | "saml";
  name: string;
  enabled: boolean;
  domains: string;
  jitEnabled: boolean;
  roleId: number;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  samlMode: "metadata" | "manual";
  metadataXml: string;
  entityId: string;
  ssoUrl: string;
  certificate: string;
  ssoRequired: boolean;
}

const blank: Draft = {
  kind: "oidc",
  name: "",
  enabled: true,
  domains: "",
  jitEnabled: false,
  roleId: 0,
  issuer: "",
  clientId: "",
  clientSecret: "",
  scopes: "openid email profile",
  samlMode: "metadata",
  metadataXml: "",
  entityId: "",
  ssoUrl: "",
  certificate: "",
  ssoRequired: false,
};

const draftOf = (x: Idp): Draft => ({
  ...blank,
  kind: x.kind,
  name: x.name,
  enabled: x.enabled,
  domains: x.domains.join(", "),
  jitEnabled: x.jit.enabled,
  roleId: x.jit.roleId ?? 0,
  issuer: x.oidc?.issuer ?? "",
  clientId: x.oidc?.clientId ?? "",
  scopes: x.oidc?.scopes.join(" ") ?? blank.scopes,
  samlMode: "manual",
  entityId: x.saml?.entityId ?? "",
  ssoUrl: x.saml?.ssoUrl ?? "",
  certificate: x.saml?.certificates.join("\n") ?? "",
  ssoRequired: x.ssoRequired,
});

function bodyOf(d: Draft) {
  const certificates = d.certificate.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [
    d.certificate,
  ];
  return {
    kind: d.kind,
    name: d.name,
    enabled: d.enabled,
    domains: d.domains
      .split(/[\s,]+/)
      .map((x) => x.trim())
      .filter(Boolean),
    jit: { enabled: d.jitEnabled, roleId: d.roleId || null },
    ssoRequired: d.ssoRequired,
    ...(d.kind === "oidc"
      ? {
          oidc: {
            issuer: d.issuer,
            clientId: d.clientId,
            ...(d.clientSecret ? { clientSecret: d.clientSecret } : {}),
            scopes: d.scopes.split(/\s+/).filter(Boolean),
          },
        }
      : {
          saml:
            d.samlMode === "metadata"
              ? { metadataXml: d.metadataXml }
              : { entityId: d.entityId, ssoUrl: d.ssoUrl, certificates: certificates.filter((c) => c.trim()) },
        }),
  };
}

function Connections({ orgId }: { orgId: number }) {
  const [draft, setDraft] = useState<Draft>(blank);
  const [editing, setEditing] = useState<Idp | null>(null);
  const [shown, setShown] = useState<Idp | null>(null);
  const [del, setDel] = useState<Idp | null>(null);
  const f = useForm();
  const list = useAsync(
    () => ok(api.GET("/api/organizations/{id}/identity-providers", { params: { path: { id: orgId } } })),
    [orgId],
  );
  const roles = useAsync(
    () =>
      can("ROLE_MANAGE")
        ? ok(api.GET("/api/roles", { params: { query: { organizationId: orgId, size: 200 } } }))
        : Promise.resolve([] as Role[]),
    [orgId],
  );
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const fields = [
    "kind",
    "name",
    "domains",
    "jit.roleId",
    "oidc",
    "oidc.issuer",
    "oidc.clientId",
    "oidc.clientSecret",
    "oidc.scopes",
    "saml",
    "saml.metadataXml",
    "saml.entityId",
    "saml.ssoUrl",
    "saml.certificates",
  ];
  const domainError = () => {
    for (let i = 0; i < 100; i++) {
      const m = f.fieldError(`domains[${i}]`);
      if (m) return m;
    }
    return f.fieldError("domains");
  };
  return (
    <section class="panel" aria-labelledby="sso-idps">
      <h2 id="sso-idps">{t("sso.connections")}</h2>
      <p class="muted">{t("sso.connectionsIntro")}</p>
      <Loaded state={list} empty={t("sso.noConnections")}>
        {(rows) => (
          <table>
            <caption>{t("sso.connectionsCaption")}</caption>
            <Head cols={[t("sso.colName"), t("sso.colKind"), t("sso.colDomains"), t("sso.colState")]} actions />
            <tbody>
              {rows.map((x) => (
                <tr key={x.id}>
                  <td>{x.name}</td>
                  <td>{x.kind === "oidc" ? "OpenID Connect" : "SAML 2.0"}</td>
                  <td class="mono">{x.domains.join(", ") || "—"}</td>
                  <td>
                    <Badge tone={x.enabled ? "ok" : "warn"}>{x.enabled ? t("sso.enabled") : t("sso.disabled")}</Badge>
                    {x.ssoRequired ? <div class="muted">{t("sso.ssoRequiredShort")}</div> : null}
                  </td>
                  <td class="nowrap">
                    <button
                      type="button"
                      class="small"
                      aria-expanded={shown?.id === x.id}
                      onClick={() => setShown(shown?.id === x.id ? null : x)}
                    >
                      {t("sso.showUpstream")}
                    </button>{" "}
                    <button
                      type="button"
                      class="small"
                      onClick={() => (setEditing(x), setDraft(draftOf(x)), f.setError(null))}
                    >
                      {t("sso.edit")}
                    </button>{" "}
                    <button type="button" class="small danger" onClick={() => setDel(x)}>
                      {t("sso.delete")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {shown ? <Upstream idp={shown} /> : null}
      <form
        aria-labelledby="sso-idp-form"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            const body = bodyOf(draft);
            const saved = editing
              ? await ok(
                  api.PUT("/api/organizations/{id}/identity-providers/{idpId}", {
                    params: { path: { id: orgId, idpId: editing.id } },
                    body,
                  }),
                )
              : await ok(
                  api.POST("/api/organizations/{id}/identity-providers", { params: { path: { id: orgId } }, body }),
                );
            setEditing(null);
            setDraft(blank);
            setShown(saved);
            list.reload();
          });
        }}
      >
        <h3 id="sso-idp-form">{editing ? t("sso.editTitle", { name: editing.name }) : t("sso.newTitle")}</h3>
        <div class="row">
          <Select
            label={t("sso.kind")}
            value={draft.kind}
            onValue={(x) => set({ kind: x })}
            options={[
              { value: "oidc", label: "OpenID Connect" },
              { value: "saml", label: "SAML 2.0" },
            ]}
          />
          <Field
            label={t("sso.name")}
            value={draft.name}
            onValue={(x) => set({ name: x })}
            required
            placeholder="Contoso (Entra ID)"
            error={f.fieldError("name")}
          />
        </div>
        <Field
          label={t("sso.connectionDomains")}
          value={draft.domains}
          onValue={(x) => set({ domains: x })}
          hint={t("sso.connectionDomainsHint")}
          error={domainError()}
        />
        {draft.kind === "oidc" ? (
          <fieldset>
            <legend>OpenID Connect</legend>
            <Field
              label={t("sso.issuer")}
              type="url"
              value={draft.issuer}
              onValue={(x) => set({ issuer: x })}
              required
              placeholder="https://login.microsoftonline.com/…/v2.0"
              error={f.fieldError("oidc.issuer")}
            />
            <div class="row">
              <Field
                label={t("sso.clientId")}
                value={draft.clientId}
                onValue={(x) => set({ clientId: x })}
                required
                error={f.fieldError("oidc.clientId")}
              />
              <Field
                label={t("sso.clientSecret")}
                type="password"
                autoComplete="off"
                value={draft.clientSecret}
                onValue={(x) => set({ clientSecret: x })}
                required={!editing?.oidc?.clientSecretSet}
                hint={editing?.oidc?.clientSecretSet ? t("sso.secretKept") : t("sso.secretWriteOnly")}
                error={f.fieldError("oidc.clientSecret")}
              />
            </div>
            <Field
              label={t("sso.scopes")}
              value={draft.scopes}
              onValue={(x) => set({ scopes: x })}
              error={f.fieldError("oidc.scopes")}
            />
          </fieldset>
        ) : (
          <fieldset>
            <legend>SAML 2.0</legend>
            <Select
              label={t("sso.samlMode")}
              value={draft.samlMode}
              onValue={(x) => set({ samlMode: x })}
              options={[
                { value: "metadata", label: t("sso.samlMetadata") },
                { value: "manual", label: t("sso.samlManual") },
              ]}
            />
            {draft.samlMode === "metadata" ? (
              <TextArea
                label={t("sso.metadataXml")}
                value={draft.metadataXml}
                onValue={(x) => set({ metadataXml: x })}
                rows={8}
                error={f.fieldError("saml.metadataXml") ?? f.fieldError("saml")}
              />
            ) : (
              <>
                <Field
                  label={t("sso.entityId")}
                  value={draft.entityId}
                  onValue={(x) => set({ entityId: x })}
                  error={f.fieldError("saml.entityId")}
                />
                <Field
                  label={t("sso.ssoUrl")}
                  type="url"
                  value={draft.ssoUrl}
                  onValue={(x) => set({ ssoUrl: x })}
                  error={f.fieldError("saml.ssoUrl")}
                />
                <TextArea
                  label={t("sso.certificates")}
                  value={draft.certificate}
                  onValue={(x) => set({ certificate: x })}
                  hint={t("sso.certificatesHint")}
                  error={f.fieldError("saml.certificates") ?? f.fieldError("saml.certificates[0]")}
                />
              </>
            )}
          </fieldset>
        )}
        <fieldset>
          <legend>{t("sso.accounts")}</legend>
          <Check label={t("sso.jitEnabled")} checked={draft.jitEnabled} onValue={(x) => set({ jitEnabled: x })} />
          <Select
            label={t("sso.jitRole")}
            value={draft.roleId}
            onValue={(x) => set({ roleId: x })}
            options={[
              { value: 0, label: t("sso.noRole") },
              ...(roles.data ?? []).map((r) => ({ value: r.id, label: r.name })),
            ]}
            error={f.fieldError("jit.roleId")}
          />
          <Check label={t("sso.enabledLabel")} checked={draft.enabled} onValue={(x) => set({ enabled: x })} />
          <Check label={t("sso.ssoRequired")} checked={draft.ssoRequired} onValue={(x) => set({ ssoRequired: x })} />
        </fieldset>
        <ErrorNote error={f.formError(fields)} />
        <div class="actions">
          {editing ? (
            <button type="button" onClick={() => (setEditing(null), setDraft(blank), f.setError(null))}>
              {t("ui.cancel")}
            </button>
          ) : null}
          <button type="submit" class="primary" disabled={f.busy}>
            {editing ? t("sso.save") : t("sso.create")}
          </button>
        </div>
      </form>
      {del ? (
        <Confirm
          title={t("sso.deleteTitle", { name: del.name })}
          action={t("sso.delete")}
          onCancel={() => setDel(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/organizations/{id}/identity-providers/{idpId}", {
                params: { path: { id: orgId, idpId: del.id } },
              }),
            );
            setDel(null);
            if (shown?.id === del.id) setShown(null);
            list.reload();
          }}
        >
          <p>{t("sso.deleteText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}

export function SsoPage() {
  const claims = currentClaims()!;
  const choices = useOrgChoices();
  const [orgId, setOrgId] = useState(claims.org_id);
  return (
    <section>
      <h1>{t("sso.title")}</h1>
      <p>{t("sso.intro")}</p>
      <div class="toolbar">
        <Select label={t("sso.organization")} value={orgId} onValue={setOrgId} options={choices} />
      </div>
      <Domains key={`d${orgId}`} orgId={orgId} />
      <Connections key={`c${orgId}`} orgId={orgId} />
    </section>
  );
}
