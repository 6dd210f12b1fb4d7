/**
 * Client authentication at the token, revocation and introspection endpoints (RFC 6749 §2.3.1,
 * OIDC Core §9, CONTRACT §12-§13): `client_secret_basic`, `client_secret_post`, and `none` for
 * public clients; SHA-256 + constant-time compare, served from the client cache.
 */
import { sha256Hex, timingSafeEqual } from "../../../kernel/secrets";
import type { ClientDirectory, ResolvedClient } from "../../../features/clients";
import { oauthError } from "../errors";

/** How the client authenticated (RFC 6749 §2.3.1, OIDC Core §9): exactly one method per request. */
export type ClientAuthentication =
  | { method: "client_secret_basic" | "client_secret_post"; clientId: string; clientSecret: string }
  | { method: "none"; clientId: string };

// constant-time: an unknown client still pays for one hash and one comparison.
const DUMMY_HASH = sha256Hex("unknown-client");

const badClient = () => oauthError("invalid_client", "Client authentication failed: unknown client or wrong secret.");

export function createClientAuthenticator(deps: { directory: ClientDirectory }) {
  /**
   * Authenticates the client by the one method it used. A secret method needs a confidential
   * client with that secret (a public client has none: nothing authenticates it that way);
   * `none` is for public clients only. Unknown clients cost the same as wrong secrets.
   */
  async function authenticate(auth: ClientAuthentication): Promise<ResolvedClient> {
    const resolved = await deps.directory.resolve(auth.clientId);
    if (auth.method === "none") {
      if (!resolved) throw badClient();
      if (resolved.client.type !== "public")
        throw oauthError(
          "invalid_client",
          "This client is confidential: authenticate with its secret (HTTP Basic or client_secret in the body).",
        );
      return resolved;
    }
    const presented = sha256Hex(auth.clientSecret);
    const ok = timingSafeEqual(presented, resolved?.client.secretHash ?? DUMMY_HASH);
    if (!resolved || !resolved.client.secretHash || !ok) throw badClient();
    return resolved;
  }

  /** The client of a revocation or introspection request (RFC 7009 §2.1, RFC 7662 §2.1). */
  async function caller(auth: ClientAuthentication, confidentialOnly: boolean): Promise<ResolvedClient> {
    if (confidentialOnly && auth.method !== "client_secret_basic")
      throw oauthError(
        "invalid_client",
        "Authenticate as a confidential client with HTTP Basic (client id and secret).",
      );
    return authenticate(auth);
  }

  return { authenticate, caller };
}

export type ClientAuthenticator = ReturnType<typeof createClientAuthenticator>;
