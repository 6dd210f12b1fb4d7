/**
 * Signing keys and JWTs: RSA-2048 keys made on first start, sealed at rest, rotated by a scheduled
 * task (published before first use, kept published after retirement), RS256 signing and
 * verification of our own tokens against the published set; and minting: the access token of a
 * session (claims of SPEC 2.1 plus the audience owner's custom claims). Sessions decide when a
 * token is minted; this feature decides what it says and signs it.
 */
import {
  createLocalJWKSet,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  importPKCS8,
  jwtVerify,
  errors as joseErrors,
  type JWTPayload,
  type JSONWebKeySet,
} from "jose";
import type { Clock } from "../../kernel/clock";
import type { CryptoBox } from "../../kernel/crypto-box";
import { nowSeconds } from "../../kernel/clock";
import { invalidToken } from "../../kernel/errors";
import type { LeaseStore } from "../../kernel/lease";
import { randomToken } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { User, UserRepo } from "../../kernel/users";
import type { Application } from "../apps";
import { applyMapping, type ClaimsMinter, type SourceValues } from "../claims";
import type { EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import { userMemberships, type EffectiveGrant, type RoleRepo } from "../roles";
import { computeAccessClaims } from "./claims";
import { idTokenClaimParts, type IdTokenInput } from "./id-token";
import { webcryptoSigner, type JwsSigner } from "./signer";
import type { KeyRepo, StoredKey } from "./ports";
import { signingCertificate } from "./x509";
import { createPrivateKey, type KeyObject } from "node:crypto";

/** Seconds an access token lives (CONTRACT §4); also the `expiresInSeconds` of every token pair. */
export const ACCESS_TOKEN_TTL = 900;
const DAY = 86400;

export interface KeyServiceDeps {
  keys: KeyRepo;
  leases: LeaseStore;
  box: CryptoBox;
  clock: Clock;
  issuer: string;
  rotationDays: number;
  /** TTL of the rotation lease (default 60 s): how long a holder that died mid-step blocks the others. */
  leaseSeconds?: number;
  instanceId: string;
  /** Key creation and its `key.rotated` event commit together. */
  unit: Unit<{ keys: KeyRepo; events: EventJournal }>;
  /** The platform tenant, whose audit trail records key rotation. */
  platformTenantId: number;
  onRotated?: (kid: string) => void;
  /** Turns claims + the current key into a compact JWS (signer.ts); default: WebCrypto via jose. */
  signer?: JwsSigner;
}

interface LoadedKey {
  kid: string;
  activatesAt: number;
  key: CryptoKey;
}

/** A signing key for XML signatures (SAML): the private key for xml-crypto and its certificate. */
export interface XmlSigningKey {
  kid: string;
  /** The private key as Node's crypto takes it (never leaves the process). */
  privateKey: KeyObject;
  /** Its self-signed certificate, PEM (x509.ts). */
  certificate: string;
}

/** Timings derived from the rotation interval (production: 30 d rotation, 1 h lead, 1 d retention). */
export function rotationTimings(rotationDays: number) {
  const rotation = rotationDays * DAY;
  return {
    rotation,
    /** Published this long before it signs. */
    lead: Math.min(3600, rotation / 4),
    /** Kept published this long after it stops signing (at least one token lifetime). */
    retention: Math.max(ACCESS_TOKEN_TTL + 60, Math.min(DAY, rotation * 2)),
  };
}

export function createKeyService(deps: KeyServiceDeps) {
  const t = rotationTimings(deps.rotationDays);
  let signingKeys: LoadedKey[] = [];
  let jwks: JSONWebKeySet = { keys: [] };
  let localSet = createLocalJWKSet(jwks);
  const decrypted = new Map<string, CryptoKey>();
  /** XML signing material per kid, made on first use (x509.ts); dropped with the key. */
  const xmlKeys = new Map<string, Promise<XmlSigningKey>>();
  const stored = new Map<string, StoredKey>();
  const signer = deps.signer ?? webcryptoSigner;

  async function makeKey(activatesAt: Date): Promise<StoredKey> {
    const { privateKey, publicKey } = await generateKeyPair("RS256", { modulusLength: 2048, extractable: true });
    const kid = randomToken(12);
    const pub = await exportJWK(publicKey);
    return {
      kid,
      privateKeyEnc: await deps.box.seal(await exportPKCS8(privateKey)),
      publicJwk: { ...pub, kid, alg: "RS256", use: "sig" },
      createdAt: deps.clock.now(),
      activatesAt,
      retiredAt: null,
      expiresAt: null,
    };
  }

  /** Reloads the published set from the store (every instance does this on its check interval). */
  async function reload() {
    const now = deps.clock.now();
    const published = await deps.keys.published(now);
    const loaded: LoadedKey[] = [];
    for (const k of published) {
      let key = decrypted.get(k.kid);
      if (!key) {
        const pem = await deps.box.open(k.privateKeyEnc);
        const imported = await importPKCS8(pem, "RS256");
        // The signer holds the key before any request can pick it (a rotation fails no request).
        await signer.load(k.kid, imported, pem);
        decrypted.set(k.kid, (key = imported));
      }
      loaded.push({ kid: k.kid, activatesAt: k.activatesAt.getTime(), key });
      stored.set(k.kid, k);
    }
    signingKeys = loaded.sort((a, b) => b.activatesAt - a.activatesAt);
    jwks = { keys: published.map((k) => k.publicJwk as never) };
    localSet = createLocalJWKSet(jwks);
    // Keys no longer published sign nothing any more: the signer frees them after its pending work.
    for (const kid of decrypted.keys())
      if (!loaded.some((k) => k.kid === kid)) {
        decrypted.delete(kid);
        xmlKeys.delete(kid);
        stored.delete(kid);
        signer.retire(kid);
      }
  }

  /** The XML signing material of a loaded key (its certificate is made once per process). */
  function xmlKey(k: LoadedKey): Promise<XmlSigningKey> {
    let made = xmlKeys.get(k.kid);
    if (!made) {
      const s = stored.get(k.kid)!;
      made = (async () => ({
        kid: k.kid,
        privateKey: createPrivateKey(await deps.box.open(s.privateKeyEnc)),
        certificate: await signingCertificate({
          kid: k.kid,
          issuer: deps.issuer,
          createdAt: s.createdAt,
          privateKey: k.key,
          publicJwk: s.publicJwk,
        }),
      }))();
      made.catch(() => xmlKeys.delete(k.kid));
      xmlKeys.set(k.kid, made);
    }
    return made;
  }

  /**
   * XML signatures (SAML, CONTRACT §17): the current key as xml-crypto signs with it, and the
   * certificates to publish: the current key's, then the next key's when one is published ahead
   * of its activation (so SPs can pin it before rotation). RS256 keys sign RSA-SHA256.
   */
  async function xmlSigning(): Promise<{ current: XmlSigningKey; certificates: string[] }> {
    const current = currentKey();
    const now = deps.clock.now().getTime();
    const next = signingKeys.filter((k) => k.activatesAt > now).sort((a, b) => a.activatesAt - b.activatesAt)[0];
    const cur = await xmlKey(current);
    return { current: cur, certificates: [cur.certificate, ...(next ? [(await xmlKey(next)).certificate] : [])] };
  }

  function currentKey(): LoadedKey {
    const now = deps.clock.now().getTime();
    const k = signingKeys.find((x) => x.activatesAt <= now);
    if (!k) throw new Error("no active signing key");
    return k;
  }

  /**
   * One rotation step; safe on many instances (a store lease lets one run it). Creates the first
   * key on an empty store; publishes the next key `lead` before it signs; retires superseded keys.
   * Returns the kid of a newly created key, if any.
   */
  async function rotateIfDue(): Promise<string | null> {
    if (!(await deps.leases.acquire("keys.rotation", deps.instanceId, deps.leaseSeconds ?? 60))) {
      await reload();
      return null;
    }
    try {
      const now = deps.clock.now();
      let published = await deps.keys.published(now);
      let created: string | null = null;
      const add = async (k: StoredKey) => {
        await deps.unit("keys.rotate", ["keys", "events"], async ({ keys, events }) => {
          await keys.insert(k);
          await events.record({
            type: "key.rotated",
            tenantId: deps.platformTenantId,
            data: { kid: k.kid, activatesAt: k.activatesAt.toISOString() },
          });
        });
        created = k.kid;
      };
      if (published.length === 0) await add(await makeKey(now));
      else {
        const newest = published[0];
        const due = newest.activatesAt.getTime() + (t.rotation - t.lead) * 1000 <= now.getTime();
        if (due) await add(await makeKey(new Date(now.getTime() + t.lead * 1000)));
      }
      published = await deps.keys.published(now);
      const current = published.find((k) => k.activatesAt <= now);
      if (current)
        await deps.keys.retireOthers(
          current.kid,
          current.activatesAt,
          new Date(current.activatesAt.getTime() + t.retention * 1000),
        );
      await reload();
      if (created) deps.onRotated?.(created);
      return created;
    } finally {
      await deps.leases.release("keys.rotation", deps.instanceId);
    }
  }

  /**
   * Signs claims with the current key (RS256): an access token (`typ: at+jwt`) unless another
   * `typ` is given (`JWT` for ID tokens). The one signing path of every token the service issues.
   */
  async function sign(claims: JWTPayload, typ?: string): Promise<string> {
    const k = currentKey();
    return signer.sign(claims, k.kid, k.key, typ);
  }

  /** An access token and the ID token naming it (`at_hash`), with the current key in one step (JwsSigner.signWithIdToken). */
  async function signWithIdToken(
    access: Record<string, unknown>,
    idHead: Record<string, unknown>,
    idTail: Record<string, unknown>,
  ): Promise<{ accessToken: string; idToken: string }> {
    const k = currentKey();
    return signer.signWithIdToken(access, idHead, idTail, k.kid, k.key);
  }

  /** Verifies one of our tokens (RS256 pinned, issuer, typ); throws INVALID_TOKEN otherwise. */
  async function verify(token: string): Promise<JWTPayload> {
    try {
      const { payload } = await jwtVerify(token, localSet, {
        issuer: deps.issuer,
        algorithms: ["RS256"],
        typ: "at+jwt",
        currentDate: deps.clock.now(),
      });
      return payload;
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired)
        throw invalidToken("The access token has expired. Refresh it or sign in again.");
      throw invalidToken("The access token is invalid or was not issued by this service.");
    }
  }

  return {
    init: async () => {
      await reload();
      if (signingKeys.length === 0) {
        // Another instance may be creating the first key; retry until one exists.
        for (let i = 0; i < 20 && signingKeys.length === 0; i++) {
          await rotateIfDue();
          if (signingKeys.length === 0) await Bun.sleep(250);
        }
        if (signingKeys.length === 0) throw new Error("could not create or load a signing key");
      }
    },
    reload,
    rotateIfDue,
    sign,
    signWithIdToken,
    verify,
    xmlSigning,
    jwks: () => jwks,
    /** Which signer signs (start-up line, metrics). */
    signer: { name: signer.name, detail: signer.detail },
    /** Releases the keys this service loaded into the signer. */
    close: () => {
      for (const kid of decrypted.keys()) signer.retire(kid);
      decrypted.clear();
    },
    currentKid: () => currentKey().kid,
    timings: t,
  };
}

