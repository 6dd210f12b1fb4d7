/**
 * Passkey attempts (CONTRACT §14): every `…/begin` answers an `attemptId` that carries the
 * challenge and what it is for, signed with a key derived from the master key (HMAC-SHA256), valid
 * 5 minutes. It is single use: the first `…/finish` that presents it spends it in the shared
 * counter store (Redis when configured), whatever the outcome, so any instance serves any step and
 * a replayed assertion (the same challenge again) is refused.
 */
import { randomToken, sha256Hex } from "../../kernel/secrets";
import { createSealer } from "../../kernel/sealed";
import type { PasskeyServiceDeps } from "./shared";

/** CONTRACT §14: an attempt (its challenge) lives 5 minutes and is used once. */
export const ATTEMPT_SECONDS = 300;

/** What a signed attempt carries. */
export interface Attempt {
  /** `reg`: registration; `auth`: a sign-in (usernameless when `u` is absent, else the second factor of `u`). */
  k: "reg" | "auth";
  /** The challenge (base64url) the options carry. */
  c: string;
  /** Expiry (ms since the epoch). */
  x: number;
  /** The attempt's own id (what spends it once). */
  j: string;
  u?: number;
  t?: number;
  /** The name to give the new passkey. */
  n?: string;
  /** The WebAuthn user handle the registration options carry (stored with the first passkey). */
  h?: string;
}

export type Attempts = ReturnType<typeof createAttempts>;

export function createAttempts(
  deps: Pick<PasskeyServiceDeps, "attemptKey" | "clock" | "counters" | "rpId" | "origins">,
) {
  const sealer = createSealer(deps.attemptKey, "sso-passkey-attempt");
  const now = () => deps.clock.now();

  /** A new attempt id for `a`, live for ATTEMPT_SECONDS. */
  function seal(a: Omit<Attempt, "x" | "j">): string {
    return sealer.seal({ ...a, x: now().getTime() + ATTEMPT_SECONDS * 1000, j: randomToken(16) } satisfies Attempt);
  }

  /** The attempt when its signature holds, it is of kind `k` and live; else null. Does not spend it. */
  function open(attemptId: string, k: Attempt["k"]): Attempt | null {
    const a = sealer.open(attemptId, 2000) as Attempt | null;
    if (!a || a.k !== k || typeof a.c !== "string" || typeof a.j !== "string" || typeof a.x !== "number") return null;
    return a.x > now().getTime() ? a : null;
  }

  /** Spends the attempt: true the first time (on any instance), false ever after. */
  async function spend(a: Attempt): Promise<boolean> {
    const { count } = await deps.counters.hit(`passkey:${sha256Hex(a.j).slice(0, 40)}`, ATTEMPT_SECONDS, now());
    return count === 1;
  }

  /** What a response to the attempt's options must match: its challenge, our origins and RP ID, user verification. */
  const expected = (a: Attempt) => ({
    expectedChallenge: a.c,
    expectedOrigin: deps.origins,
    expectedRPID: deps.rpId,
    requireUserVerification: true,
  });

  return { seal, open, spend, expected };
}
