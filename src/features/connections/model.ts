/** Wire shapes of the identity-provider connection endpoints (CONTRACT §16). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

export const OrgConnectionsParams = t.Object({ id: QueryInt({ minimum: 1 }) });
export const OrgConnectionParams = t.Object({ id: QueryInt({ minimum: 1 }), idpId: QueryInt({ minimum: 1 }) });

const Url = (description: string) => t.String({ minLength: 1, maxLength: 2048, description });

export const ConnectionBody = t.Object({
  kind: t.Union([t.Literal("oidc"), t.Literal("saml")], { description: "the upstream's protocol" }),
  name: t.String({ minLength: 1, maxLength: 200, description: "shown on the sign-in page" }),
  enabled: t.Optional(t.Boolean({ description: "default true" })),
  domains: t.Optional(
    t.Array(t.String({ minLength: 1, maxLength: 300 }), {
      maxItems: 100,
      description:
        "mail domains routed to this provider; each verified for this organization or one above it (else 400)",
    }),
  ),
  jit: t.Optional(
    t.Object({
      enabled: t.Boolean({ description: "create an account in this organization at a first sign-in" }),
      roleId: t.Optional(
        t.Union([Int({ minimum: 1 }), t.Null()], {
          description:
            "the role given to accounts created that way: of this organization or one above it, one you could assign",
        }),
      ),
    }),
  ),
  oidc: t.Optional(
    t.Object({
      issuer: Url("the upstream's issuer; its discovery document is /.well-known/openid-configuration below it"),
      clientId: t.String({ minLength: 1, maxLength: 512 }),
      clientSecret: t.Optional(
        t.String({
          minLength: 1,
          maxLength: 2048,
          description: "write-only, stored encrypted; required on create, a PUT without it keeps the stored one",
        }),
      ),
      scopes: t.Optional(
        t.Array(t.String({ minLength: 1, maxLength: 100 }), {
          maxItems: 30,
          description: "default openid email profile; openid is always asked",
        }),
      ),
    }),
  ),
  saml: t.Optional(
    t.Object(
      {
        metadataXml: t.Optional(
          t.String({ minLength: 1, maxLength: 524_288, description: "the IdP's SAML 2.0 metadata (no DOCTYPE)" }),
        ),
        entityId: t.Optional(t.String({ minLength: 1, maxLength: 1024 })),
        ssoUrl: t.Optional(Url("the IdP's single sign-on URL (HTTP-Redirect binding)")),
        certificates: t.Optional(
          t.Array(t.String({ minLength: 1, maxLength: 16_384 }), {
            maxItems: 10,
            description: "signing certificates, PEM",
          }),
        ),
      },
      { description: "either { metadataXml } or { entityId, ssoUrl, certificates }" },
    ),
  ),
  ssoRequired: t.Optional(
    t.Boolean({
      description:
        "default false; true: people of the connection's domains cannot sign in with a password (platform administrators keep theirs)",
    }),
  ),
});

export const ConnectionView = t.Object({
  id: Int(),
  organizationId: Int(),
  kind: t.Union([t.Literal("oidc"), t.Literal("saml")]),
  name: t.String(),
  enabled: t.Boolean(),
  domains: t.Array(t.String()),
  jit: t.Object({ enabled: t.Boolean(), roleId: t.Union([Int(), t.Null()]) }),
  oidc: t.Union([
    t.Object({
      issuer: t.String(),
      clientId: t.String(),
      scopes: t.Array(t.String()),
      clientSecretSet: t.Boolean({ description: "a secret is stored (it is never answered)" }),
    }),
    t.Null(),
  ]),
  saml: t.Union([
    t.Object({
      entityId: t.String(),
      ssoUrl: t.String(),
      certificates: t.Array(t.String()),
      fromMetadata: t.Boolean({ description: "the settings were read from a metadata document" }),
    }),
    t.Null(),
  ]),
  ssoRequired: t.Boolean(),
  redirectUri: t.Optional(t.String({ description: "OIDC: register this redirect URI at the upstream" })),
  spEntityId: t.Optional(
    t.String({ description: "SAML: this service's entity id (the Audience) for this connection" }),
  ),
  acsUrl: t.Optional(t.String({ description: "SAML: the assertion consumer service URL (HTTP-POST)" })),
  spMetadataUrl: t.Optional(t.String({ description: "SAML: this service's metadata for this connection" })),
  createdAt: t.String({ format: "date-time" }),
  updatedAt: t.String({ format: "date-time" }),
});
