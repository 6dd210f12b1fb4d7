/**
 * The OpenID provider's error renderer (its `ProtocolModule.renderError`): every refusal on
 * `/oauth2/**` is an `OAuthProtocolError` of the one vocabulary (errors.ts), handed to the edge's
 * OAuth wire (src/http/oauth-error.ts) as plain data: an RFC 6750 §3.1 Bearer challenge for
 * UserInfo's token, an RFC 6749 §5.2 JSON body for everything else. Authorization errors never get
 * here: the authorization endpoint answers them itself (a redirect back or an error page).
 */
import { type OAuthWireError, oauthFailureRenderer } from "../../http/oauth-error";
import { OAuthProtocolError } from "./errors";

/** The wire of a refusal of ours (also when a route's body parser threw it: Elysia wraps it); null for anything else. */
export function oidcRefusal(thrown: unknown): OAuthWireError | null {
  const e = thrown instanceof OAuthProtocolError ? thrown : (thrown as { cause?: unknown } | null)?.cause;
  if (!(e instanceof OAuthProtocolError)) return null;
  const { bearer, ...opts } = e.opts;
  if (bearer) return { kind: "bearer", error: bearer === "error" ? e.error : null, description: e.description };
  // The JSON body carries the description as written (JSON escapes it), as it always has.
  return { kind: "json", error: e.error, description: e.text, ...opts };
}

export const renderOidcError = oauthFailureRenderer(oidcRefusal);
