/** Wire shapes of RP-initiated logout (CONTRACT §13): its path and its OpenAPI description. */
export const LOGOUT_PATH = "/oauth2/logout";

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
