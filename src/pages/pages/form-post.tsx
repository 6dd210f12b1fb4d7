/**
 * The answer to a `response_mode=form_post` request (OAuth 2.0 Form Post Response Mode §2): a form
 * that POSTs the authorization response's parameters to the client's redirect URI as hidden fields.
 * The page's script (scripts/form-post.ts, a file of this origin: no inline script) submits it on
 * load; without JavaScript the person presses the button. It carries no CSRF token: the form goes to
 * the client, and this service's token must never leave it.
 */
import { useKit, Submit } from "../kit";
import type { Page } from "../render";

/** The id of the form the script submits. */
export const FORM_POST_ID = "form-post";

export interface FormPostProps {
  /** The client's validated redirect URI (the page's CSP `form-action` names its origin). */
  action: string;
  /** The response parameters in order (`code`, `state`, `iss`, or `error`, `error_description`, `state`, `iss`). */
  fields: readonly (readonly [string, string])[];
  /** The client's name, when known. */
  appName?: string;
  /** Enterprise sign-in (CONTRACT §16): the form goes on to the organization's provider of this name, not back. */
  to?: string;
  /** `get` for an authorization request to an upstream (its parameters in the query, as providers expect); default `post`. */
  method?: "get" | "post";
}

function FormPostBody(p: FormPostProps) {
  const { t } = useKit();
  return (
    <form method={p.method ?? "post"} action={p.action} id={FORM_POST_ID}>
      {p.fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p>
        {p.to
          ? t("formPost.bodyTo", { name: p.to })
          : p.appName
            ? t("formPost.bodyApp", { app: p.appName })
            : t("formPost.body")}
      </p>
      <noscript>
        <p>{t("formPost.noScript")}</p>
        <Submit>{t("formPost.continue")}</Submit>
      </noscript>
    </form>
  );
}

export const formPostPage: Page<FormPostProps> = {
  id: "form-post",
  title: (p, t) =>
    p.to
      ? t("formPost.titleTo", { name: p.to })
      : p.appName
        ? t("formPost.titleApp", { app: p.appName })
        : t("formPost.title"),
  Body: FormPostBody,
};
