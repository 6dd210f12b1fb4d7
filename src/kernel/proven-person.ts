/**
 * "A proven person": what every way of proving who someone is (password under the lockout, second
 * factor, social id_token, and next passkeys) ends in, and what starting a sign-in session (and,
 * next, an ID token's `amr` and `auth_time`) starts from. Shared vocabulary: produced by the
 * sign-in features, consumed by sessions and tokens, so it depends on none of them.
 */
import type { User } from "./users";

/**
 * One proof, in the order given: a password, a TOTP or a recovery code (the second factor), a
 * provider's id_token (`social:<provider>`), or a passkey assertion with user verification
 * (`passkey`, CONTRACT §14). OIDC `amr` (RFC 8176) derives from these (password → `pwd`, totp →
 * `otp`, passkey → `hwk` + `user`).
 */
export type ProofMethod =
  | "password"
  | "totp"
  | "recovery"
  | "passkey"
  | `social:${string}`
  /** A sign-in at an organization's own identity provider (CONTRACT §16): `fed:<connection id>`; `amr` `fed`. */
  | `fed:${string}`
  /** A method the upstream provider named in its own `amr` (an RFC 8176 value), carried into ours. */
  | `upstream:${string}`;

export interface ProvenPerson {
  /** The person; the proof says nothing of their status, which the session starter checks. */
  user: User;
  /** Every proof given for this sign-in, first factor first. */
  methods: ProofMethod[];
  /** When the last proof was given (OIDC `auth_time`). */
  at: Date;
}

/**
 * The `method` an audit entry names for a sign-in: the proofs joined with "+", a social proof by
 * its provider alone ("password", "google", "password+totp", "microsoft+recovery").
 */
export const proofLabel = (methods: readonly ProofMethod[]): string =>
  methods.map((m) => (m.startsWith("social:") ? m.slice("social:".length) : m)).join("+");
