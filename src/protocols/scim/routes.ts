/**
 * `/scim/v2` (RFC 7644, CONTRACT §18): discovery, Users and Groups. Every request, discovery
 * included, authenticates with a SCIM token (Bearer); a JWT is 401. Bodies are read here
 * (`application/scim+json` or `application/json`, the API's size cap and strict keys); answers are
 * `application/scim+json`. `POST /.search` is not implemented (501).
 */
import { Elysia, t } from "elysia";
import { readJsonBody } from "../../http/body";
import { clientIp } from "../../http/context";
import { scimErrorResponsesDoc, scimNoContent, scimResponse } from "../../http/scim";
import { listResponse } from "./resources";
import { resourceTypes, schemas, serviceProviderConfig } from "./discovery";
import { notFound, notImplemented, ScimProtocolError } from "./errors";
import type { ListQuery, ScimService } from "./service";

export const SCIM_PATH_PREFIX = "/scim/v2/";
const BODY_LIMIT = 1024 * 1024;

type ServerLike = Parameters<typeof clientIp>[1];

const ListParams = t.Object({
  filter: t.Optional(
    t.String({ maxLength: 2000, description: "RFC 7644 §3.4.2.2 filter (eq, ne, co, sw, ew, pr, and, or, not)" }),
  ),
  startIndex: t.Optional(t.String({ description: "1-based index of the first result" })),
  count: t.Optional(t.String({ description: "results per page, 0 to 1000 (default 100)" })),
  attributes: t.Optional(t.String()),
  excludedAttributes: t.Optional(t.String()),
});
/** The paths served here and their methods: another method on one is 405 with Allow (RFC 9110 §15.5.6). */
const KNOWN_PATHS: [RegExp, string[]][] = [
  [/^\/scim\/v2\/(ServiceProviderConfig|ResourceTypes(\/[^/]+)?|Schemas(\/[^/]+)?)$/, ["GET"]],
  [/^\/scim\/v2\/(Users|Groups)\/\.search$/, ["POST"]],
  [/^\/scim\/v2\/\.search$/, ["POST"]],
  [/^\/scim\/v2\/(Users|Groups)$/, ["GET", "POST"]],
  [/^\/scim\/v2\/(Users|Groups)\/[^/]+$/, ["GET", "PUT", "PATCH", "DELETE"]],
];
const IdParams = t.Object({ id: t.String({ maxLength: 64 }) });
const doc = (summary: string, description?: string) => ({
  tags: ["SCIM"],
  security: [{ bearer: [] }],
  responses: { ...scimErrorResponsesDoc },
  summary,
  ...(description ? { description } : {}),
});

