/** Wire shapes of /api/applications/{id}/saml-providers (CONTRACT §17). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";
import { ATTRIBUTE_SOURCES } from "./ports";

const Url = t.String({ minLength: 1, maxLength: 2000 });

export const SamlAttribute = t.Object({
  name: t.String({ minLength: 1, maxLength: 256, description: "the attribute's Name as the SP expects it" }),
  from: t.UnionEnum(ATTRIBUTE_SOURCES, {
    description: "where the value comes from: the SPEC 2.15 sources plus email and name",
  }),
});

export const SamlProviderBody = t.Object({
  entityId: t.String({
    minLength: 1,
    maxLength: 1024,
    description: "the SP's entity id (its AuthnRequests' Issuer, the assertion's Audience); unique in the tenant",
  }),
  acsUrls: t.Array(Url, {
    minItems: 1,
    maxItems: 20,
    description:
      "assertion consumer service URLs (https, or http on loopback), compared by exact string; the first is the default",
  }),
  nameIdFormat: t.Union([t.Literal("persistent"), t.Literal("emailAddress")], {
    description: "persistent: the user id (stable, never reassigned); emailAddress: the email",
  }),
  attributes: t.Optional(t.Array(SamlAttribute, { maxItems: 50 })),
  signAuthnRequests: t.Optional(
    t.Boolean({ description: "require signed AuthnRequests and LogoutRequests (needs `certificate`)" }),
  ),
  certificate: t.Optional(
    t.Union([t.String({ maxLength: 16384 }), t.Null()], { description: "the SP's signing certificate, PEM" }),
  ),
  sloUrl: t.Optional(
    t.Union([Url, t.Null()], { description: "where LogoutResponses go (HTTP-Redirect); null: no single logout" }),
  ),
});

export const SamlProvider = t.Object({
  id: Int(),
  applicationId: Int(),
  entityId: t.String(),
  acsUrls: t.Array(t.String()),
  nameIdFormat: t.Union([t.Literal("persistent"), t.Literal("emailAddress")]),
  attributes: t.Array(SamlAttribute),
  signAuthnRequests: t.Boolean(),
  certificate: t.Union([t.String(), t.Null()]),
  sloUrl: t.Union([t.String(), t.Null()]),
  idp: t.Object(
    {
      entityId: t.String({ description: "this service's entity id for the tenant" }),
      metadataUrl: t.String(),
      ssoUrl: t.String({ description: "HTTP-Redirect and HTTP-POST bindings" }),
      sloUrl: t.String(),
      initUrl: t.String({ description: "IdP-initiated sign-in into this SP" }),
    },
    { description: "what the SP needs to trust this service" },
  ),
  createdAt: t.String({ format: "date-time" }),
  updatedAt: t.String({ format: "date-time" }),
});

export const AppParams = t.Object({ applicationId: QueryInt({ minimum: 1 }) });
export const SpParams = t.Object({ applicationId: QueryInt({ minimum: 1 }), spId: QueryInt({ minimum: 1 }) });
