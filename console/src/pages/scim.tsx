/** @jsxImportSource preact */
/** SCIM tokens: an organization's tokens for Entra ID or Okta provisioning (create, shown once; revoke). */
import { useState } from "preact/hooks";
import { api, currentClaims, ok, type Answer } from "../api";
import { useOrgChoices } from "../orgs-context";
import { Confirm, ErrorNote, Field, fmtTime, Head, Loaded, Secret, Select, useAsync, useForm } from "../ui";
import { t } from "../i18n";

type ScimToken = Answer<"/api/organizations/{id}/scim-tokens", "get">[number];

export function ScimPage() {
  const claims = currentClaims()!;
  const choices = useOrgChoices();
  const [orgId, setOrgId] = useState(claims.org_id);
  const [name, setName] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const [revoke, setRevoke] = useState<ScimToken | null>(null);
  const f = useForm();
  const tokens = useAsync(
    () => ok(api.GET("/api/organizations/{id}/scim-tokens", { params: { path: { id: orgId } } })),
    [orgId],
  );
  const base = `${location.origin}/scim/v2`;
  return (
    <section>
      <h1>{t("scim.title")}</h1>
      <p>{t("scim.intro", { url: base })}</p>
      <div class="toolbar">
        <Select
          label={t("scim.organization")}
          value={orgId}
          onValue={(x) => (setOrgId(x), setSecret(null))}
          options={choices}
        />
      </div>
      <form
        class="panel"
        aria-labelledby="new-scim-token"
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            const r = await ok(
              api.POST("/api/organizations/{id}/scim-tokens", { params: { path: { id: orgId } }, body: { name } }),
            );
            setSecret(r.token);
            setName("");
            tokens.reload();
          });
        }}
      >
        <h2 id="new-scim-token">{t("scim.new")}</h2>
        <Field
          label={t("scim.name")}
          value={name}
          onValue={setName}
          required
          placeholder="Entra ID"
          error={f.fieldError("name")}
        />
        <ErrorNote error={f.formError(["name"])} />
        <button type="submit" class="primary" disabled={f.busy}>
          {t("scim.create")}
        </button>
      </form>
      {secret ? (
        <div class="panel notice" role="status">
          <Secret label={t("scim.token")} value={secret} note={t("scim.tokenNote", { url: base })} />
          <button type="button" onClick={() => setSecret(null)}>
            {t("scim.storedIt")}
          </button>
        </div>
      ) : null}
      <Loaded state={tokens} empty={t("scim.none")}>
        {(rows) => (
          <table>
            <caption>{t("scim.caption")}</caption>
            <Head cols={[t("scim.colName"), t("scim.colCreated"), t("scim.colLastUsed")]} actions />
            <tbody>
              {rows.map((k) => (
                <tr key={k.id}>
                  <td>{k.name}</td>
                  <td>{fmtTime(k.createdAt)}</td>
                  <td>{k.lastUsedAt ? fmtTime(k.lastUsedAt) : t("scim.never")}</td>
                  <td>
                    <button type="button" class="small danger" onClick={() => setRevoke(k)}>
                      {t("scim.revoke")}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {revoke ? (
        <Confirm
          title={t("scim.revokeTitle", { name: revoke.name })}
          action={t("scim.revoke")}
          onCancel={() => setRevoke(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/organizations/{id}/scim-tokens/{tokenId}", {
                params: { path: { id: orgId, tokenId: revoke.id } },
              }),
            );
            setRevoke(null);
            tokens.reload();
          }}
        >
          <p>{t("scim.revokeText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}
