/** Wire shapes of the API-client endpoints (TypeBox → validation and OpenAPI). SPEC 2.10, 4.3. */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

/** CONTRACT §5: the scope grammar; also a subset of RFC 6749 §3.3 scope-token characters. */
export const SCOPE_PATTERN = "^[A-Za-z0-9._:/-]{1,128}$";

export const CreateClientBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 200, description: "Display name of the machine identity." }),
  orgId: Int({
    minimum: 1,
    description: "Organization the client belongs to (its tokens carry this org and its tenant).",
  }),
  applicationId: t.Optional(
    Int({
      minimum: 1,
      description:
        "Binds the client to an application of the same tenant: tokens get that application's identifier as `aud`.",
    }),
  ),
  scopes: t.Optional(
    t.Array(t.String({ pattern: SCOPE_PATTERN }), {
      maxItems: 100,
      description:
        'Scopes the client may request. Omitted or empty: `["api.default"]`. A bound client may hold only `api.default` and its application\'s permission codes.',
    }),
  ),
});

export const ListClientsQuery = t.Object({
  organizationId: QueryInt({ minimum: 1, description: "Organization whose clients are listed." }),
});

export const ClientSummary = t.Object({
  clientId: t.String(),
  name: t.String(),
  scopes: t.Array(t.String()),
  applicationId: t.Nullable(Int(), {
    description: "The bound application, null when unbound (then `aud` is the client id).",
  }),
  organizationId: Int(),
  createdAt: t.String({ format: "date-time" }),
});

export const RegisteredClient = t.Object({
  clientId: t.String({ description: "`cli_…`; the HTTP Basic user name at /oauth2/token." }),
  clientSecret: t.String({
    description: "Shown exactly once; only its SHA-256 is kept. A lost secret means registering a new client.",
  }),
});
