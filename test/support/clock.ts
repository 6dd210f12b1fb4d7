/** A clock tests move by hand, so TTL and rotation logic runs without sleeping. */
import type { Clock } from "../../src/kernel/clock";

export function manualClock(start = Date.now()): Clock & { advance(seconds: number): void; set(ms: number): void } {
  let t = start;
  return {
    now: () => new Date(t),
    advance(seconds) {
      t += seconds * 1000;
    },
    set(ms) {
      t = ms;
    },
  };
}
