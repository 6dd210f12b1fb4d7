/**
 * Password hashing: argon2id at OWASP's parameters (19 MiB, t=2, p=1) via Bun.password, run with
 * bounded concurrency so a login flood cannot exhaust memory or starve other requests.
 * Verification also accepts imported bcrypt hashes ($2a$/$2b$/$2y$); callers re-hash on success.
 */
import { createSemaphore } from "./semaphore";

export const ARGON2 = { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 } as const;

export function createPasswordHasher(concurrency: number) {
  const run = createSemaphore(concurrency);
  // A real hash to verify against when the account does not exist, so timing does not reveal it.
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= Bun.password.hash("not-a-real-password-" + crypto.randomUUID(), ARGON2));
  return {
    hash: (password: string) => run(() => Bun.password.hash(password, ARGON2)),
    /** Constant work whether or not `hash` is null (null = no such user / no password). */
    async verify(password: string, hash: string | null): Promise<boolean> {
      if (!hash) {
        const h = await dummyHash();
        await run(() => Bun.password.verify(password, h));
        return false;
      }
      try {
        return await run(() => Bun.password.verify(password, hash));
      } catch {
        return false;
      }
    },
    needsRehash: (hash: string) => !hash.startsWith("$argon2id$"),
    warmUp: () => dummyHash().then(() => undefined),
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
