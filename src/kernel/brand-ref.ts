/**
 * Brand references (issue 34): the page after a spent code (a password reset, an email
 * verification) shows the tenant's branding only to the browser that spent it. The reference is
 * sealed (kernel/sealed.ts, bound to its purpose) and lives 10 minutes, so naming a tenant id never
 * shows a tenant's branding (walking `?tenant=N` listed every tenant).
 */
import { type Clock, nowSeconds } from "./clock";
import { createSealer } from "./sealed";

/** How long the page after a spent code shows its tenant's branding (the reference's lifetime). */
export const DONE_BRAND_TTL_SECONDS = 10 * 60;
/** Longest brand reference opened (a sealed `{ t, exp }` is about 80 characters). */
const BRAND_REF_MAX_LENGTH = 256;

export function createBrandRefs(key: Uint8Array, purpose: string, clock: Clock) {
  const sealer = createSealer(key, purpose);
  return {
    /** A reference to `tenantId`'s branding, valid DONE_BRAND_TTL_SECONDS. */
    seal: (tenantId: number): string => sealer.seal({ t: tenantId, exp: nowSeconds(clock) + DONE_BRAND_TTL_SECONDS }),
    /** The tenant a reference names; null when it is forged, sealed for another purpose, malformed or expired. */
    open(ref: string | null | undefined): number | null {
      const v = sealer.open(ref, BRAND_REF_MAX_LENGTH);
      if (!v) return null;
      const { t, exp } = v;
      if (typeof t !== "number" || !Number.isSafeInteger(t) || t <= 0) return null;
      if (typeof exp !== "number" || exp <= nowSeconds(clock)) return null;
      return t;
    },
  };
}
