/**
 * Consent for a third-party client (CONTRACT §12): the client's name (who asks), the application
 * its tokens open, each scope asked in plain words, and two buttons posting `decision=allow` or `decision=deny`.
 */
import { Form, type FormTarget, useKit, Decision } from "../kit";
import type { Page } from "../render";

export interface ConsentProps extends FormTarget {
  appName: string;
  /** The application whose API the client's tokens open, when the client is bound to one. */
  applicationName?: string;
  /** The scopes asked (OIDC scope names); unknown ones are shown by name. */
  scopes: readonly string[];
  /** The signed-in person's address, so they see which account they give access to. */
  email?: string;
  /** The active organization's name, when one was chosen. */
  orgName?: string;
}

type ScopeKey = "scope.openid" | "scope.profile" | "scope.email" | "scope.offline_access";
const KNOWN_SCOPES: Readonly<Record<string, ScopeKey>> = {
  openid: "scope.openid",
  profile: "scope.profile",
  email: "scope.email",
  offline_access: "scope.offline_access",
};

function ConsentBody(p: ConsentProps) {
  const { t } = useKit();
  return (
    <Form action={p.action} hidden={p.hidden}>
      {p.email && <p class="identity">{t("consent.account", { email: p.email })}</p>}
      {p.orgName && <p>{t("consent.org", { org: p.orgName })}</p>}
      <p id="consent-ask">{t("consent.ask", { app: p.appName, count: p.scopes.length })}</p>
      {p.applicationName && <p>{t("consent.application", { application: p.applicationName })}</p>}
      <ul class="scopes" aria-labelledby="consent-ask">
        {p.scopes.map((s) => {
          const key = Object.hasOwn(KNOWN_SCOPES, s) ? KNOWN_SCOPES[s] : undefined;
          return <li key={s}>{key ? t(key) : t("scope.other", { scope: s })}</li>;
        })}
      </ul>
      <p class="muted">{t("consent.withdraw")}</p>
      <Decision yes={{ value: "allow", label: t("consent.allow") }} no={{ value: "deny", label: t("consent.deny") }} />
    </Form>
  );
}

export const consentPage: Page<ConsentProps> = {
  id: "consent",
  title: (p, t) => t("consent.titleApp", { app: p.appName }),
  Body: ConsentBody,
};
