/** @jsxImportSource preact */
/**
 * SAML service providers of an application (CONTRACT §17; docs/saml.md): list, register, edit,
 * remove; after saving, the IdP values to enter at the SAML application (metadata URL, entity id,
 * SSO and SLO URLs, the IdP-initiated link).
 */
import { useId, useState } from "preact/hooks";
import { api, ok, type Answer } from "../api";
import type { paths } from "../api/schema";
import { t } from "../i18n";
import { Check, Confirm, ErrorNote, Field, Head, Loaded, Secret, Select, useAsync, useForm } from "../ui";

type Sp = Answer<"/api/applications/{applicationId}/saml-providers", "get">[number];
type Body =
  paths["/api/applications/{applicationId}/saml-providers"]["post"]["requestBody"]["content"]["application/json"];

const lines = (s: string) =>
  s
    .split(/\r?\n/)
    .map((x) => x.trim())
    .filter(Boolean);

function Lines({
  label,
  value,
  onValue,
  error,
  hint,
  mono = true,
}: {
  label: string;
  value: string;
  onValue: (v: string) => void;
  error?: string;
  hint?: string;
  mono?: boolean;
}) {
  const id = useId();
  return (
    <div class={error ? "field invalid" : "field"}>
      <label for={id}>{label}</label>
      <textarea
        id={id}
        class={mono ? "mono" : undefined}
        rows={4}
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

/** What to enter at the SAML application. */
function IdpValues({ sp }: { sp: Sp }) {
  const note = t("saml.enterAtSp");
  return (
    <div class="panel notice" role="region" aria-label={t("saml.idpTitle", { entity: sp.entityId })}>
      <h3>{t("saml.idpTitle", { entity: sp.entityId })}</h3>
      <Secret label={t("saml.metadataUrl")} value={sp.idp.metadataUrl} note={note} />
      <Secret label={t("saml.idpEntityId")} value={sp.idp.entityId} note={note} />
      <Secret label={t("saml.ssoUrl")} value={sp.idp.ssoUrl} note={note} />
      <Secret label={t("saml.sloUrl")} value={sp.idp.sloUrl} note={note} />
      <Secret label={t("saml.initUrl")} value={sp.idp.initUrl} />
    </div>
  );
}

function SpForm({ appId, sp, onDone }: { appId: number; sp?: Sp; onDone: (saved?: Sp) => void }) {
  const [v, setV] = useState({
    entityId: sp?.entityId ?? "",
    acsUrls: sp?.acsUrls.join("\n") ?? "",
    nameIdFormat: sp?.nameIdFormat ?? ("persistent" as "persistent" | "emailAddress"),
    attributes: sp?.attributes.map((a) => `${a.name} = ${a.from}`).join("\n") ?? "email = email\nname = name",
    signAuthnRequests: sp?.signAuthnRequests ?? false,
    certificate: sp?.certificate ?? "",
    sloUrl: sp?.sloUrl ?? "",
  });
  const f = useForm();
  const fields = ["entityId", "acsUrls", "nameIdFormat", "attributes", "signAuthnRequests", "certificate", "sloUrl"];
  return (
    <form
      class="panel"
      onSubmit={(e) => {
        e.preventDefault();
        void f.run(async () => {
          const body = {
            entityId: v.entityId.trim(),
            acsUrls: lines(v.acsUrls),
            nameIdFormat: v.nameIdFormat,
            attributes: lines(v.attributes).map((l) => {
              const [name, from = ""] = l.split("=").map((x) => x.trim());
              return { name, from };
            }),
            signAuthnRequests: v.signAuthnRequests,
            certificate: v.certificate.trim() || null,
            sloUrl: v.sloUrl.trim() || null,
          } as Body;
          const saved = sp
            ? await ok(
                api.PUT("/api/applications/{applicationId}/saml-providers/{spId}", {
                  params: { path: { applicationId: appId, spId: sp.id } },
                  body,
                }),
              )
            : await ok(
                api.POST("/api/applications/{applicationId}/saml-providers", {
                  params: { path: { applicationId: appId } },
                  body,
                }),
              );
          onDone(saved);
        });
      }}
    >
      <h3>{sp ? t("saml.editTitle", { entity: sp.entityId }) : t("saml.new")}</h3>
      <div class="row">
        <Field
          label={t("saml.entityId")}
          value={v.entityId}
          onValue={(x) => setV({ ...v, entityId: x })}
          required
          placeholder="https://app.example.com/saml/metadata"
          error={f.fieldError("entityId")}
        />
        <Select
          label={t("saml.nameIdFormat")}
          value={v.nameIdFormat}
          onValue={(x) => setV({ ...v, nameIdFormat: x })}
          options={[
            { value: "persistent", label: t("saml.persistent") },
            { value: "emailAddress", label: t("saml.emailAddress") },
          ]}
        />
        <Field
          label={t("saml.sloUrlSp")}
          value={v.sloUrl}
          onValue={(x) => setV({ ...v, sloUrl: x })}
          placeholder="https://app.example.com/saml/slo"
          error={f.fieldError("sloUrl")}
        />
      </div>
      <div class="row">
        <Lines
          label={t("saml.acsUrls")}
          value={v.acsUrls}
          onValue={(x) => setV({ ...v, acsUrls: x })}
          hint={t("saml.onePerLine")}
          error={f.fieldError("acsUrls") ?? f.fieldError("acsUrls[0]")}
        />
        <Lines
          label={t("saml.attributes")}
          value={v.attributes}
          onValue={(x) => setV({ ...v, attributes: x })}
          hint={t("saml.attributesHint")}
          error={f.fieldError("attributes")}
        />
      </div>
      <Check
        label={t("saml.signRequests")}
        checked={v.signAuthnRequests}
        onValue={(x) => setV({ ...v, signAuthnRequests: x })}
      />
      <Lines
        label={t("saml.certificate")}
        value={v.certificate}
        onValue={(x) => setV({ ...v, certificate: x })}
        hint={t("saml.certificateHint")}
        error={f.fieldError("certificate")}
      />
      <ErrorNote error={f.formError(fields)} />
      <div class="actions left">
        <button type="submit" class="primary" disabled={f.busy}>
          {sp ? t("saml.save") : t("saml.register")}
        </button>
        <button type="button" onClick={() => onDone()}>
          {t("saml.cancel")}
        </button>
      </div>
    </form>
  );
}

/** The SAML service providers of `app`. */
export function SamlProviders({ app }: { app: { id: number; name: string } }) {
  const sps = useAsync(
    () =>
      ok(api.GET("/api/applications/{applicationId}/saml-providers", { params: { path: { applicationId: app.id } } })),
    [app.id],
  );
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [shown, setShown] = useState<Sp | null>(null);
  const [del, setDel] = useState<Sp | null>(null);
  const done = (saved?: Sp) => {
    setEditing(null);
    if (saved) setShown(saved);
    sps.reload();
  };
  return (
    <section class="panel" aria-label={t("saml.of", { name: app.name })}>
      <h2>{t("saml.of", { name: app.name })}</h2>
      <p class="muted">{t("saml.intro")}</p>
      <Loaded state={sps} empty={t("saml.none")}>
        {(rows) => (
          <table>
            <caption>{t("saml.caption", { name: app.name })}</caption>
            <Head cols={[t("saml.entityId"), t("saml.acsUrls"), t("saml.nameIdFormat")]} actions />
            <tbody>
              {rows.map((sp) => (
                <tr key={sp.id}>
                  <td>
                    <code>{sp.entityId}</code>
                  </td>
                  <td>{sp.acsUrls.join(", ")}</td>
                  <td>{sp.nameIdFormat === "persistent" ? t("saml.persistent") : t("saml.emailAddress")}</td>
                  <td class="nowrap">
                    <button type="button" class="small" onClick={() => setShown(shown?.id === sp.id ? null : sp)}>
                      {t("saml.idpValues")}
                      <span class="sr-only"> {sp.entityId}</span>
                    </button>{" "}
                    <button type="button" class="small" onClick={() => setEditing(sp.id)}>
                      {t("saml.edit")}
                      <span class="sr-only"> {sp.entityId}</span>
                    </button>{" "}
                    <button type="button" class="small" onClick={() => setDel(sp)}>
                      {t("saml.delete")}
                      <span class="sr-only"> {sp.entityId}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      <div class="actions left">
        <button type="button" onClick={() => setEditing("new")}>
          {t("saml.new")}
        </button>
      </div>
      {editing === "new" ? <SpForm appId={app.id} onDone={done} /> : null}
      {typeof editing === "number" && sps.data?.find((s) => s.id === editing) ? (
        <SpForm key={editing} appId={app.id} sp={sps.data.find((s) => s.id === editing)} onDone={done} />
      ) : null}
      {shown ? <IdpValues sp={shown} /> : null}
      {del ? (
        <Confirm
          title={t("saml.deleteTitle", { entity: del.entityId })}
          action={t("saml.delete")}
          onCancel={() => setDel(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/applications/{applicationId}/saml-providers/{spId}", {
                params: { path: { applicationId: app.id, spId: del.id } },
              }),
            );
            setDel(null);
            if (shown?.id === del.id) setShown(null);
            sps.reload();
          }}
        >
          <p>{t("saml.deleteText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}
