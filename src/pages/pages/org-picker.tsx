/**
 * The active organization (CONTRACT §12): one submit button per organization the person can get
 * tokens for, posting `organization=<id>`. One press chooses; no script, no radio-then-submit. For
 * `prompt=select_account` it also names who is signed in and links to signing in as someone else.
 */
import type { Msg } from "../i18n";
import { Form, type FormTarget, useKit } from "../kit";
import type { Page } from "../render";

export interface OrgChoice {
  id: string;
  name: string;
  /** A second line that tells same-named organizations apart (e.g. the parent's name). */
  detail?: string;
}

export interface OrgPickerProps extends FormTarget {
  organizations: readonly OrgChoice[];
  error?: Msg;
  /** `prompt=select_account`: who is signed in, and a link to sign in as someone else instead. */
  account?: { email: string; otherAccountUrl: string };
}

function OrgPickerBody(p: OrgPickerProps) {
  const { t } = useKit();
  return (
    <Form action={p.action} hidden={p.hidden}>
      {p.account && <p class="signed-in-as">{t("org.signedInAs", { email: p.account.email })}</p>}
      <p id="org-intro">{t("org.intro", { count: p.organizations.length })}</p>
      <ul class="choices" aria-labelledby="org-intro">
        {p.organizations.map((o) => (
          <li key={o.id}>
            <button type="submit" class="choice" name="organization" value={o.id}>
              {o.name}
              {o.detail && <span class="detail">{o.detail}</span>}
            </button>
          </li>
        ))}
      </ul>
      {p.account && (
        <p class="links">
          <a href={p.account.otherAccountUrl}>{t("org.otherAccount")}</a>
        </p>
      )}
    </Form>
  );
}

export const orgPickerPage: Page<OrgPickerProps> = {
  id: "org-picker",
  title: (_p, t) => t("org.title"),
  alert: (p) => p.error,
  Body: OrgPickerBody,
};
