/**
 * /api/organizations/{id}/identity-providers: an organization's upstream OIDC and SAML providers
 * (ORG_MANAGE, org in reach; CONTRACT §16). Answers never carry the client secret.
 */
import { Elysia, t } from "elysia";
import { iso, noContent200 } from "../../http/context";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { ConnectionBody, ConnectionView, OrgConnectionParams, OrgConnectionsParams } from "./model";
import type { Connection } from "./ports";
import type { ConnectionService } from "./service";

export function connectionRoutes({ connections, guard }: { connections: ConnectionService; guard: Guard }) {
  const tags = ["Enterprise sign-in"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  const view = (c: Connection) => ({
    id: c.id,
    organizationId: c.organizationId,
    kind: c.kind,
    name: c.name,
    enabled: c.enabled,
    domains: c.domains,
    jit: c.jit,
    oidc: c.oidc
      ? {
          issuer: c.oidc.issuer,
          clientId: c.oidc.clientId,
          scopes: c.oidc.scopes,
          clientSecretSet: !!c.oidc.clientSecretEnc,
        }
      : null,
    saml: c.saml
      ? {
          entityId: c.saml.entityId,
          ssoUrl: c.saml.ssoUrl,
          certificates: c.saml.certificates,
          fromMetadata: c.saml.metadataXml !== null,
        }
      : null,
    ssoRequired: c.ssoRequired,
    ...connections.upstream(c),
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  });
  const upstreamNote =
    "The answer adds what to register at the upstream: `redirectUri` (OIDC), or `spEntityId`, `acsUrl` and `spMetadataUrl` (SAML); see docs/enterprise-sign-in.md. The client secret is never answered.";
  return new Elysia({ name: "connection-routes" })
    .get(
      "/api/organizations/:id/identity-providers",
      async ({ params, request }) => (await connections.list(caller(request), params.id)).map(view),
      {
        params: OrgConnectionsParams,
        response: ok(t.Array(ConnectionView)),
        detail: {
          tags,
          ...management,
          summary: "Identity-provider connections of an organization",
          description: upstreamNote,
        },
      },
    )
    .post(
      "/api/organizations/:id/identity-providers",
      async ({ params, body, request }) => view(await connections.create(caller(request), params.id, body)),
      {
        params: OrgConnectionsParams,
        body: ConnectionBody,
        response: ok(ConnectionView),
        detail: {
          tags,
          ...management,
          summary: "Connect an upstream OIDC or SAML identity provider",
          description:
            "The connection serves this organization and every organization below it. Each of `domains` must be verified for this organization or one above it. " +
            "The OIDC client secret is stored encrypted with the master key. " +
            upstreamNote,
        },
      },
    )
    .get(
      "/api/organizations/:id/identity-providers/:idpId",
      async ({ params, request }) => view(await connections.get(caller(request), params.id, params.idpId)),
      {
        params: OrgConnectionParams,
        response: ok(ConnectionView),
        detail: { tags, ...management, summary: "One identity-provider connection", description: upstreamNote },
      },
    )
    .put(
      "/api/organizations/:id/identity-providers/:idpId",
      async ({ params, body, request }) =>
        view(await connections.replace(caller(request), params.id, params.idpId, body)),
      {
        params: OrgConnectionParams,
        body: ConnectionBody,
        response: ok(ConnectionView),
        detail: {
          tags,
          ...management,
          summary: "Replace an identity-provider connection's settings",
          description:
            "The whole body, as on create; without `oidc.clientSecret` the stored secret is kept. " + upstreamNote,
        },
      },
    )
    .delete(
      "/api/organizations/:id/identity-providers/:idpId",
      async ({ params, request }) => {
        await connections.remove(caller(request), params.id, params.idpId);
        return noContent200();
      },
      {
        params: OrgConnectionParams,
        detail: { tags, ...management, summary: "Delete an identity-provider connection" },
      },
    );
}
