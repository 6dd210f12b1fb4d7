/**
 * The seam between the app and a protocol (the OpenID provider today; SAML and SCIM next): each
 * protocol exports one `ProtocolModule`. `src/app.ts` and `src/routes.ts` iterate over the modules
 * and know none of them: the module owns its paths' bodies and errors, mounts its routes and, if
 * it has any, its discovery documents. Nothing here names a protocol.
 */
import type { AnyElysia } from "elysia";

/** A failure the edge met on a path of the protocol, in the edge's own terms. */
export type EdgeFailure =
  /** Thrown by a route, its service or its body parser: the protocol's own refusal, or not (then null). */
  | { kind: "thrown"; error: unknown }
  /** The body failed the route's schema. */
  | { kind: "invalid_body" }
  /** The body could not be parsed. */
  | { kind: "unparsable_body" }
  /** RFC 9110 §15.5.6: the path exists with other methods. */
  | { kind: "method_not_allowed"; allow: string[] }
  /** The body is over the size limit (CONTRACT §1). */
  | { kind: "too_large"; limitMiB: number }
  /** A backing store is down (`UNAVAILABLE`); `detail` is client-safe. */
  | { kind: "unavailable"; detail: string }
  /** Anything else (logged by the app with the request id, never detailed). */
  | { kind: "internal" };

export interface ProtocolModule {
  /** For logs and tests. */
  name: string;
  /**
   * The path prefix the protocol owns (`/oauth2/`): its routes read their own bodies (the app's
   * JSON reader stays out) and its errors are rendered by `renderError`.
   */
  pathPrefix: string;
  /** The protocol's endpoints. */
  routes: AnyElysia;
  /** The wire of a failure on the protocol's paths; null leaves it to the app's RFC 9457 renderer. */
  renderError(failure: EdgeFailure): Response | null;
  /** Its metadata documents (`/.well-known/...`), when it publishes any. */
  discovery?: AnyElysia;
}
