/** @jsxImportSource preact */
/**
 * Branding of the hosted sign-in pages and mails (CONTRACT §15): the tenant's display name, colour,
 * support link and logo, and per application an override whose empty fields inherit. A live
 * preview shows the sign-in page as it will look (the colours applied through the CSS object model,
 * which the console's CSP allows, never an inline style attribute).
 */
import { useState } from "preact/hooks";
import { api, currentClaims, ok, type Answer } from "../api";
import { consoleLocale, t } from "../i18n";
import { Check, ErrorNote, Field, Loaded, Select, useAsync, useForm } from "../ui";
import { useOrgChoices } from "../orgs-context";

type TenantBranding = Answer<"/api/branding", "get">;
const DEFAULT_COLOR = "#1f5fbf";
const LOGO_MAX = 64 * 1024;

/** WCAG 2.2 relative luminance and contrast ratio (the server applies the same rule). */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};
const isColor = (s: string) => /^#[0-9a-fA-F]{6}$/.test(s);
const textOn = (c: string) => (contrast(c, "#ffffff") >= contrast(c, "#111111") ? "#ffffff" : "#111111");

interface Draft {
  displayName: string;
  primaryColor: string;
  supportUrl: string;
  /** A new logo as a data: URL; null = remove; undefined = keep. */
  logo?: string | null;
  logoUrl: string | null;
  newDeviceAlert: boolean;
}

function Preview({ draft, inherited }: { draft: Draft; inherited?: Partial<Draft> }) {
  const name = draft.displayName || inherited?.displayName || t("branding.previewDefaultName");
  const color = isColor(draft.primaryColor)
    ? draft.primaryColor
    : inherited?.primaryColor && isColor(inherited.primaryColor)
      ? inherited.primaryColor
      : DEFAULT_COLOR;
  const logo = draft.logo === null ? null : (draft.logo ?? draft.logoUrl ?? inherited?.logoUrl ?? null);
  const support = draft.supportUrl || inherited?.supportUrl;
  return (
    <figure class="panel brand-preview" aria-label={t("branding.previewLabel")}>
      <figcaption>{t("branding.preview")}</figcaption>
      <div class="brand-preview-page" style={{ borderTopColor: color }}>
        <div class="brand-preview-header">
          {logo && <img src={logo} alt="" />}
          <strong>{name}</strong>
          {support && <span class="brand-preview-link">{t("branding.previewSupport")}</span>}
        </div>
        <p class="brand-preview-title">{t("branding.previewSignIn")}</p>
        <p class="brand-preview-field">{t("branding.previewEmail")}</p>
        <p class="brand-preview-field">{t("branding.previewPassword")}</p>
        <span class="brand-preview-button" style={{ background: color, color: textOn(color) }}>
          {t("branding.previewSignIn")}
        </span>
      </div>
    </figure>
  );
}

function readFile(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error);
    r.readAsDataURL(file);
  });
}

