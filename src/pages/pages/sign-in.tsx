/**
 * Sign-in. Three steps share one page: `email-and-password` (both fields together), and the
 * identifier-first pair `email` then `password`. Field names and `autocomplete` values are stable
 * (`email` / `username`, `password` / `current-password`), so password managers and scripted
 * clients keep working across versions.
 */
import type { Msg } from "../i18n";
import { ALERT_ID, Field, Form, type FormTarget, useKit, Submit } from "../kit";
import { type PasskeyOffer, PasskeyForm } from "../passkey";
import type { Page } from "../render";

interface SignInCommon extends FormTarget {
  /** The application the person is signing in to, when known (first-party name or client name). */
  appName?: string;
  forgotPasswordUrl?: string;
  setupLinkUrl?: string;
  /** About the whole form (e.g. `problem.credentials`, `problem.locked`). */
  error?: Msg;
  fieldErrors?: { email?: Msg; password?: Msg };
  /** "Sign in with a passkey" and the email field's passkey autofill (shown only with JavaScript). */
  passkey?: PasskeyOffer;
}

export type SignInProps = SignInCommon &
  (
    | {
        /** Both fields together, or the first step of identifier-first sign-in. */
        step: "email-and-password" | "email";
        /** Prefills the email field (e.g. from `login_hint`, or after an error). */
        email?: string;
      }
    | {
        /** The second step of identifier-first sign-in: the password for `email`. */
        step: "password";
        email: string;
        /** Back to the `email` step. */
        otherEmailUrl?: string;
      }
  );

function SignInBody(p: SignInProps) {
  const { t } = useKit();
  const asksEmail = p.step !== "password";
  const asksPassword = p.step !== "email";
  const fe = p.fieldErrors ?? {};
  // The focus goes to the first field with an error; after a refused attempt (an alert) to the
  // password, described by the alert so it is read out; else to the step's first field.
  const focusEmail = asksEmail && (!!fe.email || !((fe.password || p.error) && asksPassword));
  const alertId = p.error ? ALERT_ID : undefined;
  return (
    <>
      <Form action={p.action} hidden={p.hidden}>
        {asksEmail ? (
          <Field
            id="email"
            name="email"
            type="email"
            label={t("signIn.email")}
            autocomplete={p.passkey?.autofill ? "username webauthn" : "username"}
            inputMode="email"
            verbatim
            value={p.email}
            error={fe.email}
            autofocus={focusEmail}
            describedBy={focusEmail ? alertId : undefined}
          />
        ) : (
          <>
            {/* The address travels with the password, and tells password managers whose it is. */}
            <input type="email" name="email" autocomplete="username" value={p.email} readOnly hidden />
            <p class="identity">{t("signIn.signingInAs", { email: p.email ?? "" })}</p>
          </>
        )}
        {asksPassword && (
          <Field
            id="password"
            name="password"
            type="password"
            label={t("signIn.password")}
            autocomplete="current-password"
            error={fe.password}
            autofocus={!focusEmail}
            describedBy={focusEmail ? undefined : alertId}
          />
        )}
        <Submit>{p.step === "email" ? t("signIn.continue") : t("signIn.submit")}</Submit>
      </Form>
      {p.passkey && <PasskeyForm {...p.passkey} />}
      <ul class="links">
        {p.step === "password" && p.otherEmailUrl && (
          <li>
            <a href={p.otherEmailUrl}>{t("signIn.otherEmail")}</a>
          </li>
        )}
        {asksPassword && p.forgotPasswordUrl && (
          <li>
            <a href={p.forgotPasswordUrl}>{t("signIn.forgot")}</a>
          </li>
        )}
        {p.setupLinkUrl && (
          <li>
            <a href={p.setupLinkUrl}>{t("signIn.setupLink")}</a>
          </li>
        )}
      </ul>
    </>
  );
}

export const signInPage: Page<SignInProps> = {
  id: "sign-in",
  title: (p, t) => (p.appName ? t("signIn.titleTo", { app: p.appName }) : t("signIn.title")),
  alert: (p) => p.error,
  invalid: (p) => !!(p.error || p.fieldErrors?.email || p.fieldErrors?.password),
  Body: SignInBody,
};
