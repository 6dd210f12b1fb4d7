/**
 * The second factor after a password: a TOTP code, or (switched by a plain link, no script) one of
 * the recovery codes. Both post the field `code`; `method` says which kind it is. A person whose
 * only second factor is a passkey (a step-up, docs/oidc.md) gets the passkey alone (`codes: false`).
 */
import type { Msg } from "../i18n";
import { ALERT_ID, Field, Form, type FormTarget, useKit, OneLink, Submit } from "../kit";
import { type PasskeyOffer, PasskeyForm } from "../passkey";
import type { Page } from "../render";

export interface SecondFactorProps extends FormTarget {
  method: "totp" | "recovery";
  /** The same page with the other method (a GET link). */
  switchUrl: string;
  /** About the code (e.g. `problem.codeInvalid`, `problem.recoveryInvalid`, `problem.codeRequired`). */
  error?: Msg;
  /** About the whole attempt (e.g. `problem.locked`). */
  alert?: Msg;
  /** "Use a passkey instead", when the person has one (shown only with JavaScript). */
  passkey?: PasskeyOffer;
  /** False when the person has no TOTP (and so no recovery codes): the page offers the passkey alone. */
  codes?: boolean;
}

function SecondFactorBody(p: SecondFactorProps) {
  const { t } = useKit();
  const totp = p.method === "totp";
  if (p.codes === false && p.passkey)
    return (
      <>
        <p>{t("mfa.passkeyOnly.intro")}</p>
        <noscript>
          <p>{t("mfa.passkeyOnly.noScript")}</p>
        </noscript>
        <PasskeyForm {...p.passkey} alone />
      </>
    );
  return (
    <>
      <Form action={p.action} hidden={{ ...p.hidden, method: p.method }}>
        <Field
          id="code"
          name="code"
          type="text"
          label={totp ? t("mfa.totp.label") : t("mfa.recovery.label")}
          hint={totp ? t("mfa.totp.intro") : t("mfa.recovery.intro")}
          autocomplete={totp ? "one-time-code" : "off"}
          inputMode={totp ? "numeric" : "text"}
          verbatim
          error={p.error}
          autofocus
          describedBy={p.alert ? ALERT_ID : undefined}
        />
        <Submit>{t("mfa.submit")}</Submit>
      </Form>
      {p.passkey && <PasskeyForm {...p.passkey} />}
      <OneLink href={p.switchUrl}>{totp ? t("mfa.useRecovery") : t("mfa.useTotp")}</OneLink>
    </>
  );
}

export const secondFactorPage: Page<SecondFactorProps> = {
  id: "second-factor",
  title: (_p, t) => t("mfa.title"),
  alert: (p) => p.alert,
  invalid: (p) => !!(p.alert || p.error),
  Body: SecondFactorBody,
};
