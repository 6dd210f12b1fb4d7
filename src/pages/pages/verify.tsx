/**
 * Email verification on the hosted pages (CONTRACT §19): the mailed link opens `verifyEmailPage`,
 * which asks for one click (a POST with the link's token: mail scanners that follow links spend
 * nothing), then `emailVerifiedPage`. A spent or unknown link shows the page's alert and no form.
 */
import type { Msg } from "../i18n";
import { Form, type FormTarget, useKit, Submit } from "../kit";
import type { Page } from "../render";

export interface VerifyEmailProps extends FormTarget {
  /** Set when the link cannot be used any more: no form then. */
  error?: Msg;
}

function VerifyBody(p: VerifyEmailProps) {
  const { t } = useKit();
  if (p.error) return null;
  return (
    <>
      <p>{t("verify.body")}</p>
      <Form action={p.action} hidden={p.hidden}>
        <Submit>{t("verify.submit")}</Submit>
      </Form>
    </>
  );
}

export const verifyEmailPage: Page<VerifyEmailProps> = {
  id: "verify-email",
  title: (_p, t) => t("verify.title"),
  alert: (p) => p.error,
  Body: VerifyBody,
};

export type EmailVerifiedProps = Record<string, never>;

function VerifiedBody() {
  const { t } = useKit();
  return <p>{t("verify.done.body")}</p>;
}

export const emailVerifiedPage: Page<EmailVerifiedProps> = {
  id: "email-verified",
  title: (_p, t) => t("verify.done.title"),
  Body: VerifiedBody,
};
