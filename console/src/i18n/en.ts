/**
 * The console's English catalogue: the reference every other language is checked against
 * (test/unit/console-i18n.test.ts). A message is one whole sentence or label with named values
 * (`{name}`), never fragments joined in code. Areas move their texts here one by one; a text not
 * yet here is English in every language.
 */
export const en = {
  "branding.title": "Branding",
  "branding.intro": "How the sign-in pages and mails of your tenant look. An application may override any field.",
  "branding.scope": "Branding of",
  "branding.scopeTenant": "The whole tenant",
  "branding.scopeApp": "Application: {name}",
  "branding.formTenant": "Tenant branding",
  "branding.formApp": "Application branding",
  "branding.displayName": "Display name",
  "branding.displayNameHintTenant": "Shown in the header of every sign-in page and mail.",
  "branding.displayNameHintApp": "Empty: the tenant's name.",
  "branding.color": "Primary colour (#rrggbb)",
  "branding.colorHint": "Buttons use it, with white or near-black text, whichever reads better.",
  "branding.colorUnreadable": "No text is readable enough on this colour (below 4.5:1); it will be refused.",
  "branding.support": "Support link",
  "branding.logo": "Logo (PNG, JPEG or WebP, at most 64 KiB)",
  "branding.logoTooLarge": "This file is larger than 64 KiB.",
  "branding.removeLogo": "Remove the logo",
  "branding.alert": "Mail people when they sign in from a new browser",
  "branding.save": "Save branding",
  "branding.saved": "Saved.",
  "branding.preview": "Preview",
  "branding.previewLabel": "Preview of the sign-in page",
  "branding.previewDefaultName": "Account sign-in",
  "branding.previewSupport": "Help and support",
  "branding.previewSignIn": "Sign in",
  "branding.previewEmail": "Email address",
  "branding.previewPassword": "Password",
} as const;

export type ConsoleKey = keyof typeof en;
/** Another language: keys may be missing while a translation is under way (English is shown). */
export type ConsoleCatalogue = { readonly [K in ConsoleKey]?: string };
