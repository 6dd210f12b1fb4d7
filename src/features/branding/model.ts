/** Wire shapes of the branding endpoints (CONTRACT §15). */
import { t } from "elysia";

const fields = {
  displayName: t.Union([t.String({ maxLength: 100 }), t.Null()], {
    description: "Shown in the header of every hosted page and in every mail. Null clears it.",
  }),
  primaryColor: t.Union([t.String({ maxLength: 7, examples: ["#1f5fbf"] }), t.Null()], {
    description:
      "`#rrggbb`. Buttons use it with white or near-black text, whichever contrasts more; a colour on which neither reaches 4.5:1 is refused (400). Null clears it.",
  }),
  supportUrl: t.Union([t.String({ maxLength: 2000 }), t.Null()], {
    description: "The pages' help link: https (http only on loopback). Null clears it.",
  }),
};

const logo = t.Union([t.String({ maxLength: 100_000 }), t.Null()], {
  description:
    "A `data:` URL (`data:image/png;base64,…`) of a PNG, JPEG or WebP of at most 64 KiB; its type is read from the bytes (SVG, other types and oversized images: 400). Null removes the logo; absent keeps it.",
});

export const AppBrandingPutBody = t.Object({
  displayName: t.Optional(fields.displayName),
  primaryColor: t.Optional(fields.primaryColor),
  supportUrl: t.Optional(fields.supportUrl),
  logo: t.Optional(logo),
});

export const TenantBrandingPutBody = t.Object({
  displayName: t.Optional(fields.displayName),
  primaryColor: t.Optional(fields.primaryColor),
  supportUrl: t.Optional(fields.supportUrl),
  logo: t.Optional(logo),
  newDeviceAlert: t.Optional(
    t.Boolean({
      description:
        "Mail a person when they sign in on the hosted pages from a browser not seen before for their account (default false).",
    }),
  ),
});

const view = {
  ...fields,
  logoUrl: t.Union([t.String(), t.Null()], {
    description: "The logo, served by this service at a content-addressed URL (`Cache-Control: immutable`).",
  }),
};

export const TenantBranding = t.Object({
  ...view,
  newDeviceAlert: t.Boolean({ description: "Whether new-device sign-in alerts are mailed." }),
});

export const AppBranding = t.Object({
  ...view,
  effective: t.Object(view, {
    description: "What the application's pages and mails show: its own fields over the tenant's.",
  }),
});

export const TenantQuery = t.Object({
  tenantId: t.Optional(
    t.Integer({ minimum: 1, description: "A platform administrator may name another tenant (others: 404)." }),
  ),
});
