/** GET|POST /api/applications/{id}/saml-providers, GET|PUT|DELETE …/{spId} (CONTRACT §17; ORG_MANAGE). */
import { Elysia, t } from "elysia";
import { noContent200 } from "../../http/context";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { AppParams, SamlProviderBody, SamlProvider, SpParams } from "./model";
import type { SamlProvider as DomainSp } from "./ports";
import type { SamlProviderService } from "./service";

export function samlProviderRoutes({ samlProviders, guard }: { samlProviders: SamlProviderService; guard: Guard }) {
  const tags = ["SAML service providers"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  const dto = (sp: DomainSp) => {
    const idp = samlProviders.idp(sp.tenantId);
    return {
      id: sp.id,
      applicationId: sp.applicationId,
      entityId: sp.entityId,
      acsUrls: sp.acsUrls,
      nameIdFormat: sp.nameIdFormat,
      attributes: sp.attributes,
      signAuthnRequests: sp.signAuthnRequests,
      certificate: sp.certificate,
      sloUrl: sp.sloUrl,
      idp: { ...idp, initUrl: `${idp.initUrl}?${new URLSearchParams({ sp: sp.entityId })}` },
      createdAt: sp.createdAt.toISOString(),
      updatedAt: sp.updatedAt.toISOString(),
    };
  };
  const rules =
    "ORG_MANAGE with the application's organization inside the token's reach. ACS and SLO URLs are https (http only on 127.0.0.1, [::1], localhost); an entity id is unique within the tenant (409); `signAuthnRequests` needs the SP's `certificate`.";
  return new Elysia({ name: "saml-provider-routes" })
    .get(
      "/api/applications/:applicationId/saml-providers",
      async ({ request, params }) => (await samlProviders.list(await caller(request), params.applicationId)).map(dto),
      {
        params: AppParams,
        response: ok(t.Array(SamlProvider)),
        detail: { tags, ...management, summary: "The SAML service providers of an application", description: rules },
      },
    )
    .post(
      "/api/applications/:applicationId/saml-providers",
      async ({ request, params, body }) =>
        dto(await samlProviders.create(await caller(request), params.applicationId, body)),
      {
        params: AppParams,
        body: SamlProviderBody,
        response: ok(SamlProvider),
        detail: {
          tags,
          ...management,
          summary: "Register a SAML service provider for an application",
          description: `${rules} The answer's \`idp\` holds what the SP needs: this tenant's entity id, metadata URL, SSO and SLO endpoints, and the IdP-initiated sign-in URL. Audited as \`saml_provider.created\`.`,
        },
      },
    )
    .get(
      "/api/applications/:applicationId/saml-providers/:spId",
      async ({ request, params }) =>
        dto(await samlProviders.get(await caller(request), params.applicationId, params.spId)),
      {
        params: SpParams,
        response: ok(SamlProvider),
        detail: { tags, ...management, summary: "A SAML service provider", description: rules },
      },
    )
    .put(
      "/api/applications/:applicationId/saml-providers/:spId",
      async ({ request, params, body }) =>
        dto(await samlProviders.update(await caller(request), params.applicationId, params.spId, body)),
      {
        params: SpParams,
        body: SamlProviderBody,
        response: ok(SamlProvider),
        detail: {
          tags,
          ...management,
          summary: "Replace a SAML service provider's registration",
          description: `${rules} The body is whole: an optional field left out takes its default. Audited as \`saml_provider.updated\`.`,
        },
      },
    )
    .delete(
      "/api/applications/:applicationId/saml-providers/:spId",
      async ({ request, params }) => {
        await samlProviders.remove(await caller(request), params.applicationId, params.spId);
        return noContent200();
      },
      {
        params: SpParams,
        detail: {
          tags,
          ...management,
          summary: "Remove a SAML service provider",
          description: `${rules} Audited as \`saml_provider.deleted\`.`,
        },
      },
    );
}
