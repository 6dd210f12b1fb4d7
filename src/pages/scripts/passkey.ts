/**
 * The hosted pages' passkey script (bundled with @simplewebauthn/browser by src/pages/scripts.ts,
 * served under /pages/assets with a content hash). It shows the passkey button when the browser
 * has WebAuthn, asks for a passkey on a click, offers the passkeys in the email field's autofill
 * when the page asks for it, and posts the answer with the form it sits in.
 */
import {
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";

const box = document.getElementById("passkey");
const form = box?.closest("form");
if (box && form && browserSupportsWebAuthn()) {
  const optionsJSON = JSON.parse(box.dataset.options ?? "{}") as PublicKeyCredentialRequestOptionsJSON;
  const field = form.querySelector<HTMLInputElement>('input[name="credential"]');
  const error = document.getElementById("passkey-error");
  const button = document.getElementById("passkey-button");
  let sent = false;
  const send = (answer: AuthenticationResponseJSON) => {
    if (sent || !field) return;
    sent = true;
    field.value = JSON.stringify(answer);
    form.submit();
  };
  box.hidden = false;
  button?.addEventListener("click", async () => {
    if (error) error.hidden = true;
    try {
      send(await startAuthentication({ optionsJSON }));
    } catch {
      // Cancelled, timed out, or no passkey: say so; the other ways stay on the page.
      if (error) error.hidden = false;
    }
  });
  if (box.dataset.autofill === "true")
    void browserSupportsWebAuthnAutofill().then((yes) => {
      if (!yes) return;
      startAuthentication({ optionsJSON, useBrowserAutofill: true }).then(send, () => {
        // Aborted by the button's own request, or dismissed: nothing to show.
      });
    });
}
