/**
 * The hosted pages kit: server-rendered pages for browser sign-in (docs/pages.md). A room of its
 * own: it imports no feature, decides no protocol rule and mounts no protocol route. The HTTP layer
 * computes what to show (which page, which errors, which redirect target) and renders it here:
 *
 *   const { token, setCookie } = csrf.issue(cookieValue);
 *   const locale = chooseLocale({ uiLocales, acceptLanguage, saved });
 *   const { html, headers } = renderPage(signInPage, { step: "email-and-password", action }, {
 *     locale, brand, csrfToken: token, redirectTargets: [redirectUri] });
 */
export { ASSET_PATH, pageAsset, stylesheets } from "./assets";
export { CSRF_FIELD, createCsrf, type Csrf, type CsrfOptions } from "./csrf";
export { formActionSource, pageCsp, pageHeaders } from "./headers";
export {
  chooseLocale,
  DEFAULT_LOCALE,
  LOCALES,
  type Locale,
  type MessageKey,
  type Msg,
  supportedLocale,
  translator,
} from "./i18n";
export type { FormTarget } from "./kit";
export { consentPage, type ConsentProps } from "./pages/consent";
export { ERROR_KINDS, type ErrorKind, errorPage, type ErrorPageProps } from "./pages/error";
export { FORM_POST_ID, formPostPage, type FormPostProps } from "./pages/form-post";
export { logoutConfirmPage, type LogoutConfirmProps, signedOutPage, type SignedOutProps } from "./pages/logout";
export { type OrgChoice, orgPickerPage, type OrgPickerProps } from "./pages/org-picker";
export { secondFactorPage, type SecondFactorProps } from "./pages/second-factor";
export { signInPage, type SignInProps } from "./pages/sign-in";
export { type PasskeyOffer, PasskeyForm } from "./passkey";
export { FORM_POST_SCRIPT, PASSKEY_SCRIPT, pageScript } from "./scripts";
export {
  forgotPasswordPage,
  type ForgotPasswordProps,
  forgotSentPage,
  type ForgotSentProps,
  resetDonePage,
  type ResetDoneProps,
  resetPasswordPage,
  type ResetPasswordProps,
} from "./pages/password";
export {
  emailVerifiedPage,
  type EmailVerifiedProps,
  verifyEmailPage,
  type VerifyEmailProps,
} from "./pages/verify";
export { type Brand, type Page, type RenderContext, type RenderedPage, renderPage } from "./render";
export { type MailBrand, type MailContent, type RenderedMail, renderMail } from "./mails";
