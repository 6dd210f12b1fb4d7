/**
 * Resource-server SDK for the identity service (package subpath `./sdk`). Self-contained: it
 * depends on jose (and elysia for the Elysia guards) only, never on the service's internals.
 *
 *   const verifier = createVerifier({ issuer: process.env.SSO_ISSUER!, audience: process.env.SSO_AUDIENCE! });
 *   const user = await verifier.verifyUser(token);                          // user routes
 *   const machine = await verifier.verifyMachine(token, { scopes: ["orders.read"] }); // machine routes
 *   canAct(user, resource.orgPath);                                          // the one reach check
 *
 * See docs/sdk.md.
 */
import { withMachine as guardMachine, withUser as guardUser } from "./guards";
import {
  createVerifier as createBaseVerifier,
  type MachineIdentity,
  type UserIdentity,
  type VerifierOptions,
} from "./verifier";

/**
 * A verifier for one resource server (one audience), with fetch-handler guards bound to it:
 * `verifier.withUser(handler)` and `verifier.withMachine(handler, { scopes })`.
 */
export function createVerifier(options: VerifierOptions) {
  const v = createBaseVerifier(options);
  return {
    ...v,
    /** Fetch handler for user routes; answers 401 (WWW-Authenticate: Bearer) for anything but a valid user token. */
    withUser: (handler: (request: Request, user: UserIdentity) => Response | Promise<Response>) =>
      guardUser(v, handler),
    /** Fetch handler for machine routes; 401 for anything but a valid machine token, 403 without every scope. */
    withMachine: (
      handler: (request: Request, machine: MachineIdentity) => Response | Promise<Response>,
      opts: { scopes?: string[] } = {},
    ) => guardMachine(v, handler, opts),
  };
}
export type Verifier = ReturnType<typeof createVerifier>;

export {
  canAct,
  type MachineClaims,
  type MachineIdentity,
  type UserClaims,
  type UserIdentity,
  type VerifierOptions,
} from "./verifier";
export {
  createClientCredentials,
  type ClientCredentials,
  type ClientCredentialsOptions,
  type MachineTokenResponse,
} from "./client-credentials";
export { authErrorResponse, bearerToken, withMachine, withUser } from "./guards";
export { machineAuth, userAuth } from "./elysia";
export { discover, type DiscoveryDocument } from "./discovery";
export * from "./errors";
