/**
 * The error page: what happened and what to do, in plain words, and a reference the support team
 * can find in the logs. The HTTP layer picks the kind; the wording lives in the catalogue.
 */
import { useKit, OneLink } from "../kit";
import type { Page } from "../render";

export const ERROR_KINDS = [
  "unknownClient",
  "badRedirect",
  "badRequest",
  "expired",
  "csrf",
  "notFound",
  "server",
  // The same failures on the way out (/oauth2/logout): worded as signing out, never as signing in.
  "signOutUnknownClient",
  "signOutBadRedirect",
  "signOutBadRequest",
  "signOutCsrf",
  "signOutServer",
  /** Step-up (CONTRACT §12): the application asks for a second factor and the person has none. */
  "secondFactorRequired",
  /** Enterprise sign-in (CONTRACT §16): the organization's provider answered something we cannot accept. */
  "upstreamInvalid",
  /** The provider signed the person in, and no account here may be used for them (no link, no JIT). */
  "upstreamNoAccount",
  /** The provider's account names an email whose account this provider may not take. */
  "upstreamNotLinkable",
  /** The account found is disabled, or its organization suspended. */
  "upstreamRefused",
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export interface ErrorPageProps {
  kind: ErrorKind;
  /** The request id (the access log's `id`), shown so support can find what went wrong. */
  reference: string;
  /** Where "Start again" leads, when there is a sensible place (never an unvalidated redirect URI). */
  retryUrl?: string;
}

function ErrorBody(p: ErrorPageProps) {
  const { t } = useKit();
  return (
    <>
      <p>{t(`errorPage.${p.kind}.what`)}</p>
      <p>{t(`errorPage.${p.kind}.todo`)}</p>
      <p class="muted">{t("errorPage.referenceHint")}</p>
      <p>
        <code>{t("errorPage.reference", { id: p.reference })}</code>
      </p>
      {p.retryUrl && <OneLink href={p.retryUrl}>{t("errorPage.retry")}</OneLink>}
    </>
  );
}

export const errorPage: Page<ErrorPageProps> = {
  id: "error",
  title: (p, t) => t(`errorPage.${p.kind}.title`),
  Body: ErrorBody,
};
