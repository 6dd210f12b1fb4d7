/**
 * Elysia guards: `.use(userAuth(verifier))` puts `user: UserIdentity` on the context of the routes
 * after it; `.use(machineAuth(verifier, { scopes }))` puts `machine: MachineIdentity`. A failed
 * verification answers like the fetch guards (401/403/503 with WWW-Authenticate) from
 * beforeHandle, so the host app's own onError is never involved.
 */
import { Elysia } from "elysia";
import { authErrorResponse, bearerToken } from "./guards";
import type { MachineIdentity, UserIdentity, Verifier } from "./verifier";

type Outcome<I> = { identity: I; failure: null } | { identity: null; failure: unknown };

async function attempt<I>(verify: () => Promise<I>): Promise<Outcome<I>> {
  try {
    return { identity: await verify(), failure: null };
  } catch (failure) {
    return { identity: null, failure };
  }
}

function reject(failure: unknown, realm: string): Response | undefined {
  if (failure === null) return undefined;
  const res = authErrorResponse(failure, realm);
  if (res) return res;
  throw failure;
}

/** Guard for user routes (machine tokens are refused). */
export function userAuth(verifier: Pick<Verifier, "audience" | "verifyUser">) {
  return new Elysia()
    .derive({ as: "scoped" }, async ({ request }) => {
      const r = await attempt(() => verifier.verifyUser(bearerToken(request.headers) ?? ""));
      // `user` is non-null in every handler: beforeHandle answers for the failures.
      return { user: r.identity as UserIdentity, ssoAuthFailure: r.failure };
    })
    .onBeforeHandle({ as: "scoped" }, ({ ssoAuthFailure }) => reject(ssoAuthFailure, verifier.audience));
}

/** Guard for machine routes (user tokens are refused); every scope in `scopes` is required. */
export function machineAuth(
  verifier: Pick<Verifier, "audience" | "verifyMachine">,
  options: { scopes?: string[] } = {},
) {
  return new Elysia()
    .derive({ as: "scoped" }, async ({ request }) => {
      const r = await attempt(() => verifier.verifyMachine(bearerToken(request.headers) ?? "", options));
      return { machine: r.identity as MachineIdentity, ssoAuthFailure: r.failure };
    })
    .onBeforeHandle({ as: "scoped" }, ({ ssoAuthFailure }) => reject(ssoAuthFailure, verifier.audience));
}
