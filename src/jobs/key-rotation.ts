/**
 * Scheduled key rotation. Every instance runs the timer; the store lease inside rotateIfDue lets
 * only one of them create a key, and every instance reloads the published set on each tick.
 */
import type { Logger } from "../kernel/log";
import type { KeyService } from "../features/tokens";

/**
 * Starts the timer; the returned `stop` clears it and resolves once a tick in progress has finished
 * (its lease released), so shutdown stops at a safe point.
 */
export function startKeyRotation(keys: KeyService, everySeconds: number, log: Logger): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = keys
      .rotateIfDue()
      .then(() => {})
      .catch((e) => log.warn("key rotation check failed", { error: String((e as Error).message) }))
      .finally(() => {
        running = null;
      });
  }, everySeconds * 1000);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
