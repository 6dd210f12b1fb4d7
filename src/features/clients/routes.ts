/** GET/POST /api/clients: thin HTTP edge over the client service. */
import { Elysia, t } from "elysia";
import { noStore } from "../../http/context";
import { ClientSummary, CreateClientBody, ListClientsQuery, RegisteredClient } from "./model";
import type { ApiClient } from "./ports";
import type { ClientService } from "./service";
import { managementCaller, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";

/** Wire shape of a client: never the secret or its hash. */
const summary = (c: ApiClient) => ({
  clientId: c.clientId,
  name: c.name,
  scopes: c.scopes,
  applicationId: c.applicationId,
  organizationId: c.organizationId,
  createdAt: c.createdAt.toISOString(),
});

export function clientRoutes({ clients, guard }: { clients: ClientService; guard: Guard }) {
  const tags = ["API clients"];
  const security = [{ bearer: [] }];
  return new Elysia({ name: "client-routes" })
    .get(
      "/api/clients",
      async ({ query, request, server }) => {
        const p = await managementCaller(guard, request, server);
        return (await clients.list(p, query.organizationId)).map(summary);
      },
      {
        query: ListClientsQuery,
        response: ok(t.Array(ClientSummary)),
        detail: {
          tags,
          security,
          summary: "List the API clients of an organization",
          description: "Needs CLIENT_MANAGE and the organization inside the token's reach. Secrets are never listed.",
        },
      },
    )
    .post(
      "/api/clients",
      async ({ body, request, server, set }) => {
        const p = await managementCaller(guard, request, server);
        const r = await clients.register(p, body);
        noStore(set);
        return { clientId: r.client.clientId, clientSecret: r.clientSecret };
      },
      {
        body: CreateClientBody,
        response: ok(RegisteredClient),
        detail: {
          tags,
          security,
          summary: "Register an API client (client credentials)",
          description:
            "Needs CLIENT_MANAGE and access to `orgId`. The secret is returned exactly once and cannot be retrieved or rotated later. Scopes default to `api.default`; a client bound to an application may hold only `api.default` and that application's permission codes.",
        },
      },
    );
}
