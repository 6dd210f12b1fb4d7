/**
 * Single-use codes mailed to a person (CONTRACT §11, §12, §19): a password reset or setup code, an
 * email-verification link. Storing one replaces the person's earlier codes of that kind, records
 * the address it goes to (redeeming it proves control of that mailbox) and audits it, all inside
 * the caller's unit. The mail itself goes out in the background, after the answer: a delivery
 * failure is reported, never thrown, and shutdown (or a test) can wait for what is under way. A
 * redeemed code that proves the address is audited as `user.email_verified`.
 *
 * The ports are described by shape (the sessions feature's one-time tokens, the event journal):
 * the kernel imports no feature.
 */
import { addSeconds, type Clock } from "./clock";
import { userEvent } from "./event-shapes";
import { randomToken, sha256Hex } from "./secrets";

/**
 * A code a person types (issue 37): 12 characters of Crockford's base32 (60 random bits), shown as
 * `XXXX-XXXX-XXXX`. Typed codes are read leniently (case, dashes and spaces ignored; O as 0, I and L
 * as 1), so the canonical form is what is hashed and stored. It is the short twin of a mailed link's
 * long token: single use with it, as long-lived, behind the same per-address rate limit; 60 bits
 * keep guessing any live code out of reach at that limit.
 */
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const TYPED_LENGTH = 12;

export function newTypedCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TYPED_LENGTH));
  return Array.from(bytes, (b) => CROCKFORD[b & 31]).join("");
}

/** `ABCDEFGHJKMN` as a person reads it: `ABCD-EFGH-JKMN`. */
export const formatTypedCode = (code: string) => code.match(/.{1,4}/g)!.join("-");

/** The stored hash of what a person typed, when it reads as a typed code; null otherwise (a long token). */
export function typedCodeHash(input: string): string | null {
  const canonical = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (canonical.length !== TYPED_LENGTH || ![...canonical].every((c) => CROCKFORD.includes(c))) return null;
  return sha256Hex(`typed:${canonical}`);
}

/** The stored hash of a code as presented: a typed code's canonical form, else the token itself. */
export const presentedCodeHash = (input: string) => typedCodeHash(input) ?? sha256Hex(input);

/** A new code (32 random bytes, base64url) and when it expires, `ttlSeconds` from now. */
export const newMailedCode = (clock: Clock, ttlSeconds: number) => ({
  token: randomToken(32),
  expiresAt: addSeconds(clock.now(), ttlSeconds),
});

/** The writes a code's unit needs. */
export interface MailedCodeScope<K extends string> {
  oneTimeTokens: {
    deleteUser(userId: number, kind?: K): Promise<void>;
    create(
      tokenHash: string,
      t: {
        kind: K;
        tenantId: number;
        userId: number;
        data: Record<string, unknown>;
        attempts: number;
        expiresAt: Date;
      },
    ): Promise<void>;
  };
  events: {
    record(e: {
      type: string;
      tenantId: number;
      org?: { id: number; path: string } | null;
      actor: { userId?: number | null; ip: string | null };
      target: { userId: number };
      data: Record<string, unknown>;
    }): Promise<void>;
  };
}

/**
 * Stores the code `token` (its hash) of `kind` for `user`, replacing the user's earlier ones of that
 * kind, and records `event.type` with the expiry (plus `event.data`). The code carries the address
 * it is mailed to, `user.email` (plus `data`): redeeming it proves control of that mailbox only.
 */
export async function storeMailedCode<K extends string>(
  s: MailedCodeScope<K>,
  i: {
    kind: K;
    token: string;
    /** Its short twin a person may type instead (newTypedCode): the same record under a second key. */
    typed?: string;
    user: { id: number; tenantId: number; email: string };
    /** What else the code carries. */
    data?: Record<string, unknown>;
    expiresAt: Date;
    event: {
      type: string;
      org?: { id: number; path: string } | null;
      actor: { userId?: number | null; ip: string | null };
      data?: Record<string, unknown>;
    };
  },
): Promise<void> {
  await s.oneTimeTokens.deleteUser(i.user.id, i.kind);
  const record = {
    kind: i.kind,
    tenantId: i.user.tenantId,
    userId: i.user.id,
    data: { ...i.data, email: i.user.email },
    attempts: 0,
    expiresAt: i.expiresAt,
  };
  await s.oneTimeTokens.create(sha256Hex(i.token), record);
  // Both keys name one code: spending either deletes the user's codes of this kind (the caller's unit).
  if (i.typed) await s.oneTimeTokens.create(typedCodeHash(i.typed)!, record);
  await s.events.record(
    userEvent(i.user, i.event.org, i.event.type, i.event.actor, {
      expiresAt: i.expiresAt.toISOString(),
      ...i.event.data,
    }),
  );
}

/** The audit event of an address proven by a redeemed code (`via`: the code's kind, or `link`). */
export const emailVerifiedEvent = (
  user: { id: number; tenantId: number },
  org: { id: number; path: string } | null,
  ip: string | null,
  via: string,
) => userEvent(user, org, "user.email_verified", { userId: user.id, ip }, { via });

/** Background work (the mails): started after the answer, failures reported to `onError`, never thrown. */
export function createBackground(onError: (error: unknown) => void) {
  const pending = new Set<Promise<void>>();
  return {
    /** Runs `work` in the background. */
    run(work: Promise<void>): void {
      const job = work.catch(onError);
      pending.add(job);
      void job.finally(() => pending.delete(job));
    },
    /** Resolves when every job started so far has finished (graceful shutdown, tests). */
    async idle(): Promise<void> {
      await Promise.allSettled([...pending]);
    },
  };
}
