/**
 * The authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.6, OIDC Core §3.1.3; CONTRACT §12):
 * redeem the code once, check it against the request, start the client's tokens through the
 * sessions feature (a refresh family bound to the client when it holds `refresh_token`) and sign
 * the response (access and ID token) in mint-response.ts.
 */
import type { Clock } from "../../../../kernel/clock";
import { sha256Hex } from "../../../../kernel/secrets";
import { type ResolvedClient, tenantScopeOf } from "../../../../features/clients";
import type { DomainEvent } from "../../../../features/events";
import type { BrowserSessionStore } from "../../../../features/sessions";
import type { OrgRepo } from "../../../../features/orgs";
import type { FamilyStore, SessionService } from "../../../../features/sessions";
import { ACCESS_TOKEN_TTL } from "../../../../features/tokens";
import { oauthError } from "../../errors";
import { pkceRequired, verifyPkceS256 } from "../../pkce";
import type { AuthorizationCode, AuthorizationCodeStore } from "../../ports";
import type { IssuedTokens, TokenGrant } from "../endpoint";
import type { ResponseMinter } from "../mint-response";

/** What an authorization_code request carries. */
export interface AuthorizationCodeRequest {
  code?: string;
  redirectUri?: string;
  codeVerifier?: string;
  ip: string | null;
}

export interface AuthorizationCodeDeps {
  clock: Clock;
  /** Authorization codes and browser sessions (SessionStore.codes / .signIns). */
  codes: AuthorizationCodeStore;
  signIns: BrowserSessionStore;
  /** Revokes what a reused code issued (a refresh family). */
  families: Pick<FamilyStore, "revoke">;
  /** Marks a client's tokens of a browser session ended (a reused code; the revocation marks). */
  familyRevoked(f: { clientId: string; sid: string }): Promise<void>;
  /** Loads the access token's inputs and starts the client's refresh family. */
  sessions: Pick<SessionService, "startClientSession">;
  mintResponse: ResponseMinter;
  /** The code's org for the audit entry of a reuse. */
  orgs: Pick<OrgRepo, "get">;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
}

const invalidGrant = (description: string) => oauthError("invalid_grant", description);

