/**
 * The journey's handle (CONTRACT §12): its state sealed with HMAC-SHA256 under a key derived from
 * the master key, carried by the pages (hidden field or query parameter). Any instance opens it;
 * nothing is stored. It expires INTERACTION_SECONDS after the journey started.
 */
import type { Clock } from "../../kernel/clock";
import { createSealer } from "../../kernel/sealed";
import type { JourneyOutcome, JourneyState } from "./seam";

/** How long a page of the journey stays usable (its handle). */
export const INTERACTION_SECONDS = 3600;

export function createHandles(key: Uint8Array, clock: Clock) {
  // The purpose string predates the journey (handles sealed by the authorization endpoint still open).
  const sealer = createSealer(key, "sso-authorize-interaction");
  return {
    seal: (state: JourneyState): string => sealer.seal(state),
    /** The state when the signature holds and it is not older than INTERACTION_SECONDS; else null. */
    open(handle: string | undefined | null): JourneyState | null {
      const s = sealer.open(handle, 40_000) as JourneyState | null;
      if (!s || typeof s.q !== "string" || typeof s.iat !== "number") return null;
      return clock.now().getTime() - s.iat > INTERACTION_SECONDS * 1000 ? null : s;
    },
    /** The error page of a handle that does not open (bad signature or too old; the value itself is not logged). */
    expired: (): JourneyOutcome => ({
      kind: "error_page",
      page: "expired",
      check: "interaction",
      error: {
        error: "invalid_request",
        description: "This sign-in page has expired. Go back to the application and start again.",
      },
    }),
  };
}

export type Handles = ReturnType<typeof createHandles>;
