/**
 * Where the CPU of a benchmark phase went, per request: the service's threads by role (its
 * JavaScript thread, Bun's worker pool, which runs argon2id and WebCrypto signatures, the OpenSSL
 * signer's threads, the JIT), the
 * stores' processes (Postgres, Redis, FerretDB), the load generator (this process, and wrk) and the whole
 * machine, read from /proc before and after the phase. Linux only (elsewhere: null). Clock ticks
 * (utime + stime), so a phase should last seconds, not milliseconds.
 */
import { readFileSync, readdirSync } from "node:fs";

/** CPU ms per group at one instant. */
export type CpuSnapshot = Map<string, number>;

const TICK_MS = 10; // USER_HZ = 100 on Linux

const read = (path: string) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return ""; // a process or thread that is gone
  }
};

/** utime + stime in ms of a process or thread (`/proc/<pid>/stat`, `/proc/<pid>/task/<tid>/stat`); 0 once it is gone. */
export function procCpuMs(statPath: string): number {
  const stat = read(statPath);
  if (!stat) return 0;
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}

/** cutime + cstime in ms: the CPU of the process's children it has waited for. */
function childrenCpuMs(statPath: string): number {
  const stat = read(statPath);
  if (!stat) return 0;
  const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(f[13]) + Number(f[14])) * TICK_MS;
}

function serviceThread(name: string, main: boolean): string {
  if (main) return "service JS thread";
  if (name.startsWith("Bun Pool")) return "service worker pool";
  if (name.startsWith("JIT")) return "service JIT";
  // Bun names a Worker's thread "Worker": the service's only Workers are the OpenSSL signer's.
  if (name === "Worker") return "service signing threads";
  return "service other threads";
}

function storeProcess(comm: string): string | null {
  if (comm.startsWith("postgres")) return "postgres";
  if (comm.startsWith("redis-server")) return "redis";
  if (comm.startsWith("ferretdb")) return "ferretdb";
  return null;
}

export function cpuSnapshot(servicePid: number): CpuSnapshot | null {
  if (process.platform !== "linux") return null;
  const out: CpuSnapshot = new Map();
  const add = (group: string, ms: number) => out.set(group, (out.get(group) ?? 0) + ms);
  for (const tid of readdirSync(`/proc/${servicePid}/task`)) {
    const dir = `/proc/${servicePid}/task/${tid}`;
    add(serviceThread(read(`${dir}/comm`).trim(), tid === String(servicePid)), procCpuMs(`${dir}/stat`));
  }
  // This process and its waited-for children (wrk, bench/ceilings.ts): cutime + cstime.
  add("load generator", procCpuMs(`/proc/${process.pid}/stat`) + childrenCpuMs(`/proc/${process.pid}/stat`));
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d) || d === String(servicePid) || d === String(process.pid)) continue;
    const group = storeProcess(read(`/proc/${d}/comm`));
    if (group) add(group, procCpuMs(`/proc/${d}/stat`));
  }
  // The machine: every CPU's non-idle time (user nice system idle iowait irq softirq steal ...).
  const cpu = read("/proc/stat").split("\n")[0].split(/\s+/).slice(1).map(Number);
  add("machine busy", (cpu.reduce((s, x) => s + x, 0) - cpu[3] - cpu[4]) * TICK_MS);
  return out;
}

/** µs of CPU per request of each group between two snapshots (groups that used none are left out). */
export function cpuPerRequest(
  before: CpuSnapshot | null,
  after: CpuSnapshot | null,
  requests: number,
): Record<string, number> | null {
  if (!before || !after || requests <= 0) return null;
  const out: Record<string, number> = {};
  for (const [group, ms] of after) {
    const d = ms - (before.get(group) ?? 0);
    if (d > 0) out[group] = Math.round((d * 1000) / requests);
  }
  return out;
}

/** `label: group µs · group µs · …`, largest first, the machine last. */
export function formatCpu(label: string, cpu: Record<string, number> | null | undefined): string {
  if (!cpu) return `${label}: (not measured: needs Linux /proc)`;
  const { "machine busy": machine, ...groups } = cpu;
  const parts = Object.entries(groups)
    .sort((a, b) => b[1] - a[1])
    .map(([g, us]) => `${g} ${us}`);
  return `${label} (µs): ${parts.join(" · ")}${machine !== undefined ? ` | machine busy ${machine}` : ""}`;
}
