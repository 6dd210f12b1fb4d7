/** Wire shapes of the session and consent endpoints (CONTRACT §13). */
import { t } from "elysia";
import { Int } from "../../../http/wire";

export const LOGOUT_PATH = "/oauth2/logout";

const Nullable = <S extends Parameters<typeof t.Union>[0][number]>(s: S) => t.Union([s, t.Null()]);

export const SessionEntryView = t.Object({
  id: t.String({
    description: "A sign-in session's `sid`, or a refresh family's id (the `sid` of its /api/auth tokens).",
  }),
  kind: t.Union([t.Literal("signin"), t.Literal("refresh")], {
    description: "`signin`: a browser sign-in session (hosted pages); `refresh`: a refresh-token family.",
  }),
  clientId: Nullable(t.String({ description: "refresh: the OAuth client the family was started for (code grant)." })),
  clientName: Nullable(
    t.String({ description: 'refresh: that client\'s name as registered ("Admin console" for the console).' }),
  ),
  applicationId: Nullable(Int({ description: "refresh: the client's application." })),
  deviceId: Nullable(t.String()),
  mode: Nullable(t.String({ description: "refresh: web, plain or device." })),
  organizationId: Nullable(Int({ description: "refresh: the session's active organization." })),
  audience: Nullable(t.String({ description: "refresh: the audience last minted for." })),
  clients: t.Array(t.String(), { description: "signin: the clients that got tokens in it." }),
  clientNames: t.Array(t.String(), {
    description: "signin: those clients' names as registered, in the same order (an unknown one keeps its id).",
  }),
  createdAt: Nullable(t.String({ format: "date-time" })),
  lastUsedAt: Nullable(t.String({ format: "date-time" })),
  expiresAt: t.String({ format: "date-time" }),
  ipAddress: Nullable(t.String()),
  current: t.Boolean({ description: "true for the session of the calling token" }),
});

export const RevokedCount = t.Object({
  revoked: Int({ description: "How many sign-in sessions and refresh families ended." }),
});

export const ConsentView = t.Object({
  clientId: t.String(),
  applicationId: Nullable(Int()),
  name: t.String({ description: "The client's name." }),
  scopes: t.Array(t.String()),
  grantedAt: t.String({ format: "date-time" }),
});

export const logoutDetail = (method: "GET" | "POST") => ({
  tags: ["OpenID Connect"],
  security: [],
  summary: `RP-initiated logout (${method})`,
  description:
    "OpenID Connect RP-Initiated Logout 1.0 (CONTRACT §13). Parameters (query or form), every one optional: `id_token_hint`, `post_logout_redirect_uri` (exactly one registered for the client named by the hint or `client_id`), `state`, `client_id`, `logout_hint`, `ui_locales`. " +
    "With a valid `id_token_hint` (an ID token of this service, expired ones too) the hinted sign-in session ends at once, with the refresh families started through it; every client that got tokens in it and has a `backchannelLogoutUri` receives a logout token. Then 303 to `post_logout_redirect_uri` (with `state`), or the signed-out page. " +
    "Without a valid hint the browser's own sign-in session is the one to end: in the tenant of `client_id`, or, with no client, the one its `sso_session` cookie names. A page asks the person to confirm, then ends it (same endings and logout tokens). " +
    "When the browser holds no live session there (none, or only one of another tenant, which is left alone with its cookie) the page says nothing was signed out; the `sso_session` cookie is cleared only when the browser's own session ended. " +
    "An unknown client, an unregistered URI, or a `post_logout_redirect_uri` without a client to check it against is an error page worded for signing out, never a redirect.",
  parameters: [
    ["id_token_hint", "An ID token this service issued to the client."],
    ["post_logout_redirect_uri", "One of the client's registered post-logout redirect URIs."],
    ["state", "Echoed back on the redirect."],
    ["client_id", "The client, when no hint is sent (without either, the browser's own session)."],
    ["logout_hint", "Accepted and ignored."],
    ["ui_locales", "Preferred languages of the pages."],
  ]
    .filter(() => method === "GET")
    .map(([name, description]) => ({
      name,
      in: "query" as const,
      required: false,
      schema: { type: "string" as const },
      description,
    })),
});
