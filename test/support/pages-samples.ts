/**
 * Every hosted page with sample props, in its ordinary and its error states: what the render tests
 * check and the browser test loads, screenshots and runs axe-core on. Names are deliberately long
 * and awkward (a long email, a long organization name) to catch layouts that overflow at 360 px.
 */
import {
  consentPage,
  errorPage,
  formPostPage,
  forgotPasswordPage,
  forgotSentPage,
  resetDonePage,
  verifyEmailPage,
  emailVerifiedPage,
  resetPasswordPage,
  logoutConfirmPage,
  orgPickerPage,
  type Page,
  secondFactorPage,
  signedOutPage,
  signInPage,
} from "../../src/pages";

export interface Sample {
  name: string;
  page: Page<any>;
  props: unknown;
  /** Fields (by id) a keyboard user must reach, besides every button and link. */
  fields: string[];
}

const LONG_EMAIL = "maximiliane.mustermann-schmidt@really-quite-long-subdomain.example.com";
const form = (action: string) => ({ action, hidden: { interaction: "int_01HZX" } });

export const SAMPLES: Sample[] = [
  {
    name: "sign-in",
    page: signInPage,
    props: {
      ...form("/pages/sign-in"),
      step: "email-and-password",
      appName: "Photos",
      forgotPasswordUrl: "/pages/forgot",
      setupLinkUrl: "/pages/setup",
    },
    fields: ["email", "password"],
  },
  {
    name: "sign-in-error",
    page: signInPage,
    props: {
      ...form("/pages/sign-in"),
      step: "email-and-password",
      email: LONG_EMAIL,
      error: { key: "problem.credentials" },
      forgotPasswordUrl: "/pages/forgot",
      setupLinkUrl: "/pages/setup",
    },
    fields: ["email", "password"],
  },
  {
    name: "sign-in-fields-missing",
    page: signInPage,
    props: {
      ...form("/pages/sign-in"),
      step: "email-and-password",
      fieldErrors: { email: { key: "problem.emailRequired" }, password: { key: "problem.passwordRequired" } },
      forgotPasswordUrl: "/pages/forgot",
    },
    fields: ["email", "password"],
  },
  {
    name: "sign-in-email-step",
    page: signInPage,
    props: { ...form("/pages/sign-in"), step: "email", appName: "Photos", setupLinkUrl: "/pages/setup" },
    fields: ["email"],
  },
  {
    name: "sign-in-password-step",
    page: signInPage,
    props: {
      ...form("/pages/sign-in"),
      step: "password",
      email: LONG_EMAIL,
      otherEmailUrl: "/pages/sign-in?restart=1",
      forgotPasswordUrl: "/pages/forgot",
      error: { key: "problem.locked", values: { count: 5 } },
    },
    fields: ["password"],
  },
  {
    name: "second-factor",
    page: secondFactorPage,
    props: { ...form("/pages/mfa"), method: "totp", switchUrl: "/pages/mfa?method=recovery" },
    fields: ["code"],
  },
  {
    name: "second-factor-error",
    page: secondFactorPage,
    props: {
      ...form("/pages/mfa"),
      method: "totp",
      switchUrl: "/pages/mfa?method=recovery",
      error: { key: "problem.codeInvalid" },
    },
    fields: ["code"],
  },
  {
    name: "recovery-code",
    page: secondFactorPage,
    props: {
      ...form("/pages/mfa"),
      method: "recovery",
      switchUrl: "/pages/mfa?method=totp",
      error: { key: "problem.recoveryInvalid" },
    },
    fields: ["code"],
  },
  {
    name: "org-picker",
    page: orgPickerPage,
    props: {
      ...form("/pages/org"),
      organizations: [
        { id: "12", name: "Acme Europe" },
        { id: "13", name: "Acme Forschung und Entwicklung Gesellschaft mit beschränkter Haftung", detail: "Acme" },
        { id: "14", name: "Photos Team", detail: "Acme Europe" },
      ],
    },
    fields: [],
  },
  {
    name: "org-picker-one",
    page: orgPickerPage,
    props: { ...form("/pages/org"), organizations: [{ id: "12", name: "Acme Europe" }] },
    fields: [],
  },
  {
    name: "consent",
    page: consentPage,
    props: {
      ...form("/pages/consent"),
      appName: "Photo Printing Service",
      scopes: ["openid", "profile", "email", "offline_access", "photos:read"],
      email: LONG_EMAIL,
      orgName: "Acme Europe",
    },
    fields: [],
  },
  {
    name: "consent-one-scope",
    page: consentPage,
    props: { ...form("/pages/consent"), appName: "Calendar", scopes: ["openid"] },
    fields: [],
  },
  {
    name: "error",
    page: errorPage,
    props: { kind: "badRedirect", reference: "req_7f3a9c2e41d04b8e", retryUrl: "/" },
    fields: [],
  },
  {
    name: "error-server",
    page: errorPage,
    props: { kind: "server", reference: "req_00aa11bb22cc33dd" },
    fields: [],
  },
  {
    name: "error-second-factor-required",
    page: errorPage,
    props: { kind: "secondFactorRequired", reference: "req_5e6f7a8b9c0d1e2f" },
    fields: [],
  },
  {
    // Rendered without its script here (the preview names none), so it stays on screen.
    name: "form-post",
    page: formPostPage,
    props: {
      action: "https://photos.example.com/callback",
      fields: [
        ["code", "k3J9_vQ2xLr8wT1mN6pZ0aYc4bHe7uFs5dGi"],
        ["state", "af0ifjsldkj"],
        ["iss", "https://sso.example.com"],
      ],
      appName: "Photo Printing Service",
    },
    fields: [],
  },
  {
    // Enterprise sign-in (CONTRACT §16): on to the organization's provider.
    name: "form-to-upstream",
    page: formPostPage,
    props: {
      action: "https://login.contoso.example/authorize",
      fields: [
        ["response_type", "code"],
        ["client_id", "sso"],
        ["state", "af0ifjsldkj"],
      ],
      to: "Contoso (Entra ID)",
      method: "get",
    },
    fields: [],
  },
  ...(["upstreamInvalid", "upstreamNoAccount", "upstreamNotLinkable", "upstreamRefused"] as const).map((kind) => ({
    name: `error-${kind}`,
    page: errorPage,
    props: { kind, reference: "req_7a8b9c0d1e2f3a4b" },
    fields: [],
  })),
  {
    name: "logout-confirm",
    page: logoutConfirmPage,
    props: { ...form("/pages/logout"), appName: "Photos" },
    fields: [],
  },
  {
    name: "logout-confirm-unknown-app",
    page: logoutConfirmPage,
    props: form("/pages/logout"),
    fields: [],
  },
  {
    name: "signed-out",
    page: signedOutPage,
    props: { appName: "Photos", returnUrl: "https://photos.example.com/" },
    fields: [],
  },
  {
    name: "still-signed-in",
    page: signedOutPage,
    props: { appName: "Photos", stayed: true },
    fields: [],
  },
  {
    name: "nothing-signed-out",
    page: signedOutPage,
    props: { appName: "Photos", nothingEnded: true, returnUrl: "https://photos.example.com/" },
    fields: [],
  },
  {
    name: "error-sign-out",
    page: errorPage,
    props: { kind: "signOutBadRequest", reference: "req_00aa11bb22cc33dd" },
    fields: [],
  },
  {
    name: "forgot-password",
    page: forgotPasswordPage,
    props: { ...form("/pages/password/forgot"), signInUrl: "/oauth2/authorize/resume?interaction=int_01HZX" },
    fields: ["email"],
  },
  {
    name: "forgot-password-error",
    page: forgotPasswordPage,
    props: { ...form("/pages/password/forgot"), email: "not-an-address", error: { key: "problem.emailInvalid" } },
    fields: ["email"],
  },
  {
    name: "forgot-sent",
    page: forgotSentPage,
    props: { resetUrl: "/pages/password/reset", signInUrl: "/oauth2/authorize/resume?interaction=int_01HZX" },
    fields: [],
  },
  {
    name: "reset-password",
    page: resetPasswordPage,
    props: { ...form("/pages/password/reset"), token: "k3J9_vQ2xLr8wT1mN6pZ0aYc4bHe7uFs5dGi" },
    fields: ["token", "newPassword"],
  },
  {
    name: "reset-password-error",
    page: resetPasswordPage,
    props: {
      ...form("/pages/password/reset"),
      token: "k3J9_vQ2xLr8wT1mN6pZ0aYc4bHe7uFs5dGi",
      error: { key: "problem.resetCodeInvalid" },
      fieldErrors: { newPassword: { key: "problem.passwordLength" } },
      signInUrl: "/oauth2/authorize/resume?interaction=int_01HZX",
    },
    fields: ["token", "newPassword"],
  },
  {
    name: "reset-done",
    page: resetDonePage,
    props: { signInUrl: "/oauth2/authorize/resume?interaction=int_01HZX" },
    fields: [],
  },
  {
    name: "reset-done-console",
    page: resetDonePage,
    props: { consoleUrl: "/console" },
    fields: [],
  },
  {
    name: "verify-email",
    page: verifyEmailPage,
    props: { action: "/pages/email/verify", hidden: { interaction: "int_01HZX", token: "tok_01HZX" } },
    fields: [],
  },
  {
    name: "verify-email-spent",
    page: verifyEmailPage,
    props: { action: "/pages/email/verify", error: { key: "verify.invalid" } },
    fields: [],
  },
  {
    name: "email-verified",
    page: emailVerifiedPage,
    props: {},
    fields: [],
  },
];

/** A brand with a logo, a support link and a light colour (the text on it must turn dark). */
export const SAMPLE_BRAND = {
  displayName: "Acme Identity",
  primaryColor: "#f2c500",
  logoUrl: "/pages/sample-logo.svg",
  supportUrl: "https://help.example.com/sign-in",
};
