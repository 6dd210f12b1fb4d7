/**
 * The passkey part of the sign-in and second-factor pages (CONTRACT §14): a form that posts the
 * browser's WebAuthn answer (`credential`, JSON) with the attempt it answers. Its controls stay
 * hidden until the page script (scripts/passkey.ts, a static asset: the CSP allows no inline
 * script) finds WebAuthn in the browser; without JavaScript the page is the password / code form
 * alone. The options travel in a data attribute, which Preact escapes like any other.
 */
import { Form, useKit } from "./kit";

export interface PasskeyOffer {
  /** Where the answer is posted. */
  action: string;
  hidden?: Readonly<Record<string, string>>;
  /** The signed attempt of the options. */
  attemptId: string;
  /** The WebAuthn request options JSON (what @simplewebauthn/browser's startAuthentication takes). */
  options: unknown;
  /** Also offer the passkeys in the email field's autofill (conditional mediation). */
  autofill?: boolean;
  /** The button's words: the usernameless sign-in, or the second factor. */
  purpose: "signIn" | "secondFactor";
  /** The only way offered on the page: no "or" before it. */
  alone?: boolean;
}

export function PasskeyForm(p: PasskeyOffer) {
  const { t } = useKit();
  const label = p.alone
    ? t("passkey.confirm")
    : p.purpose === "signIn"
      ? t("passkey.signIn")
      : t("passkey.secondFactor");
  return (
    <Form action={p.action} hidden={{ ...p.hidden, attemptId: p.attemptId }} label={label}>
      <div
        id="passkey"
        class="passkey"
        data-options={JSON.stringify(p.options)}
        data-autofill={p.autofill ? "true" : "false"}
        hidden
      >
        <input type="hidden" name="credential" value="" />
        {!p.alone && <p class="or">{t("passkey.or")}</p>}
        <p class="field-error" id="passkey-error" hidden>
          {t("passkey.cancelled")}
        </p>
        <div class="actions">
          <button type="button" id="passkey-button" class="secondary">
            {label}
          </button>
        </div>
      </div>
    </Form>
  );
}
