/** @jsxImportSource preact */
/** My account: my email (verified or not; mail me a verification link), change password, TOTP enrolment (QR code, recovery codes shown once), devices, sessions and consents, my data. */
import { useEffect, useState } from "preact/hooks";
import QRCode from "qrcode";
import { api, currentClaims, ok, type Answer } from "../api";
import { useOrgs } from "../orgs-context";
import { t } from "../i18n";
import { Badge, Confirm, ErrorNote, Field, fmtTime, Loaded, Msg, useAsync, useForm, Head } from "../ui";
import { MyPasskeys } from "./passkeys";

type Session = Answer<"/api/users/me/sessions", "get">[number];
type Device = Answer<"/api/users/me/devices", "get">[number];

function ChangePassword() {
  const [v, setV] = useState({ currentPassword: "", newPassword: "", repeat: "" });
  const [done, setDone] = useState(false);
  const f = useForm();
  const mismatch = v.repeat !== "" && v.repeat !== v.newPassword;
  return (
    <form
      class="panel"
      aria-labelledby="pw"
      onSubmit={(e) => {
        e.preventDefault();
        if (mismatch) return;
        setDone(false);
        void f.run(async () => {
          await ok(
            api.POST("/api/users/me/password", {
              body: { currentPassword: v.currentPassword, newPassword: v.newPassword },
            }),
          );
          setV({ currentPassword: "", newPassword: "", repeat: "" });
          setDone(true);
        });
      }}
    >
      <h2 id="pw">{t("account.changePassword")}</h2>
      <div class="row">
        <Field
          label={t("account.currentPassword")}
          type="password"
          autoComplete="current-password"
          value={v.currentPassword}
          onValue={(x) => setV({ ...v, currentPassword: x })}
          required
          error={f.fieldError("currentPassword")}
        />
        <Field
          label={t("account.newPassword")}
          type="password"
          autoComplete="new-password"
          value={v.newPassword}
          onValue={(x) => setV({ ...v, newPassword: x })}
          required
          hint={t("account.passwordHint")}
          error={f.fieldError("newPassword")}
        />
        <Field
          label={t("account.repeatPassword")}
          type="password"
          autoComplete="new-password"
          value={v.repeat}
          onValue={(x) => setV({ ...v, repeat: x })}
          required
          error={mismatch ? t("account.mismatch") : undefined}
        />
      </div>
      <ErrorNote error={f.formError(["currentPassword", "newPassword"])} />
      {done ? (
        <p class="ok" role="status">
          {t("account.passwordChanged")}
        </p>
      ) : null}
      <button type="submit" class="primary" disabled={f.busy || mismatch}>
        {t("account.changePassword")}
      </button>
    </form>
  );
}

