/**
 * Lowers the scheduling priority of the calling thread (Linux: `setpriority(PRIO_PROCESS, 0, nice)`
 * applies to the calling thread alone, not to the process). The OpenSSL signing threads call it so
 * that, with every core busy, the request thread that feeds them is not queued behind them
 * (docs/performance.md, "Signing threads below the request thread"). Raising a nice value needs no
 * privilege. Elsewhere than Linux with glibc, or when the call fails, it changes nothing and says so.
 */
import { dlopen, FFIType } from "bun:ffi";

const PRIO_PROCESS = 0;

/** True when the calling thread now runs at `nice`; false when nothing was changed. */
export function lowerThreadPriority(nice: number): boolean {
  if (nice <= 0 || process.platform !== "linux") return false;
  try {
    const libc = dlopen("libc.so.6", {
      setpriority: { args: [FFIType.i32, FFIType.u32, FFIType.i32], returns: FFIType.i32 },
    });
    try {
      return libc.symbols.setpriority(PRIO_PROCESS, 0, nice) === 0;
    } finally {
      libc.close();
    }
  } catch {
    return false;
  }
}
