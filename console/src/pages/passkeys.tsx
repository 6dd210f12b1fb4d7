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
import { Badge, Confirm, ErrorNote, Field, fmtTime, Head, Loaded, useAsync, useForm } from "../ui";

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
      <Head cols={["Name", "Added", "Last used", "Backed up"]} actions />
      <tbody>
        {rows.map((p) => (
          <tr key={p.id}>
            <td>{p.name}</td>
            <td>{fmtTime(p.createdAt)}</td>
            <td>{p.lastUsedAt ? fmtTime(p.lastUsedAt) : "never"}</td>
            <td>{p.backedUp ? <Badge tone="ok">backed up</Badge> : <Badge>this device only</Badge>}</td>
            <td>
              {onRename ? (
                <button type="button" class="small" onClick={() => onRename(p)}>
                  Rename <span class="sr-only">{p.name}</span>
                </button>
              ) : null}{" "}
              <button type="button" class="small danger" onClick={() => onRemove(p)}>
                Delete <span class="sr-only">{p.name}</span>
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
      <h2 id="passkeys">Passkeys</h2>
      <p>Sign in without a password, with your device's screen lock or a security key.</p>
      <Loaded state={list} empty="No passkeys yet.">
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
          <Field label="Name of the new passkey" value={name} onValue={setName} hint="e.g. Work laptop" />
          <button type="submit" class="primary" disabled={f.busy}>
            Add a passkey
          </button>
        </form>
      ) : (
        <p class="muted">This browser cannot create passkeys.</p>
      )}
      <ErrorNote error={f.error} />
      {added ? (
        <p class="ok" role="status">
          Passkey “{added}” added.
        </p>
      ) : null}
      {rename ? (
        <Confirm
          title={`Rename ${rename.name}`}
          action="Rename"
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
          <Field label="New name" value={newName} onValue={setNewName} required />
        </Confirm>
      ) : null}
      {remove ? (
        <Confirm
          title={`Delete the passkey ${remove.name}?`}
          action="Delete passkey"
          onCancel={() => setRemove(null)}
          onDone={async () => {
            await ok(api.DELETE("/api/users/me/passkeys/{id}", { params: { path: { id: remove.id } } }));
            setRemove(null);
            list.reload();
          }}
        >
          <p>It can no longer sign in to this account. Remove it from the device too.</p>
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
      <h3>Passkeys</h3>
      <Loaded state={list} empty="No passkeys.">
        {(rows) => <PasskeyTable rows={rows} onRemove={setRemove} />}
      </Loaded>
      {remove ? (
        <Confirm
          title={`Remove ${email}'s passkey ${remove.name}?`}
          action="Remove passkey"
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
          <p>It can no longer sign in to this account. The user is not told; the audit trail records it.</p>
        </Confirm>
      ) : null}
    </>
  );
}
