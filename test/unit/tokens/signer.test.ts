// The OpenSSL signer against the WebCrypto one: byte-identical tokens for the same key and claims
// (RSASSA-PKCS1-v1_5 is deterministic), every token verified by jose, keys loaded and freed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import fc from "fast-check";
import { compactVerify, createLocalJWKSet, exportJWK, exportPKCS8, generateKeyPair } from "jose";
import { atHash, createSigner, webcryptoSigner, type JwsSigner } from "../../../src/features/tokens";
import { pemToDer, signingInput } from "../../../src/features/tokens/signer";
import { startOpenSslPool, type OpenSslPool } from "../../../src/features/tokens/signer-openssl";
import { createLogger } from "../../../src/http/observability";

interface TestKey {
  bits: number;
  kid: string;
  privateKey: CryptoKey;
  pem: string;
  jwks: ReturnType<typeof createLocalJWKSet>;
}

async function makeKey(bits: number, kid = `k${bits}-${crypto.randomUUID().slice(0, 8)}`): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair("RS256", { modulusLength: bits, extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "RS256" };
  return { bits, kid, privateKey, pem: await exportPKCS8(privateKey), jwks: createLocalJWKSet({ keys: [jwk] }) };
}

const decoder = new TextDecoder();

/** jose verifies the token against the key's JWKS; the header and payload are what we signed. */
async function verified(token: string, k: TestKey, claims: Record<string, unknown>) {
  const { payload, protectedHeader } = await compactVerify(token, k.jwks, { algorithms: ["RS256"] });
  expect(protectedHeader).toEqual({ alg: "RS256", typ: "at+jwt", kid: k.kid });
  expect(decoder.decode(payload)).toBe(JSON.stringify(claims));
}

