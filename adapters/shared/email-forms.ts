/**
 * The once-at-start upgrade of stored addresses to the one form of kernel/email.ts (domains in IDNA
 * ASCII form). Rows written before that form existed may hold a domain with non-ASCII characters
 * (`victim@ｅxample.com`); lookups now map such input to its ASCII form, so those rows would be
 * unreachable and would not block a duplicate. Each store lists its candidates (addresses with a
 * non-ASCII character: no other address changes form) and rewrites them here, the same way.
 */
import { normalizeEmail } from "../../src/kernel/email";

export interface EmailFormStore {
  /** Users whose stored address holds a non-ASCII character (a superset of those to rewrite). */
  candidates(): Promise<{ id: number; email: string }[]>;
  /**
   * Sets user `id`'s address from `from` to `to` (nothing when it no longer is `from`); false when
   * another user holds `to` (the unique index refused it).
   */
  rewrite(id: number, from: string, to: string): Promise<boolean>;
}

export type EmailFormLog = (msg: string, fields: Record<string, unknown>) => void;

/**
 * Rewrites every stored address whose one form differs to that form. Two accounts that collide
 * after mapping are never merged: both stay as they are and a warning names them (the older,
 * unmapped one can then only be reached by an administrator changing or erasing it; docs/decisions.md,
 * "Email domains in IDNA form"). Safe to run from several instances at once and at every start
 * (each rewrite is conditional and sets the same value). Returns the rows rewritten and the ids left
 * because of a collision.
 */
export async function upgradeEmailForms(
  store: EmailFormStore,
  warn?: EmailFormLog,
): Promise<{ rewritten: number; collisions: number[] }> {
  let rewritten = 0;
  const collisions: number[] = [];
  for (const { id, email } of await store.candidates()) {
    const to = normalizeEmail(email);
    if (to === email) continue;
    if (await store.rewrite(id, email, to)) rewritten++;
    else {
      collisions.push(id);
      warn?.(
        "two accounts share one mailbox once the email domain is in IDNA form; both are left as they are: change or erase one",
        { userId: id, email: to },
      );
    }
  }
  return { rewritten, collisions };
}