export type KeyService = ReturnType<typeof createKeyService>;

export interface TokenMinterDeps {
  /** Effective grants, and memberships for the `memberships` custom-claims source. */
  roles: Pick<RoleRepo, "effectiveGrants" | "assignmentsOf">;
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "getMany">;
  /** Signs claims with the current key (the key service's `sign`; `typ` defaults to `at+jwt`). */
  sign(claims: Record<string, unknown>, typ?: string): Promise<string>;
  /** An access token and the ID token naming it, in one step (the key service's `signWithIdToken`). */
  signWithIdToken(
    access: Record<string, unknown>,
    idHead: Record<string, unknown>,
    idTail: Record<string, unknown>,
  ): Promise<{ accessToken: string; idToken: string }>;
  clock: Clock;
  issuer: string;
  platformTenantId: number;
  /** Custom claims of audience applications (the claims feature); absent: none are added. */
  customClaims?: Pick<ClaimsMinter, "forOwner">;
}

/** Mints the tokens of sign-in sessions; the keys are the key service's. */
export function createTokenMinter(deps: TokenMinterDeps) {
  const memberships = (userId: number, tenantId: number) => userMemberships(deps, userId, tenantId);

  /** Mints an access token for (user, org, audience) in session `sid` (its claims: `accessClaims`). */
  async function mintAccess(...args: Parameters<typeof accessClaims>): Promise<string> {
    return deps.sign(await accessClaims(...args));
  }

  /**
   * The claims of an access token for (user, org, audience) in session `sid`; pass `grants` when
   * already loaded. The audience's owning org's custom claims (SPEC 2.15) are added after the
   * standard claims and never replace one; `roles` costs nothing extra, `memberships` one lookup,
   * and only when the mapping reads them.
   */
  async function accessClaims(
    user: Pick<User, "id" | "email" | "tenantId">,
    org: Org,
    app: Application,
    sid: string,
    deviceId?: string,
    grants?: EffectiveGrant[],
    client?: ClientGrant,
  ): Promise<Record<string, unknown>> {
    const effective = grants ?? (await deps.roles.effectiveGrants(user.id, org.path));
    const claims = computeAccessClaims({
      user,
      org,
      grants: effective,
      audience: app,
      platformTenantId: deps.platformTenantId,
      issuer: deps.issuer,
      sessionId: sid,
      jti: randomToken(16),
      deviceId,
      iat: nowSeconds(deps.clock),
      ttl: ACCESS_TOKEN_TTL,
    });
    if (client) {
      // CONTRACT §12 "Token response": the OAuth client it was issued to, and the granted scopes
      // before the permissions (which stay in `scope` for scope-checking middleware, RFC 9068 §2.2.3).
      claims.client_id = client.clientId;
      claims.scope = [...client.scopes, ...(claims.permissions as string[])].join(" ");
      // OIDC Core §5.5: what UserInfo adds to the scopes' claims for this token (a private claim).
      if (client.userinfoClaims?.length) claims.userinfo_claims = [...client.userinfoClaims];
    }
    const custom =
      !app.isSystem && deps.customClaims ? await deps.customClaims.forOwner(app.tenantId, app.organizationId) : null;
    if (custom) {
      const values: SourceValues = {
        permissions: claims.permissions,
        org_id: claims.org_id,
        org_name: claims.org_name,
        org_path: claims.org_path,
        scope_self: claims.scope_self,
        scope_subtree: claims.scope_subtree,
        tenant_id: claims.tenant_id,
        uid: claims.uid,
        sub: claims.sub,
        device_id: claims.device_id,
      };
      if (custom.sources.has("roles"))
        values.roles = [
          ...new Set(
            effective.filter((g) => g.permissions.some((x) => x.applicationId === app.id)).map((g) => g.roleName),
          ),
        ].sort();
      if (custom.sources.has("memberships"))
        values.memberships = (await memberships(user.id, user.tenantId)).map((m) => ({
          id: m.organizationId,
          name: m.name,
          path: m.path,
        }));
      for (const [k, v] of Object.entries(applyMapping(custom.mapping, values))) if (!(k in claims)) claims[k] = v;
    }
    return claims;
  }

  /**
   * Signs a back-channel logout token (OIDC Back-Channel Logout 1.0 §2.4, CONTRACT §13): header
   * `typ: logout+jwt`; `iss`, `aud` (the client), `iat`, `exp` (2 minutes), `jti`, `sub`, `sid`
   * when one sign-in session ended, the back-channel logout event, and never a `nonce`.
   */
  async function mintLogoutToken(input: { clientId: string; sub: string; sid?: string; jti: string }): Promise<string> {
    const iat = nowSeconds(deps.clock);
    return deps.sign(
      {
        iss: deps.issuer,
        aud: input.clientId,
        iat,
        exp: iat + LOGOUT_TOKEN_TTL,
        jti: input.jti,
        sub: input.sub,
        ...(input.sid ? { sid: input.sid } : {}),
        events: { [BACKCHANNEL_LOGOUT_EVENT_URI]: {} },
      },
      "logout+jwt",
    );
  }

  /**
   * The code grant's pair (CONTRACT §12 "Token response"): the client's access token as
   * `mintAccess` makes it and the ID token beside it, whose `at_hash` names it, signed in one step.
   */
  async function mintAccessWithIdToken(
    access: {
      user: Pick<User, "id" | "email" | "tenantId">;
      org: Org;
      app: Application;
      sid: string;
      grants?: EffectiveGrant[];
      client: ClientGrant;
    },
    id: Omit<IdTokenInput, "issuer" | "iat" | "accessToken">,
  ): Promise<{ accessToken: string; idToken: string }> {
    const claims = await accessClaims(
      access.user,
      access.org,
      access.app,
      access.sid,
      undefined,
      access.grants,
      access.client,
    );
    const { head, tail } = idTokenClaimParts({ ...id, issuer: deps.issuer, iat: nowSeconds(deps.clock) });
    return deps.signWithIdToken(claims, head, tail);
  }

  return { mintAccess, mintAccessWithIdToken, mintLogoutToken };
}

/** Seconds a logout token is valid: the receiver gets it within one attempt (Back-Channel Logout 1.0 §2.4 suggests minutes). */
export const LOGOUT_TOKEN_TTL = 120;
/** The `events` member of a logout token (Back-Channel Logout 1.0 §2.4). */
export const BACKCHANNEL_LOGOUT_EVENT_URI = "http://schemas.openid.net/event/backchannel-logout";

/** An access token issued to an OAuth client (the authorization code grant): its id and granted scopes. */
export interface ClientGrant {
  clientId: string;
  scopes: readonly string[];
  /** Claims the authorization request asked UserInfo for by name (OIDC Core §5.5 `claims`). */
  userinfoClaims?: readonly string[];
}

export type TokenMinter = ReturnType<typeof createTokenMinter>;
