/**
 * The one place a token response of the code grant is signed (CONTRACT §12 "Token response", OIDC
 * Core §3.1.3.3): the access token for the client's application and, with `openid` granted, the
 * ID token beside it (its `at_hash` names that access token). The sessions feature loads what the
 * access token is made of and starts the refresh family meanwhile (`startClientSession`); the
 * claims are the tokens feature's.
 */
import type { ClientAccess } from "../../../features/sessions";
import type { TokenMinter } from "../../../features/tokens";
import { acrOf } from "../acr";
import type { AuthorizationCode } from "../ports";

/** What the ID token says of the sign-in the code came from. */
export type SignInFacts = Pick<AuthorizationCode, "authTime" | "amr" | "nonce" | "claims">;

/** The signed tokens of one response. */
export interface MintedResponse {
  accessToken: string;
  idToken?: string;
}

export function createResponseMinter(deps: Pick<TokenMinter, "mintAccess" | "mintAccessWithIdToken">) {
  /** Signs the access token of `access` and (with `openid` granted) its ID token, in one step. */
  return async function mintResponse(access: ClientAccess, signIn: SignInFacts): Promise<MintedResponse> {
    const { user, org, app, sid, grants, client } = access;
    if (!client.scopes.includes("openid"))
      return { accessToken: await deps.mintAccess(user, org, app, sid, undefined, grants, client) };
    return deps.mintAccessWithIdToken(
      { user, org, app, sid, grants, client },
      {
        user,
        clientId: client.clientId,
        sid,
        authTime: signIn.authTime,
        amr: signIn.amr,
        acr: acrOf(signIn.amr),
        nonce: signIn.nonce,
        scopes: client.scopes,
        ...(signIn.claims?.idToken.length ? { claims: signIn.claims.idToken } : {}),
      },
    );
  };
}

export type ResponseMinter = ReturnType<typeof createResponseMinter>;
