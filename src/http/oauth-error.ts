/** RFC 6749 §5.2 error bodies for `/oauth2/token`. */
export type OAuthErrorCode = "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "server_error" | "temporarily_unavailable";

export class OAuthError extends Error {
  constructor(
    readonly error: OAuthErrorCode,
    readonly description: string,
    readonly status = error === "invalid_client" ? 401 : error === "server_error" ? 500 : error === "temporarily_unavailable" ? 503 : 400,
    readonly retryAfter?: number,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

export function oauthErrorResponse(e: OAuthError): Response {
  const headers: Record<string, string> = { "content-type": "application/json", "cache-control": "no-store", pragma: "no-cache" };
  if (e.error === "invalid_client") headers["www-authenticate"] = 'Basic realm="sso", charset="UTF-8"';
  if (e.retryAfter !== undefined) headers["retry-after"] = String(Math.max(1, Math.ceil(e.retryAfter)));
  return new Response(JSON.stringify({ error: e.error, error_description: e.description }), { status: e.status, headers });
}