function BrandingForm({
  initial,
  inherited,
  tenant,
  save,
}: {
  initial: Draft;
  inherited?: Partial<Draft>;
  tenant: boolean;
  save: (body: Record<string, unknown>) => Promise<Draft>;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [saved, setSaved] = useState(false);
  const [logoProblem, setLogoProblem] = useState<string | null>(null);
  const f = useForm();
  const set = (k: keyof Draft) => (v: string | boolean) => {
    setSaved(false);
    setDraft({ ...draft, [k]: v });
  };
  const colorWarning =
    isColor(draft.primaryColor) &&
    Math.max(contrast(draft.primaryColor, "#ffffff"), contrast(draft.primaryColor, "#111111")) < 4.5
      ? t("branding.colorUnreadable")
      : undefined;
  const fields = ["displayName", "primaryColor", "supportUrl", "logo", "newDeviceAlert"];
  return (
    <div class="split">
      <form
        class="panel"
        aria-label={tenant ? t("branding.formTenant") : t("branding.formApp")}
        onSubmit={(e) => {
          e.preventDefault();
          void f.run(async () => {
            const body: Record<string, unknown> = {
              displayName: draft.displayName.trim() || null,
              primaryColor: draft.primaryColor.trim() || null,
              supportUrl: draft.supportUrl.trim() || null,
            };
            if (draft.logo !== undefined) body.logo = draft.logo;
            if (tenant) body.newDeviceAlert = draft.newDeviceAlert;
            setDraft(await save(body));
            setSaved(true);
          });
        }}
      >
        <Field
          label={t("branding.displayName")}
          value={draft.displayName}
          onValue={set("displayName")}
          hint={tenant ? t("branding.displayNameHintTenant") : t("branding.displayNameHintApp")}
          error={f.fieldError("displayName")}
        />
        <Field
          label={t("branding.color")}
          value={draft.primaryColor}
          onValue={set("primaryColor")}
          placeholder={DEFAULT_COLOR}
          hint={colorWarning ?? t("branding.colorHint")}
          error={f.fieldError("primaryColor")}
        />
        <Field
          label={t("branding.support")}
          type="url"
          value={draft.supportUrl}
          onValue={set("supportUrl")}
          placeholder="https://help.example.com/"
          error={f.fieldError("supportUrl")}
        />
        <div class={f.fieldError("logo") || logoProblem ? "field invalid" : "field"}>
          <label for="brand-logo">{t("branding.logo")}</label>
          <input
            id="brand-logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-describedby={f.fieldError("logo") || logoProblem ? "brand-logo-err" : undefined}
            onChange={async (e) => {
              const file = (e.target as HTMLInputElement).files?.[0];
              if (!file) return;
              if (file.size > LOGO_MAX) {
                setLogoProblem(t("branding.logoTooLarge"));
                return;
              }
              setLogoProblem(null);
              setSaved(false);
              setDraft({ ...draft, logo: await readFile(file) });
            }}
          />
          {(f.fieldError("logo") || logoProblem) && (
            <span class="field-error" id="brand-logo-err">
              {f.fieldError("logo") ?? logoProblem}
            </span>
          )}
        </div>
        {(draft.logoUrl || draft.logo) && draft.logo !== null && (
          <button type="button" class="small brand-remove" onClick={() => setDraft({ ...draft, logo: null })}>
            {t("branding.removeLogo")}
          </button>
        )}
        {tenant && <Check label={t("branding.alert")} checked={draft.newDeviceAlert} onValue={set("newDeviceAlert")} />}
        <ErrorNote error={f.formError(fields)} />
        <div class="actions left">
          <button type="submit" class="primary" disabled={f.busy}>
            {t("branding.save")}
          </button>
          {saved && (
            <span role="status" class="muted">
              {t("branding.saved")}
            </span>
          )}
        </div>
      </form>
      <Preview draft={draft} inherited={inherited} />
    </div>
  );
}

const draftOf = (b: Omit<TenantBranding, "newDeviceAlert"> & { newDeviceAlert?: boolean }): Draft => ({
  displayName: b.displayName ?? "",
  primaryColor: b.primaryColor ?? "",
  supportUrl: b.supportUrl ?? "",
  logoUrl: b.logoUrl,
  newDeviceAlert: b.newDeviceAlert ?? false,
});

export function BrandingPage() {
  const claims = currentClaims()!;
  const [scope, setScope] = useState<number>(0);
  // Applications belong to organizations: any org in reach can be picked, not only the active one.
  const choices = useOrgChoices();
  const [orgId, setOrgId] = useState(claims.org_id);
  const tenant = useAsync(() => ok(api.GET("/api/branding", {})), []);
  const apps = useAsync(
    () => ok(api.GET("/api/applications", { params: { query: { organizationId: orgId } } })),
    [orgId],
  );
  const app = useAsync(
    () =>
      scope
        ? ok(api.GET("/api/applications/{applicationId}/branding", { params: { path: { applicationId: scope } } }))
        : Promise.resolve(null),
    [scope],
  );
  const options = [
    { value: 0, label: t("branding.scopeTenant") },
    ...(apps.data ?? []).map((a) => ({ value: a.id, label: t("branding.scopeApp", { name: a.name }) })),
  ];
  return (
    // The page's language, as <html lang> says for the whole console.
    <section lang={consoleLocale}>
      <h1>{t("branding.title")}</h1>
      <p>{t("branding.intro")}</p>
      <div class="toolbar">
        <Select
          label={t("branding.organization")}
          value={orgId}
          onValue={(x) => (setOrgId(x), setScope(0))}
          options={choices}
        />
        <Select label={t("branding.scope")} value={scope} onValue={setScope} options={options} />
      </div>
      {scope === 0 ? (
        <Loaded state={tenant}>
          {(b) => (
            <BrandingForm
              key="tenant"
              tenant
              initial={draftOf(b)}
              save={async (body) => draftOf(await ok(api.PUT("/api/branding", { body })))}
            />
          )}
        </Loaded>
      ) : (
        <Loaded state={app}>
          {(b) =>
            b && (
              <BrandingForm
                key={`app-${scope}`}
                tenant={false}
                initial={draftOf(b)}
                inherited={draftOf({ ...b.effective })}
                save={async (body) =>
                  draftOf(
                    await ok(
                      api.PUT("/api/applications/{applicationId}/branding", {
                        params: { path: { applicationId: scope } },
                        body,
                      }),
                    ),
                  )
                }
              />
            )
          }
        </Loaded>
      )}
    </section>
  );
}
