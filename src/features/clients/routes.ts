/** /api/clients (list, register) and /api/clients/{clientId} (read, update): thin HTTP edge over the client service. */
import { Elysia, t } from "elysia";
import { noStore } from "../../http/context";
import {
  ClientIdParams,
  ClientSummary,
  CreateClientBody,
  ListClientsQuery,
  RegisteredClient,
  UpdateClientBody,
} from "./model";
import type { ApiClient } from "./ports";
import type { ClientService } from "./service";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";

/** Wire shape of a client: never the secret or its hash. */
const summary = (c: ApiClient) => ({
  clientId: c.clientId,
  name: c.name,
  scopes: c.scopes,
  applicationId: c.applicationId,
  organizationId: c.organizationId,
  type: c.type,
  grantTypes: c.grantTypes,
  redirectUris: c.redirectUris,
  postLogoutRedirectUris: c.postLogoutRedirectUris,
  backchannelLogoutUri: c.backchannelLogoutUri,
  firstParty: c.firstParty,
  requirePkce: c.requirePkce,
  createdAt: c.createdAt.toISOString(),
});

export function clientRoutes({ clients, guard }: { clients: ClientService; guard: Guard }) {
  const tags = ["API clients"];
  const management = tokens("management");
  return new Elysia({ name: "client-routes" })
    .get(
      "/api/clients",
      async ({ query, request }) => {
        const p = await managementCaller(guard, request);
        return (await clients.list(p, query.organizationId)).map(summary);
      },
      {
        query: ListClientsQuery,
        response: ok(t.Array(ClientSummary)),
        detail: {
          tags,
          ...management,
          summary: "List the API clients of an organization",
          description: "Needs CLIENT_MANAGE and the organization inside the token's reach. Secrets are never listed.",
        },
      },
    )
    .post(
      "/api/clients",
      async ({ body, request, set }) => {
        const p = await managementCaller(guard, request);
        const r = await clients.register(p, body);
        noStore(set);
        return r.clientSecret === undefined
          ? { clientId: r.client.clientId }
          : { clientId: r.client.clientId, clientSecret: r.clientSecret };
      },
      {
        body: CreateClientBody,
        response: ok(RegisteredClient),
        detail: {
          tags,
          ...management,
          summary: "Register an API client (machine, browser or native application)",
          description:
            "Needs CLIENT_MANAGE and access to `orgId`. Without `type` and `grantTypes` this is a machine client (client credentials). " +
            "A confidential client's secret is returned exactly once and cannot be retrieved or rotated later; a public client gets none. " +
            "Scopes default to `api.default`; a client bound to an application may hold only `api.default` and that application's permission codes. " +
            "Browser sign-in (`authorization_code`) needs `applicationId` and at least one redirect URI; every refused field is listed in `errors`. " +
            "PKCE (S256) is required of a public client and, unless it is registered with `requirePkce: false`, of a confidential one (docs/oidc.md).",
        },
      },
    )
    .get(
      "/api/clients/:clientId",
      async ({ params, request }) => {
        const p = await managementCaller(guard, request);
        return summary(await clients.get(p, params.clientId));
      },
      {
        params: ClientIdParams,
        response: ok(ClientSummary),
        detail: {
          tags,
          ...management,
          summary: "Read one API client",
          description:
            "Needs CLIENT_MANAGE and the client's organization inside the token's reach (403 otherwise). Another tenant's client is 404. Never shows the secret.",
        },
      },
    )
    .patch(
      "/api/clients/:clientId",
      async ({ params, body, request }) => {
        const p = await managementCaller(guard, request);
        return summary(await clients.update(p, params.clientId, body));
      },
      {
        params: ClientIdParams,
        body: UpdateClientBody,
        response: ok(ClientSummary),
        detail: {
          tags,
          ...management,
          summary: "Change a client's name, redirect and logout URIs, first-party flag or PKCE requirement",
          description:
            "Needs CLIENT_MANAGE and the client's organization inside the token's reach; another tenant's client is 404. Absent fields stay as they are; a list replaces the registered one. " +
            "Type, grant types, scopes, application, organization and secret are fixed at registration (fields for them are ignored, as every unknown field is): register a new client to change them. " +
            "URIs follow the registration rules and are only for clients holding `authorization_code`, which keep at least one redirect URI. `requirePkce: false` only for a confidential client. Audited as `client.updated`.",
        },
      },
    );
}