export function authorizationCodeGrant(deps: AuthorizationCodeDeps): TokenGrant<AuthorizationCodeRequest> {
  /** A second use of a code: revoke what the first issued, audit it, refuse (RFC 6749 §4.1.2). */
  async function reused(c: AuthorizationCode, familyId: string | undefined, ip: string | null): Promise<never> {
    if (familyId) await deps.families.revoke(familyId);
    // The first exchange's access token is a stateless JWT: the mark of this client's tokens in
    // the code's sign-in session ends it for introspection and UserInfo, family or not (RFC 6749
    // §4.1.2: "SHOULD revoke (when possible) all tokens previously issued based on that code").
    await deps.familyRevoked({ clientId: c.clientId, sid: c.sid });
    const org = await deps.orgs.get(c.tenantId, c.orgId);
    await deps.record({
      type: "oauth.code.reused",
      tenantId: c.tenantId,
      org: org ? { id: org.id, path: org.path } : null,
      actor: { ip },
      target: { userId: c.userId },
      data: { clientId: c.clientId, sid: c.sid, ...(familyId ? { sessionId: familyId } : {}) },
    });
    throw invalidGrant("The authorization code was already used; the tokens issued for it are revoked.");
  }

  /**
   * The request against the code: its redirect URI, and its PKCE verifier (a failed check has
   * burnt the code). A code requested without a challenge takes no verifier (RFC 9700 §4.8.2,
   * downgrade).
   */
  function checkRequest(client: ResolvedClient["client"], c: AuthorizationCode, req: AuthorizationCodeRequest) {
    if (req.redirectUri !== c.redirectUri)
      throw invalidGrant("redirect_uri differs from the one of the authorization request.");
    if (c.codeChallenge === null) {
      // RFC 9700 §4.8.2 (downgrade): a verifier only for a code whose request carried a challenge.
      if (req.codeVerifier)
        throw invalidGrant("code_verifier was sent, but the authorization request carried no code_challenge.");
      // The authorization endpoint never issues such a code to this client; it may have changed since.
      if (pkceRequired(client))
        throw invalidGrant("This client requires PKCE; the authorization request carried no code_challenge.");
    } else if (!req.codeVerifier || !verifyPkceS256(req.codeVerifier, c.codeChallenge))
      throw invalidGrant("code_verifier is missing or does not match the code_challenge.");
  }

  /**
   * The code is redeemed once (a second use is invalid_grant and revokes what the first issued),
   * checked against the request, then the tokens are issued for the code's sign-in session.
   */
  async function issue(resolved: ResolvedClient, req: AuthorizationCodeRequest): Promise<IssuedTokens> {
    const { client } = resolved;
    if (!req.code) throw oauthError("invalid_request", "code is required.");
    if (!req.redirectUri) throw oauthError("invalid_request", "redirect_uri is required.");
    const codeHash = sha256Hex(req.code);
    const now = deps.clock.now();
    // The console client serves every tenant: the code names its own (clients/console-client.ts).
    const r = await deps.codes.redeem(tenantScopeOf(client), client.clientId, codeHash, now);
    if (!r) throw invalidGrant("The authorization code is invalid, expired, or was issued to another client.");
    const c = r.code;
    if (r.status === "reused") return reused(c, r.issued?.familyId, req.ip);
    checkRequest(client, c, req);
    if (!(await deps.signIns.addClient(c.tenantId, c.sid, client.clientId, now)))
      throw invalidGrant("The sign-in session this code was issued in has ended.");

    const issued = await deps.sessions.startClientSession(
      {
        tenantId: c.tenantId,
        userId: c.userId,
        orgId: c.orgId,
        audience: resolved.audience,
        clientId: client.clientId,
        sid: c.sid,
        scopes: c.scopes,
        ...(c.claims?.userinfo.length ? { userinfoClaims: [...c.claims.userinfo] } : {}),
        refresh: client.grantTypes.includes("refresh_token"),
      },
      (access) => deps.mintResponse(access, c),
    );
    if (issued.status === "refused")
      throw invalidGrant(
        issued.reason === "user_inactive"
          ? "The person can no longer sign in."
          : issued.reason === "org_unusable"
            ? "The organization is suspended, expired or gone; no tokens can be issued for it."
            : "The application this client is bound to no longer exists.",
      );
    // A logout that ended the sign-in session after `addClient` may have listed its families before
    // this one existed: seen ended now, the new family is revoked (CONTRACT §13: it ends with the session).
    if (issued.familyId && !(await deps.signIns.get(c.tenantId, c.sid, deps.clock.now()))) {
      await deps.families.revoke(issued.familyId);
      throw invalidGrant("The sign-in session this code was issued in has ended.");
    }
    // A replay that landed between redeem and here: revoke what this redemption has just issued.
    const recorded = await deps.codes.recordIssued(
      c.tenantId,
      codeHash,
      issued.familyId ? { familyId: issued.familyId } : {},
    );
    if (recorded !== "recorded") {
      if (issued.familyId) await deps.families.revoke(issued.familyId);
      throw invalidGrant("The authorization code was used twice; the tokens issued for it are revoked.");
    }
    // One entry for the authorization and its redemption (the authorization endpoint writes none).
    await deps.record({
      type: "oauth.code.redeemed",
      tenantId: c.tenantId,
      org: issued.org,
      actor: { ip: req.ip },
      target: { userId: c.userId },
      data: {
        clientId: client.clientId,
        sid: c.sid,
        scopes: c.scopes,
        organizationId: c.orgId,
        ...(c.authorizedIp !== undefined ? { authorizedIp: c.authorizedIp } : {}),
        ...(issued.familyId ? { sessionId: issued.familyId } : {}),
      },
    });
    const { accessToken, idToken } = issued.minted;
    return {
      accessToken,
      expiresIn: ACCESS_TOKEN_TTL,
      scope: c.scopes.join(" "),
      ...(idToken ? { idToken } : {}),
      ...(issued.refreshToken ? { refreshToken: issued.refreshToken } : {}),
    };
  }

  return {
    read: (form, ip) => ({ code: form.code, redirectUri: form.redirect_uri, codeVerifier: form.code_verifier, ip }),
    limitsPublicClients: false,
    issue,
  };
}
