/**
 * A software WebAuthn authenticator for API tests (no browser): P-256 keys from node:crypto, CBOR
 * from @simplewebauthn/server's helpers. It answers registration and authentication options as a
 * browser would (the JSON of @simplewebauthn/browser), with knobs to produce the refusals of
 * CONTRACT §14: another origin, no user verification, a counter set by hand, another user handle.
 */
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const b64u = (b: Uint8Array | Buffer) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | string) => createHash("sha256").update(b).digest();

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  cose: Uint8Array;
  userHandle: string;
  counter: number;
  rpId: string;
}

export interface Gesture {
  origin?: string;
  /** User verification (the UV flag); default true. */
  uv?: boolean;
  /** The counter to report; default: one more than the last. */
  counter?: number;
  /** The user handle to return; default the credential's. */
  userHandle?: string;
  /** The challenge to sign; default the options'. */
  challenge?: string;
}

function authData(rpId: string, flags: number, counter: number, attested?: Uint8Array): Buffer {
  const c = Buffer.alloc(4);
  c.writeUInt32BE(counter >>> 0);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), c, ...(attested ? [Buffer.from(attested)] : [])]);
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];
  constructor(readonly origin: string) {}

  /** Answers `options` (PublicKeyCredentialCreationOptionsJSON) as `startRegistration` would. */
  register(options: any, g: Gesture = {}): { json: any; credential: SoftCredential } {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const idBytes = randomBytes(16);
    const credential: SoftCredential = {
      id: b64u(idBytes),
      privateKey,
      cose,
      userHandle: options.user.id,
      counter: 0,
      rpId: options.rp.id,
    };
    const len = Buffer.alloc(2);
    len.writeUInt16BE(idBytes.length);
    const attested = Buffer.concat([Buffer.alloc(16), len, idBytes, Buffer.from(cose)]);
    // UP | UV | BE | BS | AT
    const flags = 0x01 | ((g.uv ?? true) ? 0x04 : 0) | 0x08 | 0x10 | 0x40;
    const clientData = JSON.stringify({
      type: "webauthn.create",
      challenge: g.challenge ?? options.challenge,
      origin: g.origin ?? this.origin,
      crossOrigin: false,
    });
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", new Uint8Array(authData(credential.rpId, flags, 0, attested))],
      ]) as never,
    );
    this.credentials.push(credential);
    return {
      credential,
      json: {
        id: credential.id,
        rawId: credential.id,
        type: "public-key",
        response: {
          clientDataJSON: b64u(Buffer.from(clientData)),
          attestationObject: b64u(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      },
    };
  }

  /** Answers `options` (PublicKeyCredentialRequestOptionsJSON) with `credential`, as `startAuthentication` would. */
  assert(options: any, credential: SoftCredential, g: Gesture = {}): any {
    credential.counter = g.counter ?? credential.counter + 1;
    const flags = 0x01 | ((g.uv ?? true) ? 0x04 : 0) | 0x08 | 0x10;
    const data = authData(credential.rpId, flags, credential.counter);
    const clientData = Buffer.from(
      JSON.stringify({
        type: "webauthn.get",
        challenge: g.challenge ?? options.challenge,
        origin: g.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signer = createSign("sha256");
    signer.update(Buffer.concat([data, sha256(clientData)]));
    const signature = signer.sign(credential.privateKey); // DER, as authenticators sign
    return {
      id: credential.id,
      rawId: credential.id,
      type: "public-key",
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(data),
        signature: b64u(signature),
        userHandle: g.userHandle ?? credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