export function scimRoutes({ scim, base }: { scim: ScimService; base: string }) {
  const caller = (request: Request, server: ServerLike) =>
    scim.authenticate(request.headers.get("authorization"), clientIp(request, server));
  const created = (r: Record<string, unknown> & { id: string }, kind: "Users" | "Groups") =>
    scimResponse(r, {
      created: true,
      location: `${base}/${kind}/${r.id}`,
      ...(typeof (r.meta as { version?: unknown })?.version === "string"
        ? { etag: (r.meta as { version: string }).version }
        : {}),
    });
  const one = (r: Record<string, unknown>) =>
    scimResponse(
      r,
      typeof (r.meta as { version?: unknown })?.version === "string"
        ? { etag: (r.meta as { version: string }).version }
        : {},
    );
  const search = async ({ request, server }: { request: Request; server: ServerLike }) => {
    await caller(request, server);
    throw notImplemented("POST .search is not supported; filter with GET and the filter parameter.");
  };

  return (
    new Elysia({ name: "scim-routes", prefix: "/scim/v2" })
      // Every body on these paths is read here: the API's size cap, JSON media types
      // (`application/scim+json`, `application/json`), strict keys (src/http/body.ts).
      .onParse(({ request }) => readJsonBody(request, BODY_LIMIT))
      .get(
        "/ServiceProviderConfig",
        async ({ request, server }) => {
          await caller(request, server);
          return scimResponse(serviceProviderConfig(base));
        },
        { detail: doc("SCIM: what this service provider supports") },
      )
      .get(
        "/ResourceTypes",
        async ({ request, server }) => {
          await caller(request, server);
          const all = resourceTypes(base);
          return scimResponse(listResponse(all, all.length, 1));
        },
        { detail: doc("SCIM: the resource types (User, Group)") },
      )
      .get(
        "/ResourceTypes/:id",
        async ({ request, server, params }) => {
          await caller(request, server);
          const r = resourceTypes(base).find((x) => x.id === params.id);
          if (!r) throw notFound("ResourceType");
          return scimResponse(r);
        },
        { params: IdParams, detail: doc("SCIM: one resource type") },
      )
      .get(
        "/Schemas",
        async ({ request, server }) => {
          await caller(request, server);
          const all = schemas(base);
          return scimResponse(listResponse(all, all.length, 1));
        },
        { detail: doc("SCIM: the schemas of User and Group") },
      )
      .get(
        "/Schemas/:id",
        async ({ request, server, params }) => {
          await caller(request, server);
          const r = schemas(base).find((x) => x.id === params.id);
          if (!r) throw notFound("Schema");
          return scimResponse(r);
        },
        { params: IdParams, detail: doc("SCIM: one schema") },
      )
      .get(
        "/Users",
        async ({ request, server, query }) =>
          scimResponse(await scim.listUsers(await caller(request, server), query as ListQuery)),
        {
          query: ListParams,
          detail: doc(
            "SCIM: list or filter the users of the token's subtree",
            "Filters on userName, externalId, emails.value, displayName, active, id; startIndex/count paging.",
          ),
        },
      )
      .post(
        "/Users",
        async ({ request, server, body }) =>
          created(await scim.createUser(await caller(request, server), body), "Users"),
        {
          detail: doc(
            "SCIM: create (provision) a user",
            "userName is the email; no setup mail is sent; 409 uniqueness for a taken email.",
          ),
        },
      )
      .post("/Users/.search", search, { detail: doc("SCIM: search by POST (not implemented, 501)") })
      .post("/Groups/.search", search, { detail: doc("SCIM: search by POST (not implemented, 501)") })
      .post("/.search", search, { detail: doc("SCIM: search by POST (not implemented, 501)") })
      .get(
        "/Users/:id",
        async ({ request, server, params, query }) =>
          one(await scim.getUser(await caller(request, server), params.id, query as ListQuery)),
        { params: IdParams, query: ListParams, detail: doc("SCIM: one user") },
      )
      .put(
        "/Users/:id",
        async ({ request, server, params, body }) =>
          one(await scim.replaceUser(await caller(request, server), params.id, body, request.headers.get("if-match"))),
        { params: IdParams, detail: doc("SCIM: replace a user") },
      )
      .patch(
        "/Users/:id",
        async ({ request, server, params, body }) =>
          one(await scim.patchUser(await caller(request, server), params.id, body, request.headers.get("if-match"))),
        { params: IdParams, detail: doc("SCIM: change a user (add, replace, remove; active flips)") },
      )
      .delete(
        "/Users/:id",
        async ({ request, server, params }) => {
          await scim.deleteUser(await caller(request, server), params.id, request.headers.get("if-match"));
          return scimNoContent();
        },
        {
          params: IdParams,
          detail: doc(
            "SCIM: deprovision a user",
            "Disables the user and removes its roles in the subtree; never erases.",
          ),
        },
      )
      .get(
        "/Groups",
        async ({ request, server, query }) =>
          scimResponse(await scim.listGroups(await caller(request, server), query as ListQuery)),
        { query: ListParams, detail: doc("SCIM: list or filter the groups (roles) of the token's organization") },
      )
      .post(
        "/Groups",
        async ({ request, server, body }) =>
          created(await scim.createGroup(await caller(request, server), body), "Groups"),
        {
          detail: doc("SCIM: create a group (a role without permissions)"),
        },
      )
      .get(
        "/Groups/:id",
        async ({ request, server, params, query }) =>
          scimResponse(await scim.getGroup(await caller(request, server), params.id, query as ListQuery)),
        { params: IdParams, query: ListParams, detail: doc("SCIM: one group with its members") },
      )
      .put(
        "/Groups/:id",
        async ({ request, server, params, body }) =>
          scimResponse(await scim.replaceGroup(await caller(request, server), params.id, body)),
        { params: IdParams, detail: doc("SCIM: replace a group (name and members)") },
      )
      .patch(
        "/Groups/:id",
        async ({ request, server, params, body }) =>
          scimResponse(await scim.patchGroup(await caller(request, server), params.id, body)),
        { params: IdParams, detail: doc("SCIM: change a group (displayName, members add/remove/replace)") },
      )
      .delete(
        "/Groups/:id",
        async ({ request, server, params }) => {
          await scim.deleteGroup(await caller(request, server), params.id);
          return scimNoContent();
        },
        { params: IdParams, detail: doc("SCIM: delete a group (the role and its assignments)") },
      )
      // Any other path under /scim/v2 is a SCIM 404 (RFC 7644 §3.12), not the API's problem document.
      .all(
        "/*",
        async ({ request, server }) => {
          await caller(request, server);
          const path = new URL(request.url).pathname;
          const allow = KNOWN_PATHS.find(([re]) => re.test(path))?.[1];
          if (allow)
            throw new ScimProtocolError(
              "method_not_allowed",
              `This endpoint takes ${allow.join(", ")}.`,
              undefined,
              allow,
            );
          throw notFound("Endpoint");
        },
        { detail: { hide: true } },
      )
  );
}
