/** Wire shapes of the API-client endpoints (TypeBox → validation and OpenAPI). SPEC 2.10, 4.3; CONTRACT §12. */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";
import { MAX_URI_LENGTH, MAX_URIS } from "./rules";

/** CONTRACT §5: the scope grammar; also a subset of RFC 6749 §3.3 scope-token characters. */
export const SCOPE_PATTERN = "^[A-Za-z0-9._:/-]{1,128}$";

const ClientType = t.Union([t.Literal("confidential"), t.Literal("public")], {
  description:
    "`confidential` (default): a server that keeps a secret. `public`: an SPA or native app that cannot keep one; it gets no secret and cannot hold `client_credentials`. Fixed at registration.",
});
const GrantTypes = t.Array(
  t.Union([t.Literal("client_credentials"), t.Literal("authorization_code"), t.Literal("refresh_token")]),
  {
    minItems: 1,
    maxItems: 3,
    description:
      'Grants the client may use. Default `["client_credentials"]` (a machine client). `authorization_code` (browser sign-in) needs `applicationId` and at least one redirect URI; `refresh_token` only together with `authorization_code`; a public client cannot hold `client_credentials`. Fixed at registration.',
  },
);
const UriList = (what: string) =>
  t.Array(t.String({ minLength: 1, maxLength: MAX_URI_LENGTH }), {
    maxItems: MAX_URIS,
    description: `${what} Each is an absolute URI without fragment: \`https://…\`, \`http://\` only on loopback (127.0.0.1, [::1], localhost), or a native app's private-use scheme in reverse-domain form (RFC 8252 §7.1, e.g. \`com.example.app:/callback\`). Compared by exact string. At most ${MAX_URIS}, each at most ${MAX_URI_LENGTH} characters. Only for clients holding \`authorization_code\`.`,
  });
const RedirectUris = UriList("Where the authorization endpoint may send the browser back to with a code.");
const PostLogoutRedirectUris = UriList(
  "Where logout (RP-initiated logout, not served yet) may send the browser back to.",
);
const BackchannelLogoutUri = t.String({
  maxLength: MAX_URI_LENGTH,
  description:
    "Will receive logout tokens (OIDC Back-Channel Logout 1.0; not sent yet) as a form POST from the service. Absolute https to a public host (the webhook SSRF policy); plain http only on loopback and only when SSO_WEBHOOK_ALLOW_PRIVATE=true. No fragment. Only for clients holding `authorization_code`.",
});
const FirstParty = t.Boolean({
  description:
    "true (default): an application of the tenant itself, signed in to without a consent page. false: people are asked to consent to the scopes it requests.",
});

const RequirePkce = t.Boolean({
  description:
    "true (default): every authorization request must carry a PKCE `code_challenge` (S256), and the code is redeemed only with its `code_verifier`. false (confidential clients only: it authenticates with its secret and relies on the OpenID `nonce`, RFC 9700 §2.1.1): the challenge may be omitted; a request that sends one is still bound to it, and a `code_verifier` for a code requested without one is refused (downgrade). A public client is refused false.",
});

export const CreateClientBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 200, description: "Display name of the client." }),
  orgId: Int({
    minimum: 1,
    description: "Organization the client belongs to (its tokens carry this org and its tenant).",
  }),
  applicationId: t.Optional(
    Int({
      minimum: 1,
      description:
        "Binds the client to an application of the same tenant: tokens get that application's identifier as `aud`. Required with `authorization_code`.",
    }),
  ),
  scopes: t.Optional(
    t.Array(t.String({ pattern: SCOPE_PATTERN }), {
      maxItems: 100,
      description:
        'Scopes the client may request. Omitted or empty: `["api.default"]`. A bound client may hold only `api.default` and its application\'s permission codes.',
    }),
  ),
  type: t.Optional(ClientType),
  grantTypes: t.Optional(GrantTypes),
  redirectUris: t.Optional(RedirectUris),
  postLogoutRedirectUris: t.Optional(PostLogoutRedirectUris),
  backchannelLogoutUri: t.Optional(BackchannelLogoutUri),
  firstParty: t.Optional(FirstParty),
  requirePkce: t.Optional(RequirePkce),
});

export const UpdateClientBody = t.Object({
  name: t.Optional(t.String({ minLength: 1, maxLength: 200, description: "Display name of the client." })),
  redirectUris: t.Optional(RedirectUris),
  postLogoutRedirectUris: t.Optional(PostLogoutRedirectUris),
  backchannelLogoutUri: t.Optional(
    t.Union([BackchannelLogoutUri, t.Null()], { description: "null removes the back-channel logout URI." }),
  ),
  firstParty: t.Optional(FirstParty),
  requirePkce: t.Optional(RequirePkce),
});

export const ListClientsQuery = t.Object({
  organizationId: QueryInt({ minimum: 1, description: "Organization whose clients are listed." }),
});

export const ClientIdParams = t.Object({
  clientId: t.String({ minLength: 1, maxLength: 100, description: "The client's `cli_…` id." }),
});

export const ClientSummary = t.Object({
  clientId: t.String(),
  name: t.String(),
  scopes: t.Array(t.String()),
  applicationId: t.Nullable(Int(), {
    description: "The bound application, null when unbound (then `aud` is the client id).",
  }),
  organizationId: Int(),
  type: ClientType,
  grantTypes: t.Array(t.String(), { description: "Grants the client may use." }),
  redirectUris: t.Array(t.String(), { description: "Registered redirect URIs ([] for a machine client)." }),
  postLogoutRedirectUris: t.Array(t.String(), { description: "Registered post-logout redirect URIs." }),
  backchannelLogoutUri: t.Nullable(t.String(), { description: "Back-channel logout receiver, null when none." }),
  firstParty: t.Boolean({ description: "true: no consent page." }),
  requirePkce: t.Boolean({
    description: "true: authorization requests must carry a PKCE S256 challenge (always true for a public client).",
  }),
  createdAt: t.String({ format: "date-time" }),
});

export const RegisteredClient = t.Object({
  clientId: t.String({ description: "`cli_…`; the HTTP Basic user name at /oauth2/token." }),
  clientSecret: t.Optional(
    t.String({
      description:
        "Confidential clients only (absent for a public client). Shown exactly once; only its SHA-256 is kept. A lost secret means registering a new client.",
    }),
  ),
});
