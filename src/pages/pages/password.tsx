/**
 * Forgotten password, on the hosted pages: ask for a code (`forgotPasswordPage`, posts `email`),
 * the "check your mail" page (`forgotSentPage`), choose a new password with the mailed code
 * (`resetPasswordPage`, posts `token` and `newPassword`), and the confirmation (`resetDonePage`).
 * The same pages serve a setup code an administrator sent. Whether an account exists is never
 * shown: the sent page reads the same for any address.
 */
import type { Msg } from "../i18n";
import { ALERT_ID, Field, Form, type FormTarget, useKit, OneLink, Submit } from "../kit";
import type { Page } from "../render";

/** Back to the sign-in the person came from, when known (a validated same-origin path). */
interface Back {
  signInUrl?: string;
}

function BackLink(p: Back & { extra?: { href: string; label: string } }) {
  const { t } = useKit();
  if (!p.signInUrl && !p.extra) return null;
  return (
    <ul class="links">
      {p.extra && (
        <li>
          <a href={p.extra.href}>{p.extra.label}</a>
        </li>
      )}
      {p.signInUrl && (
        <li>
          <a href={p.signInUrl}>{t("forgot.backToSignIn")}</a>
        </li>
      )}
    </ul>
  );
}

export interface ForgotPasswordProps extends FormTarget, Back {
  email?: string;
  error?: Msg;
}

function ForgotBody(p: ForgotPasswordProps) {
  const { t } = useKit();
  return (
    <>
      <p>{t("forgot.intro")}</p>
      <Form action={p.action} hidden={p.hidden}>
        <Field
          id="email"
          name="email"
          type="email"
          label={t("signIn.email")}
          autocomplete="username"
          inputMode="email"
          verbatim
          value={p.email}
          error={p.error}
          autofocus
        />
        <Submit>{t("forgot.submit")}</Submit>
      </Form>
      <BackLink signInUrl={p.signInUrl} />
    </>
  );
}

export const forgotPasswordPage: Page<ForgotPasswordProps> = {
  id: "forgot-password",
  title: (_p, t) => t("forgot.title"),
  invalid: (p) => !!p.error,
  Body: ForgotBody,
};

export interface ForgotSentProps extends Back {
  /** The page where the mailed code is entered. */
  resetUrl: string;
}

function SentBody(p: ForgotSentProps) {
  const { t } = useKit();
  return (
    <>
      <p>{t("forgot.sent.body")}</p>
      <BackLink signInUrl={p.signInUrl} extra={{ href: p.resetUrl, label: t("forgot.sent.enterCode") }} />
    </>
  );
}

export const forgotSentPage: Page<ForgotSentProps> = {
  id: "forgot-sent",
  title: (_p, t) => t("forgot.sent.title"),
  Body: SentBody,
};

export interface ResetPasswordProps extends FormTarget, Back {
  /** The code from the mail (prefilled from the mail's link). */
  token?: string;
  /** About the code (unknown, expired, used): shown in the alert, the focus on the code. */
  error?: Msg;
  fieldErrors?: { token?: Msg; newPassword?: Msg };
}

function ResetBody(p: ResetPasswordProps) {
  const { t } = useKit();
  const fe = p.fieldErrors ?? {};
  // The focus goes to the first invalid field; else to the code when it is missing or refused (the
  // alert describes it then), else to the new password.
  const focusToken = !!fe.token || (!fe.newPassword && (!p.token || !!p.error));
  return (
    <>
      <Form action={p.action} hidden={p.hidden}>
        <Field
          id="token"
          name="token"
          type="text"
          label={t("reset.code")}
          autocomplete="one-time-code"
          verbatim
          value={p.token}
          error={fe.token}
          autofocus={focusToken}
          describedBy={p.error && focusToken ? ALERT_ID : undefined}
        />
        <Field
          id="newPassword"
          name="newPassword"
          type="password"
          label={t("reset.newPassword")}
          hint={t("reset.newPasswordHint")}
          autocomplete="new-password"
          error={fe.newPassword}
          autofocus={!focusToken}
        />
        <Submit>{t("reset.submit")}</Submit>
      </Form>
      <BackLink signInUrl={p.signInUrl} />
    </>
  );
}

export const resetPasswordPage: Page<ResetPasswordProps> = {
  id: "reset-password",
  title: (_p, t) => t("reset.title"),
  alert: (p) => p.error,
  invalid: (p) => !!(p.error || p.fieldErrors?.token || p.fieldErrors?.newPassword),
  Body: ResetBody,
};

export interface ResetDoneProps extends Back {
  /**
   * Where to sign in when the person did not come from an application's sign-in (a mailed setup
   * or reset link): the console, which starts its own sign-in (CONTRACT §19).
   */
  consoleUrl?: string;
}

function DoneBody(p: ResetDoneProps) {
  const { t } = useKit();
  return (
    <>
      <p>{t("reset.done.body")}</p>
      {p.signInUrl ? (
        <OneLink href={p.signInUrl}>{t("reset.done.continue")}</OneLink>
      ) : (
        p.consoleUrl && <OneLink href={p.consoleUrl}>{t("reset.done.console")}</OneLink>
      )}
    </>
  );
}

export const resetDonePage: Page<ResetDoneProps> = {
  id: "reset-done",
  title: (_p, t) => t("reset.done.title"),
  Body: DoneBody,
};
