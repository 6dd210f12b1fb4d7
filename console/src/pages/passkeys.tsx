/** @jsxImportSource preact */
/**
 * Passkeys (CONTRACT §14): the signed-in person's own on "My account" (register several, named;
 * when each was last used and whether it is backed up; rename; delete), and an administrator's view
 * of another user's with removal (the service applies the no-takeover rule). Registration runs the
 * browser's WebAuthn through @simplewebauthn/browser with the options the API answers.
 */
import { useState } from "preact/hooks";
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from "@simplewebauthn/browser";
import { api, ok, type Answer } from "../api";
import { t } from "../i18n";
import { Badge, Confirm, ErrorNote, Field, fmtTime, Head, Loaded, Msg, useAsync, useForm } from "../ui";

type Passkey = Answer<"/api/users/me/passkeys", "get">[number];

function PasskeyTable({
  rows,
  onRename,
  onRemove,
}: {
  rows: Passkey[];
  onRename?: (p: Passkey) => void;
  onRemove: (p: Passkey) => void;
}) {
  return (
    <table>
      <Head
        cols={[t("passkeys.colName"), t("passkeys.colAdded"), t("passkeys.colLastUsed"), t("passkeys.colBackedUp")]}
        actions
      />
      <tbody>
        {rows.map((p) => (
          <tr key={p.id}>
            <td>{p.name}</td>
            <td>{fmtTime(p.createdAt)}</td>
            <td>{p.lastUsedAt ? fmtTime(p.lastUsedAt) : t("passkeys.never")}</td>
            <td>
              {p.backedUp ? (
                <Badge tone="ok">{t("passkeys.backedUp")}</Badge>
              ) : (
                <Badge>{t("passkeys.thisDeviceOnly")}</Badge>
              )}
            </td>
            <td>
              {onRename ? (
                <button type="button" class="small" onClick={() => onRename(p)}>
                  <Msg id="passkeys.renameNamed" values={{ name: <span class="sr-only">{p.name}</span> }} />
                </button>
              ) : null}{" "}
              <button type="button" class="small danger" onClick={() => onRemove(p)}>
                <Msg id="passkeys.deleteNamed" values={{ name: <span class="sr-only">{p.name}</span> }} />
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** "My account": the caller's passkeys. */
export function MyPasskeys() {
  const list = useAsync(() => ok(api.GET("/api/users/me/passkeys")), []);
  const [name, setName] = useState("");
  const [added, setAdded] = useState<string | null>(null);
  const [rename, setRename] = useState<Passkey | null>(null);
  const [newName, setNewName] = useState("");
  const [remove, setRemove] = useState<Passkey | null>(null);
  const f = useForm();
  const supported = browserSupportsWebAuthn();
  return (
    <section class="panel" aria-labelledby="passkeys">
      <h2 id="passkeys">{t("passkeys.title")}</h2>
      <p>{t("passkeys.intro")}</p>
      <Loaded state={list} empty={t("passkeys.noneYet")}>
        {(rows) => (
          <PasskeyTable
            rows={rows}
            onRename={(p) => {
              setNewName(p.name);
              setRename(p);
            }}
            onRemove={setRemove}
          />
        )}
      </Loaded>
      {supported ? (
        <form
          class="inline"
          onSubmit={(e) => {
            e.preventDefault();
            setAdded(null);
            void f.run(async () => {
              const begin = await ok(api.POST("/api/users/me/passkeys/register/begin", { body: name ? { name } : {} }));
              const credential = await startRegistration({
                optionsJSON: begin.options as unknown as PublicKeyCredentialCreationOptionsJSON,
              });
              const made = await ok(
                api.POST("/api/users/me/passkeys/register/finish", {
                  body: { attemptId: begin.attemptId, credential: credential as unknown as Record<string, unknown> },
                }),
              );
              setName("");
              setAdded(made.name);
              list.reload();
            });
          }}
        >
          <Field label={t("passkeys.newName")} value={name} onValue={setName} hint={t("passkeys.newNameHint")} />
          <button type="submit" class="primary" disabled={f.busy}>
            {t("passkeys.add")}
          </button>
        </form>
      ) : (
        <p class="muted">{t("passkeys.unsupported")}</p>
      )}
      <ErrorNote error={f.error} />
      {added ? (
        <p class="ok" role="status">
          {t("passkeys.added", { name: added })}
        </p>
      ) : null}
      {rename ? (
        <Confirm
          title={t("passkeys.renameTitle", { name: rename.name })}
          action={t("passkeys.rename")}
          danger={false}
          onCancel={() => setRename(null)}
          onDone={async () => {
            await ok(
              api.PUT("/api/users/me/passkeys/{id}", { params: { path: { id: rename.id } }, body: { name: newName } }),
            );
            setRename(null);
            list.reload();
          }}
        >
          <Field label={t("passkeys.renameLabel")} value={newName} onValue={setNewName} required />
        </Confirm>
      ) : null}
      {remove ? (
        <Confirm
          title={t("passkeys.deleteTitle", { name: remove.name })}
          action={t("passkeys.delete")}
          onCancel={() => setRemove(null)}
          onDone={async () => {
            await ok(api.DELETE("/api/users/me/passkeys/{id}", { params: { path: { id: remove.id } } }));
            setRemove(null);
            list.reload();
          }}
        >
          <p>{t("passkeys.deleteText")}</p>
        </Confirm>
      ) : null}
    </section>
  );
}

/** A user's passkeys, for an administrator (removal only). */
export function UserPasskeys({ userId, email }: { userId: number; email: string }) {
  const list = useAsync(() => ok(api.GET("/api/users/{id}/passkeys", { params: { path: { id: userId } } })), [userId]);
  const [remove, setRemove] = useState<Passkey | null>(null);
  return (
    <>
      <h3>{t("passkeys.title")}</h3>
      <Loaded state={list} empty={t("passkeys.none")}>
        {(rows) => <PasskeyTable rows={rows} onRemove={setRemove} />}
      </Loaded>
      {remove ? (
        <Confirm
          title={t("passkeys.removeTitle", { email, name: remove.name })}
          action={t("passkeys.remove")}
          onCancel={() => setRemove(null)}
          onDone={async () => {
            await ok(
              api.DELETE("/api/users/{id}/passkeys/{passkeyId}", {
                params: { path: { id: userId, passkeyId: remove.id } },
              }),
            );
            setRemove(null);
            list.reload();
          }}
        >
          <p>{t("passkeys.removeText")}</p>
        </Confirm>
      ) : null}
    </>
  );
}
