/**
 * Scheduled key rotation. Every instance runs the timer; the store lease inside rotateIfDue lets
 * only one of them create a key, and every instance reloads the published set on each tick.
 */
import type { Logger } from "../http/observability";
import type { KeyService } from "../features/tokens";

export function startKeyRotation(keys: KeyService, everySeconds: number, log: Logger): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await keys.rotateIfDue();
    } catch (e) {
      log.warn("key rotation check failed", { error: String((e as Error).message) });
    } finally {
      running = false;
    }
  }, everySeconds * 1000);
  timer.unref?.();
  return () => clearInterval(timer);
}
