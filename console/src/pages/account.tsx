/** @jsxImportSource preact */
/** My account: change password, TOTP enrolment (QR code, recovery codes shown once), devices, sessions and consents, my data. */
import { useEffect, useState } from "preact/hooks";
import QRCode from "qrcode";
import { api, currentClaims, ok, type Answer } from "../api";
import { useOrgs } from "../orgs-context";
import { Badge, Confirm, ErrorNote, Field, fmtTime, Loaded, useAsync, useForm, Head } from "../ui";
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
      <h2 id="pw">Change password</h2>
      <div class="row">
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={v.currentPassword}
          onValue={(x) => setV({ ...v, currentPassword: x })}
          required
          error={f.fieldError("currentPassword")}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={v.newPassword}
          onValue={(x) => setV({ ...v, newPassword: x })}
          required
          hint="8 to 200 characters"
          error={f.fieldError("newPassword")}
        />
        <Field
          label="Repeat the new password"
          type="password"
          autoComplete="new-password"
          value={v.repeat}
          onValue={(x) => setV({ ...v, repeat: x })}
          required
          error={mismatch ? "does not match the new password" : undefined}
        />
      </div>
      <ErrorNote error={f.formError(["currentPassword", "newPassword"])} />
      {done ? (
        <p class="ok" role="status">
          Password changed. Your other sessions were signed out.
        </p>
      ) : null}
      <button type="submit" class="primary" disabled={f.busy || mismatch}>
        Change password
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
        <h2 id="mfa">Two-step verification is on</h2>
        <p>
          Keep these recovery codes somewhere safe. Each works once when you have no authenticator at hand. They are
          shown only now.
        </p>
        <ol class="codes mono" aria-label="Recovery codes">
          {codes.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
        <div class="actions left">
          <button type="button" onClick={() => navigator.clipboard.writeText(codes.join("\n")).catch(() => {})}>
            Copy codes
          </button>
          <button type="button" class="primary" onClick={() => (setCodes(null), setUri(null), onChange())}>
            I have stored them
          </button>
        </div>
      </section>
    );
  return (
    <section class="panel" aria-labelledby="mfa">
      <h2 id="mfa">
        Two-step verification <Badge tone={enabled ? "ok" : "warn"}>{enabled ? "on" : "off"}</Badge>
      </h2>
      {enabled ? (
        <button type="button" class="danger" onClick={() => setOff(true)}>
          Turn off…
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
          <p>Scan the code with an authenticator app, then enter the 6-digit code it shows.</p>
          {qr ? <img class="qr" src={qr} width={220} height={220} alt="QR code of your authenticator secret" /> : null}
          <details>
            <summary>Cannot scan? Show the setup key</summary>
            <code class="wrap">{new URL(uri).searchParams.get("secret")}</code>
          </details>
          <Field
            label="Code from the app"
            value={code}
            onValue={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            error={f.fieldError("code")}
          />
          <ErrorNote error={f.formError(["code"])} />
          <button type="submit" class="primary" disabled={f.busy}>
            Turn on
          </button>
        </form>
      ) : (
        <>
          <p>Ask for a code from an authenticator app at every sign-in.</p>
          <button
            type="button"
            class="primary"
            onClick={() => void f.run(async () => setUri((await ok(api.POST("/api/mfa/setup/begin"))).otpAuthUri))}
          >
            Set up an authenticator
          </button>
          <ErrorNote error={f.error} />
        </>
      )}
      {off ? (
        <Confirm
          title="Turn off two-step verification?"
          action="Turn off"
          onCancel={() => setOff(false)}
          onDone={async () => {
            await ok(api.POST("/api/mfa/disable"));
            setOff(false);
            onChange();
          }}
        >
          <p>Sign-in will then need only your password, and your recovery codes stop working.</p>
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
      <h2 id="devices">My devices</h2>
      <Loaded state={devices} empty="No devices: you have signed in only from browsers.">
        {(rows) => (
          <table>
            <Head cols={["Device", "Platform", "Last seen"]} actions />
            <tbody>
              {rows.map((d) => (
                <tr key={d.deviceId}>
                  <td>{d.name || d.deviceId}</td>
                  <td>{d.platform || "—"}</td>
                  <td>{fmtTime(d.lastSeenAt)}</td>
                  <td>
                    <button type="button" class="small danger" onClick={() => setRemove(d)}>
                      Sign out <span class="sr-only">{d.name}</span>
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
          title={`Sign out ${remove.name || remove.deviceId}?`}
          action="Sign out device"
          onCancel={() => setRemove(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/users/me/devices/{deviceId}", { params: { path: { deviceId: remove.deviceId } } }),
            );
            setRemove(null);
            devices.reload();
          }}
        >
          <p>The device's sessions end now; it must sign in again.</p>
        </Confirm>
      ) : null}
    </section>
  );
}

/** What a session is, in the words of its owner. */
function kindOf(s: Session): string {
  if (s.kind === "signin") return "Browser sign-in";
  if (s.clientId) return "Application";
  return `${s.mode ?? "refresh"}${s.deviceId ? ` (${s.deviceId})` : ""}`;
}

function Sessions() {
  const { name } = useOrgs();
  const sessions = useAsync(() => ok(api.GET("/api/users/me/sessions")), []);
  const [end, setEnd] = useState<Session | null>(null);
  const [everywhere, setEverywhere] = useState(false);
  const [ended, setEnded] = useState<number | null>(null);
  return (
    <section class="panel" aria-labelledby="sessions">
      <h2 id="sessions">My sessions</h2>
      <Loaded state={sessions} empty="No live sessions.">
        {(rows) => (
          <table>
            <Head cols={["Kind", "Organization", "Application", "Started", "Ends"]} actions />
            <tbody>
              {rows.map((s) => (
                <tr key={s.id}>
                  <td>{kindOf(s)}</td>
                  <td>{s.organizationId !== null ? name(s.organizationId) : ""}</td>
                  <td class="mono">
                    {s.kind === "signin" ? s.clients.join(", ") || "(none yet)" : (s.clientId ?? s.audience)}
                  </td>
                  <td>{s.createdAt ? fmtTime(s.createdAt) : ""}</td>
                  <td>{fmtTime(s.expiresAt)}</td>
                  <td>
                    {s.current ? (
                      <Badge tone="ok">this session</Badge>
                    ) : (
                      <button type="button" class="small danger" onClick={() => setEnd(s)}>
                        End <span class="sr-only">session {s.id}</span>
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
          End all other sessions
        </button>
        {ended !== null ? <span role="status"> {ended} session(s) ended.</span> : null}
      </p>
      {end ? (
        <Confirm
          title="End this session?"
          action="End session"
          onCancel={() => setEnd(null)}
          onDone={async () => {
            await ok(api.DELETE("/api/users/me/sessions/{sessionId}", { params: { path: { sessionId: end.id } } }));
            setEnd(null);
            sessions.reload();
          }}
        >
          <p>
            {end.kind === "signin"
              ? "This browser sign-in ends, and with it every application signed in through it."
              : "This session must sign in again once its current access token lapses (at most 15 minutes)."}
          </p>
        </Confirm>
      ) : null}
      {everywhere ? (
        <Confirm
          title="End all other sessions?"
          action="End them"
          onCancel={() => setEverywhere(false)}
          onDone={async () => {
            const r = await ok(api.POST("/api/users/me/sessions/revoke-all"));
            setEverywhere(false);
            setEnded(r.revoked);
            sessions.reload();
          }}
        >
          <p>Signs you out everywhere else: every other sign-in and session of yours ends now; this one stays.</p>
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
      <h2 id="consents">Applications I allowed</h2>
      <Loaded state={consents} empty="You have not allowed any third-party application.">
        {(rows) => (
          <table>
            <Head cols={["Application", "Shares", "Allowed"]} actions />
            <tbody>
              {rows.map((c) => (
                <tr key={c.clientId}>
                  <td>{c.name}</td>
                  <td>{c.scopes.join(", ")}</td>
                  <td>{fmtTime(c.grantedAt)}</td>
                  <td>
                    <button type="button" class="small danger" onClick={() => setWithdraw(c)}>
                      Withdraw <span class="sr-only">consent for {c.name}</span>
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
          title={`Withdraw your consent for ${withdraw.name}?`}
          action="Withdraw"
          onCancel={() => setWithdraw(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/users/me/consents/{clientId}", { params: { path: { clientId: withdraw.clientId } } }),
            );
            setWithdraw(null);
            consents.reload();
          }}
        >
          <p>The application's sessions end, and it must ask you again next time.</p>
        </Confirm>
      ) : null}
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
      <h1>My account</h1>
      <p>
        Signed in as <strong>{claims.sub}</strong>, active organization{" "}
        <strong>{claims.org_name ?? name(claims.org_id)}</strong>.
      </p>
      <ChangePassword />
      <Loaded state={me}>{(data) => <Mfa enabled={data.mfa.enabled} onChange={me.reload} />}</Loaded>
      <MyPasskeys />
      <Devices />
      <Sessions />
      <Consents />
      <section class="panel" aria-labelledby="data">
        <h2 id="data">My data</h2>
        <button type="button" onClick={download}>
          Download everything held about me (JSON)
        </button>
        <ErrorNote error={error} />
      </section>
    </section>
  );
}