/** Claims of any shape a token can carry: unicode text, nested JSON, integer NumericDates. */
const claimsArb = fc
  .record(
    {
      sub: fc.string({ unit: "grapheme", maxLength: 80 }),
      iat: fc.integer({ min: 0, max: 2 ** 40 }),
      exp: fc.integer({ min: 0, max: 2 ** 40 }),
      extra: fc.dictionary(fc.string({ unit: "binary", maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), {
        maxKeys: 6,
      }),
      pad: fc.string({ maxLength: 3000 }),
    },
    { requiredKeys: ["sub", "iat", "exp"] },
  )
  .map(({ extra, ...rest }) => ({ ...extra, ...rest }) as Record<string, unknown>);

/** A claim name as tokens carry them: not an array index (objects list those first) and not "__proto__". */
const claimName = (k: string) => !/^(0|[1-9][0-9]*)$/.test(k) && k !== "__proto__";

let openssl: JwsSigner;
const keys: TestKey[] = [];

beforeAll(async () => {
  openssl = await createSigner({ mode: "openssl", library: "libcrypto.so.3", threads: 2, log: createLogger("silent") });
  // Every size the key service can hold: it makes 2048-bit keys and imports any RSA key it stored.
  for (const bits of [2048, 3072, 4096]) {
    const k = await makeKey(bits);
    await openssl.load(k.kid, k.privateKey, k.pem);
    keys.push(k);
  }
}, 60_000);
afterAll(() => openssl?.close());

describe("the OpenSSL signer", () => {
  test("runs here (libcrypto.so.3 present and self-tested)", () => {
    expect(openssl.name).toBe("openssl");
    expect(openssl.detail).toMatch(/^OpenSSL 3\./);
  });

  const runs: Record<number, number> = { 2048: 2000, 3072: 1000, 4096: 1000 };
  for (const bits of [2048, 3072, 4096])
    test(`RSA-${bits}: byte-identical to WebCrypto over ${runs[bits]} random payloads, verified by jose`, async () => {
      const k = keys.find((x) => x.bits === bits)!;
      await fc.assert(
        fc.asyncProperty(claimsArb, async (claims) => {
          const [a, b] = await Promise.all([
            openssl.sign(claims, k.kid, k.privateKey),
            webcryptoSigner.sign(claims, k.kid, k.privateKey),
          ]);
          expect(a).toBe(b);
          await verified(a, k, claims);
        }),
        { numRuns: runs[bits] },
      );
    }, 600_000);

  test("many signatures at once, over several keys, are each the right key's (batches keep their order)", async () => {
    const items = Array.from({ length: 600 }, (_, i) => ({
      k: keys[i % keys.length],
      claims: { sub: `user-${i}`, iat: 1_700_000_000 + i, exp: 1_700_000_900 + i, n: i },
    }));
    const tokens = await Promise.all(items.map(({ k, claims }) => openssl.sign(claims, k.kid, k.privateKey)));
    for (let i = 0; i < items.length; i++) {
      expect(tokens[i]).toBe(await webcryptoSigner.sign(items[i].claims, items[i].k.kid, items[i].k.privateKey));
      await verified(tokens[i], items[i].k, items[i].claims);
    }
  }, 120_000);

  test("ID tokens (typ JWT) too: byte-identical to WebCrypto over 300 random payloads, verified by jose", async () => {
    const k = keys[0];
    await fc.assert(
      fc.asyncProperty(claimsArb, async (claims) => {
        const [a, b] = await Promise.all([
          openssl.sign(claims, k.kid, k.privateKey, "JWT"),
          webcryptoSigner.sign(claims, k.kid, k.privateKey, "JWT"),
        ]);
        expect(a).toBe(b);
        const { protectedHeader } = await compactVerify(a, k.jwks, { algorithms: ["RS256"] });
        expect(protectedHeader).toEqual({ alg: "RS256", typ: "JWT", kid: k.kid });
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  test("an access token and its ID token in one step: the bytes of two separate signatures, at_hash naming the first", async () => {
    const k = keys[0];
    const partArb = fc.dictionary(
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 10 }).filter(claimName),
      fc.jsonValue({ maxDepth: 2 }),
      {
        maxKeys: 5,
      },
    );
    await fc.assert(
      fc.asyncProperty(
        claimsArb,
        partArb,
        partArb,
        fc.string({ unit: "grapheme", maxLength: 40 }),
        async (access, h, t, nonce) => {
          const head = { ...h, iss: "https://sso.example", nonce, iat: 1_700_000_000, exp: 1_700_000_900 };
          const tail = Object.fromEntries(Object.entries(t).filter(([name]) => !(name in head) && name !== "at_hash"));
          delete (head as Record<string, unknown>).at_hash;
          const [a, b] = await Promise.all([
            openssl.signWithIdToken(access, head, tail, k.kid, k.privateKey),
            webcryptoSigner.signWithIdToken(access, head, tail, k.kid, k.privateKey),
          ]);
          expect(a).toEqual(b);
          expect(a.accessToken).toBe(await webcryptoSigner.sign(access, k.kid, k.privateKey));
          const expected = { ...head, at_hash: atHash(a.accessToken), ...tail };
          expect(a.idToken).toBe(await webcryptoSigner.sign(expected, k.kid, k.privateKey, "JWT"));
          const { payload, protectedHeader } = await compactVerify(a.idToken, k.jwks, { algorithms: ["RS256"] });
          expect(protectedHeader).toEqual({ alg: "RS256", typ: "JWT", kid: k.kid });
          expect(decoder.decode(payload)).toBe(JSON.stringify(expected));
        },
      ),
      { numRuns: 200 },
    );
    // Many at once, over every key, mixed with plain signatures: each pair is its own key's and its own.
    const items = Array.from({ length: 200 }, (_, i) => ({ k: keys[i % keys.length], n: i }));
    const out = await Promise.all(
      items.map(({ k, n }) =>
        n % 3 === 0
          ? openssl
              .sign({ sub: `plain-${n}`, iat: 1, exp: 2 }, k.kid, k.privateKey)
              .then((accessToken) => ({ accessToken, idToken: "" }))
          : openssl.signWithIdToken(
              { sub: `u-${n}`, iat: 1, exp: 2 },
              { sid: `s-${n}` },
              { name: `N ${n}` },
              k.kid,
              k.privateKey,
            ),
      ),
    );
    for (const [i, { k, n }] of items.entries()) {
      if (n % 3 === 0) continue;
      const { payload } = await compactVerify(out[i].idToken, k.jwks, { algorithms: ["RS256"] });
      expect(JSON.parse(decoder.decode(payload))).toEqual({
        sid: `s-${n}`,
        at_hash: atHash(out[i].accessToken),
        name: `N ${n}`,
      });
      await verified(out[i].accessToken, k, { sub: `u-${n}`, iat: 1, exp: 2 });
    }
  }, 120_000);

  test("rejects non-integer NumericDates as WebCrypto does", async () => {
    const k = keys[0];
    expect(() => openssl.sign({ iat: 1.5 }, k.kid, k.privateKey)).toThrow(/NumericDate/);
  });
});

describe("the OpenSSL pool", () => {
  let pool: OpenSslPool;
  beforeAll(async () => {
    pool = await startOpenSslPool({ library: "libcrypto.so.3", threads: 2 });
  });
  afterAll(() => pool?.close());

  test("a key switch under load fails no signature, and a retired key is freed after its signatures", async () => {
    const a = await makeKey(2048);
    const b = await makeKey(2048);
    await pool.load(a.kid, pemToDer(a.pem));
    let current = a;
    let stop = false;
    const signed: { k: TestKey; input: string; sig: Promise<string> }[] = [];
    const loop = async () => {
      for (let i = 0; !stop; i++) {
        const k = current;
        const input = signingInput({ i, iat: 1, exp: 2 }, k.kid);
        const sig = pool.sign(k.kid, input);
        signed.push({ k, input, sig });
        await sig;
      }
    };
    const loops = Array.from({ length: 16 }, loop);
    await Bun.sleep(100);
    // As the key service does: load the next key before it is picked, retire the old one after.
    await pool.load(b.kid, pemToDer(b.pem));
    current = b;
    pool.retire(a.kid);
    await Bun.sleep(100);
    stop = true;
    await Promise.all(loops);
    expect(signed.some((s) => s.k === a) && signed.some((s) => s.k === b)).toBe(true);
    for (const s of signed) {
      const token = `${s.input}.${await s.sig}`;
      const { protectedHeader } = await compactVerify(token, s.k.jwks, { algorithms: ["RS256"] });
      expect(protectedHeader.kid).toBe(s.k.kid);
    }
    expect(pool.keyCount()).toBe(1);
    pool.retire(b.kid);
    expect(pool.keyCount()).toBe(0);
    await expect(pool.sign(a.kid, "x.y")).rejects.toThrow(/no signing key/);
  }, 60_000);

  test("a thread that dies fails at most its own batches, is restarted with the keys, and signing goes on", async () => {
    const k = await makeKey(2048);
    await pool.load(k.kid, pemToDer(k.pem));
    const input = signingInput({ sub: "x", iat: 1, exp: 2 }, k.kid);
    const before = pool.restarts();
    const inFlight = Array.from({ length: 40 }, () =>
      pool.sign(k.kid, input).then(
        () => "ok",
        () => "failed",
      ),
    );
    pool.crashThread(0);
    const outcomes = await Promise.all(inFlight);
    expect(outcomes.filter((o) => o === "ok").length).toBeGreaterThan(0);
    for (let i = 0; i < 100 && pool.restarts() === before; i++) await Bun.sleep(20);
    expect(pool.restarts()).toBe(before + 1);
    // After the restart every signature succeeds again and verifies.
    await Bun.sleep(200);
    const again = await Promise.all(Array.from({ length: 40 }, () => pool.sign(k.kid, input)));
    for (const sig of again) {
      const { protectedHeader } = await compactVerify(`${input}.${sig}`, k.jwks, { algorithms: ["RS256"] });
      expect(protectedHeader.kid).toBe(k.kid);
    }
    pool.retire(k.kid);
  }, 30_000);

  test("a key OpenSSL cannot parse is refused with a reason, and nothing is kept", async () => {
    await expect(pool.load("bad", new Uint8Array([0x30, 0x03, 0x02, 0x01, 0x00]))).rejects.toThrow(
      /could not parse the private key bad/,
    );
    expect(pool.keyCount()).toBe(0);
  });

  test("its threads run below the request thread (SSO_SIGNER_NICE), and at the process's priority with 0", async () => {
    // Linux: /proc/self/task/<tid>/stat field 19 is the thread's nice value; Bun names Workers "Worker".
    const niceOfWorkers = () =>
      readdirSync("/proc/self/task")
        .filter((tid) => readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim() === "Worker")
        .map((tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1].split(" ")[16]));
    const before = niceOfWorkers().filter((n) => n === 13).length;
    const low = await startOpenSslPool({ library: "libcrypto.so.3", threads: 2, nice: 13 });
    try {
      expect(low.nice).toBe(13);
      expect(niceOfWorkers().filter((n) => n === 13).length).toBe(before + 2);
      const main = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8").split(") ")[1].split(" ")[16];
      expect(Number(main)).toBe(0);
    } finally {
      await low.close();
    }
    expect(pool.nice).toBe(0);
  });
});

describe("choosing the signer", () => {
  const lines: string[] = [];
  const log = createLogger("info", (l) => lines.push(l));

  test("auto with a missing library falls back to WebCrypto and says why", async () => {
    const s = await createSigner({ mode: "auto", library: "/nonexistent/libcrypto.so.3", threads: 1, log });
    expect(s.name).toBe("webcrypto");
    const line = JSON.parse(lines.at(-1)!);
    expect(line.level).toBe("warn");
    expect(line.signer).toBe("webcrypto");
    expect(line.reason).toContain("/nonexistent/libcrypto.so.3");
  });

  test("openssl with a library that is not OpenSSL fails in one line", async () => {
    const err = await createSigner({ mode: "openssl", library: "libz.so.1", threads: 1, log }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toContain("SSO_SIGNER=openssl");
    expect(err.message).not.toContain("\n");
  });

  test("auto with OpenSSL present picks it and logs which", async () => {
    const s = await createSigner({ mode: "auto", library: "libcrypto.so.3", threads: 2, log });
    expect(s.name).toBe("openssl");
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ msg: "signer: openssl", signer: "openssl", threads: 2 });
  });
});
