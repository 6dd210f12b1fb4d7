/**
 * RP-initiated logout without a valid `id_token_hint` (CONTRACT §13): the person confirms. Posts
 * `decision=logout` or `decision=stay`.
 */
import { Form, type FormTarget, useKit, Decision, OneLink } from "../kit";
import type { Page } from "../render";

export interface LogoutConfirmProps extends FormTarget {
  /** The application that asked, when the request named a known client. */
  appName?: string;
}

function LogoutBody(p: LogoutConfirmProps) {
  const { t } = useKit();
  return (
    <Form action={p.action} hidden={p.hidden}>
      <p>{t("logout.explain")}</p>
      <Decision yes={{ value: "logout", label: t("logout.yes") }} no={{ value: "stay", label: t("logout.no") }} />
    </Form>
  );
}

export const logoutConfirmPage: Page<LogoutConfirmProps> = {
  id: "logout-confirm",
  title: (p, t) => (p.appName ? t("logout.askApp", { app: p.appName }) : t("logout.ask")),
  Body: LogoutBody,
};

export interface SignedOutProps {
  appName?: string;
  /** A validated `post_logout_redirect_uri` the person may follow (shown as a link). */
  returnUrl?: string;
  /** The person chose to stay signed in: nothing ended. */
  stayed?: boolean;
  /**
   * Nothing was signed out: this browser held no live sign-in the request could end (none at all,
   * or only one of another tenant than the application's, which stays). CONTRACT §13: the page says
   * "signed out" only when a session was in fact ended.
   */
  nothingEnded?: boolean;
}

function signedOutBody(p: SignedOutProps, t: ReturnType<typeof useKit>["t"]): string {
  if (p.stayed) return t("signedOut.stayedBody");
  if (!p.nothingEnded) return t("signedOut.body");
  return p.appName ? t("notSignedOut.bodyApp", { app: p.appName }) : t("notSignedOut.body");
}

function SignedOutBody(p: SignedOutProps) {
  const { t } = useKit();
  return (
    <>
      <p>{signedOutBody(p, t)}</p>
      {p.returnUrl && (
        <OneLink href={p.returnUrl}>
          {p.appName ? t("signedOut.returnApp", { app: p.appName }) : t("signedOut.return")}
        </OneLink>
      )}
    </>
  );
}

export const signedOutPage: Page<SignedOutProps> = {
  id: "signed-out",
  title: (p, t) => t(p.stayed ? "signedOut.stayedTitle" : p.nothingEnded ? "notSignedOut.title" : "signedOut.title"),
  Body: SignedOutBody,
};