function Mfa({ enabled, onChange }: { enabled: boolean; onChange: () => void }) {
  const [uri, setUri] = useState<string | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codes, setCodes] = useState<string[] | null>(null);
  const [off, setOff] = useState(false);
  const f = useForm();
  useEffect(() => {
    if (uri) QRCode.toDataURL(uri, { margin: 1, width: 220, errorCorrectionLevel: "M" }).then(setQr, () => setQr(null));
  }, [uri]);
  if (codes)
    return (
      <section class="panel notice" aria-labelledby="mfa">
        <h2 id="mfa">{t("account.mfaIsOn")}</h2>
        <p>{t("account.recoveryIntro")}</p>
        <ol class="codes mono" aria-label={t("account.recoveryCodes")}>
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <div class="actions left">
          <button type="button" onClick={() => navigator.clipboard.writeText(codes.join("\n")).catch(() => {})}>
            {t("account.copyCodes")}
          </button>
          <button type="button" class="primary" onClick={() => (setCodes(null), setUri(null), onChange())}>
            {t("account.storedThem")}
          </button>
        </div>
      </section>
    );
  return (
    <section class="panel" aria-labelledby="mfa">
      <h2 id="mfa">
        <Msg
          id="account.mfaTitle"
          values={{
            state: <Badge tone={enabled ? "ok" : "warn"}>{enabled ? t("account.on") : t("account.off")}</Badge>,
          }}
        />
      </h2>
      {enabled ? (
        <button type="button" class="danger" onClick={() => setOff(true)}>
          {t("account.turnOffEllipsis")}
        </button>
      ) : uri ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void f.run(async () =>
              setCodes((await ok(api.POST("/api/mfa/setup/confirm", { body: { code: code.trim() } }))).recoveryCodes),
            );
          }}
        >
          <p>{t("account.scan")}</p>
          {qr ? <img class="qr" src={qr} width={220} height={220} alt={t("account.qrAlt")} /> : null}
          <details>
            <summary>{t("account.showKey")}</summary>
            <code class="wrap">{new URL(uri).searchParams.get("secret")}</code>
          </details>
          <Field
            label={t("account.codeFromApp")}
            value={code}
            onValue={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            error={f.fieldError("code")}
          />
          <ErrorNote error={f.formError(["code"])} />
          <button type="submit" class="primary" disabled={f.busy}>
            {t("account.turnOn")}
          </button>
        </form>
      ) : (
        <>
          <p>{t("account.mfaIntro")}</p>
          <button
            type="button"
            class="primary"
            onClick={() => void f.run(async () => setUri((await ok(api.POST("/api/mfa/setup/begin"))).otpAuthUri))}
          >
            {t("account.setUp")}
          </button>
          <ErrorNote error={f.error} />
        </>
      )}
      {off ? (
        <Confirm
          title={t("account.turnOffTitle")}
          action={t("account.turnOff")}
          onCancel={() => setOff(false)}
          onDone={async () => {
            await ok(api.POST("/api/mfa/disable"));
            setOff(false);
            onChange();
          }}
        >
          <p>{t("account.turnOffText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}

function Devices() {
  const devices = useAsync(() => ok(api.GET("/api/users/me/devices")), []);
  const [remove, setRemove] = useState<Device | null>(null);
  return (
    <section class="panel" aria-labelledby="devices">
      <h2 id="devices">{t("account.devices")}</h2>
      <Loaded state={devices} empty={t("account.noDevices")}>
        {(rows) => (
          <table>
            <Head cols={[t("account.colDevice"), t("account.colPlatform"), t("account.colLastSeen")]} actions />
            <tbody>
              {rows.map((d) => (
                <tr key={d.deviceId}>
                  <td>{d.name || d.deviceId}</td>
                  <td>{d.platform || "—"}</td>
                  <td>{fmtTime(d.lastSeenAt)}</td>
                  <td>
                    <button type="button" class="small danger" onClick={() => setRemove(d)}>
                      <Msg id="account.signOutDevice" values={{ name: <span class="sr-only">{d.name}</span> }} />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {remove ? (
        <Confirm
          title={t("account.signOutDeviceTitle", { name: remove.name || remove.deviceId })}
          action={t("account.signOutDeviceAction")}
          onCancel={() => setRemove(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/users/me/devices/{deviceId}", { params: { path: { deviceId: remove.deviceId } } }),
            );
            setRemove(null);
            devices.reload();
          }}
        >
          <p>{t("account.signOutDeviceText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}

/** What a session is, in the words of its owner. */
function kindOf(s: Session): string {
  if (s.kind === "signin") return t("account.kindBrowser");
  if (s.clientId) return t("account.kindApplication");
  const mode = s.mode ?? t("account.kindRefresh");
  return s.deviceId ? t("account.kindWithDevice", { mode, device: s.deviceId }) : mode;
}

function Sessions() {
  const { name } = useOrgs();
  const sessions = useAsync(() => ok(api.GET("/api/users/me/sessions")), []);
  const [end, setEnd] = useState<Session | null>(null);
  const [everywhere, setEverywhere] = useState(false);
  const [ended, setEnded] = useState<number | null>(null);
  return (
    <section class="panel" aria-labelledby="sessions">
      <h2 id="sessions">{t("account.sessions")}</h2>
      <Loaded state={sessions} empty={t("account.noSessions")}>
        {(rows) => (
          <table>
            <Head
              cols={[
                t("account.colKind"),
                t("account.colOrganization"),
                t("account.colApplication"),
                t("account.colStarted"),
                t("account.colEnds"),
              ]}
              actions
            />
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td>{kindOf(s)}</td>
                  <td>{s.organizationId !== null ? name(s.organizationId) : ""}</td>
                  <td class="mono">
                    {s.kind === "signin"
                      ? s.clientNames.join(", ") || t("account.noneYet")
                      : (s.clientName ?? s.clientId ?? s.audience)}
                  </td>
                  <td>{s.createdAt ? fmtTime(s.createdAt) : ""}</td>
                  <td>{fmtTime(s.expiresAt)}</td>
                  <td>
                    {s.current ? (
                      <Badge tone="ok">{t("account.thisSession")}</Badge>
                    ) : (
                      <button type="button" class="small danger" onClick={() => setEnd(s)}>
                        <Msg
                          id="account.endSession"
                          values={{ session: <span class="sr-only">{t("account.sessionNumber", { id: s.id })}</span> }}
                        />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      <p>
        <button type="button" class="danger" onClick={() => (setEnded(null), setEverywhere(true))}>
          {t("account.endOthers")}
        </button>
        {ended !== null ? (
          <span role="status"> {t(ended === 1 ? "sessions.ended.one" : "sessions.ended.other", { count: ended })}</span>
        ) : null}
      </p>
      {end ? (
        <Confirm
          title={t("account.endTitle")}
          action={t("account.endAction")}
          onCancel={() => setEnd(null)}
          onDone={async () => {
            await ok(api.DELETE("/api/users/me/sessions/{sessionId}", { params: { path: { sessionId: end.id } } }));
            setEnd(null);
            sessions.reload();
          }}
        >
          <p>{end.kind === "signin" ? t("account.endBrowserText") : t("account.endTokenText")}</p>
        </Confirm>
      ) : null}
      {everywhere ? (
        <Confirm
          title={t("account.endOthersTitle")}
          action={t("account.endOthersAction")}
          onCancel={() => setEverywhere(false)}
          onDone={async () => {
            const r = await ok(api.POST("/api/users/me/sessions/revoke-all"));
            setEverywhere(false);
            setEnded(r.revoked);
            sessions.reload();
          }}
        >
          <p>{t("account.endOthersText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}

type Consent = Answer<"/api/users/me/consents", "get">[number];

function Consents() {
  const consents = useAsync(() => ok(api.GET("/api/users/me/consents")), []);
  const [withdraw, setWithdraw] = useState<Consent | null>(null);
  return (
    <section class="panel" aria-labelledby="consents">
      <h2 id="consents">{t("account.consents")}</h2>
      <Loaded state={consents} empty={t("account.noConsents")}>
        {(rows) => (
          <table>
            <Head cols={[t("account.colApplication"), t("account.colShares"), t("account.colAllowed")]} actions />
            <tbody>
              {rows.map((c) => (
                <tr key={c.clientId}>
                  <td>{c.name}</td>
                  <td>{c.scopes.join(", ")}</td>
                  <td>{fmtTime(c.grantedAt)}</td>
                  <td>
                    <button type="button" class="small danger" onClick={() => setWithdraw(c)}>
                      <Msg
                        id="account.withdrawNamed"
                        values={{ consent: <span class="sr-only">{t("account.consentFor", { name: c.name })}</span> }}
                      />
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loaded>
      {withdraw ? (
        <Confirm
          title={t("account.withdrawTitle", { name: withdraw.name })}
          action={t("account.withdraw")}
          onCancel={() => setWithdraw(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/users/me/consents/{clientId}", { params: { path: { clientId: withdraw.clientId } } }),
            );
            setWithdraw(null);
            consents.reload();
          }}
        >
          <p>{t("account.withdrawText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}

/** My email address and whether it is verified; unverified: mail me a link that verifies it (CONTRACT §19). */
function MyEmail({ email, verified }: { email: string; verified: boolean }) {
  const [sent, setSent] = useState(false);
  const f = useForm();
  return (
    <section class="panel" aria-labelledby="my-email">
      <h2 id="my-email">{t("account.email")}</h2>
      <p>
        {email}{" "}
        <Badge tone={verified ? "ok" : "warn"}>{t(verified ? "users.emailVerified" : "users.emailUnverified")}</Badge>
      </p>
      {verified ? null : (
        <button
          type="button"
          disabled={f.busy}
          onClick={() =>
            void f.run(async () => {
              await ok(api.POST("/api/users/me/email/verify"));
              setSent(true);
            })
          }
        >
          {t("account.verifyEmail")}
        </button>
      )}
      {sent ? (
        <p class="ok" role="status">
          {t("account.verifySent", { email })}
        </p>
      ) : null}
      <ErrorNote error={f.formError([])} />
    </section>
  );
}

export function AccountPage() {
  const claims = currentClaims()!;
  const { name } = useOrgs();
  const me = useAsync(() => ok(api.GET("/api/users/me/export")), []);
  const [error, setError] = useState<unknown>(null);
  const download = () =>
    ok(api.GET("/api/users/me/export")).then((data) => {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: "application/json" }));
      a.download = "my-data.json";
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    }, setError);
  return (
    <section>
      <h1>{t("account.title")}</h1>
      <p>
        <Msg
          id="account.signedInAs"
          values={{
            sub: <strong>{claims.sub}</strong>,
            org: <strong>{claims.org_name ?? name(claims.org_id)}</strong>,
          }}
        />
      </p>
      <Loaded state={me}>{(data) => <MyEmail email={data.user.email} verified={data.user.emailVerified} />}</Loaded>
      <ChangePassword />
      <Loaded state={me}>{(data) => <Mfa enabled={data.mfa.enabled} onChange={me.reload} />}</Loaded>
      <MyPasskeys />
      <Devices />
      <Sessions />
      <Consents />
      <section class="panel" aria-labelledby="data">
        <h2 id="data">{t("account.myData")}</h2>
        <button type="button" onClick={download}>
          {t("account.download")}
        </button>
        <ErrorNote error={error} />
      </section>
    </section>
  );
}
