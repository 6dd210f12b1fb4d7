/** Structured JSON logs and Prometheus metrics. Log lines never carry tokens, secrets or emails. */
export type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

import type { Logger } from "../kernel/log";
export type { Logger };

const SECRET_KEYS = /pass(word)?|secret|token|authorization|cookie|verifier|otp|recovery/i;

import { maskEmail } from "../kernel/log";
export { maskEmail };

function scrub(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) {
    if (SECRET_KEYS.test(k)) out[k] = "[redacted]";
    else if (typeof v === "string" && /@/.test(v) && /email/i.test(k)) out[k] = maskEmail(v);
    else out[k] = v;
  }
  return out;
}

export function createLogger(
  level: Level | "silent",
  write: (line: string) => void = (l) => process.stdout.write(l + "\n"),
): Logger {
  const min = ORDER[level];
  const emit = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < min) return;
    write(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...(fields ? scrub(fields) : {}) }));
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
  };
}

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Request count and latency histogram by route and status, plus process metrics. */
export function createMetrics() {
  const series = new Map<
    string,
    { method: string; route: string; status: number; count: number; sum: number; buckets: number[] }
  >();
  const started = Date.now();
  const counters = new Map<string, { help: string; value: number }>();
  const gauges = new Map<string, { help: string; value: number | (() => number); labels?: Record<string, string> }>();
  return {
    /** Adds `by` to the counter `name` (created on first use). */
    count(name: string, help: string, by = 1) {
      const c = counters.get(name) ?? { help, value: 0 };
      c.value += by;
      counters.set(name, c);
    },
    /** Sets the gauge `name` (one series, with `labels` if given), to a value or to a reading taken at each scrape. */
    gauge(name: string, help: string, value: number | (() => number), labels?: Record<string, string>) {
      gauges.set(name, { help, value, labels });
    },
    observe(method: string, route: string, status: number, seconds: number) {
      const key = `${method} ${route} ${status}`;
      let s = series.get(key);
      if (!s) {
        s = { method, route, status, count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
        series.set(key, s);
      }
      s.count++;
      s.sum += seconds;
      for (let i = 0; i < BUCKETS.length; i++) if (seconds <= BUCKETS[i]) s.buckets[i]++;
    },
    render(extra: string[] = []): string {
      const esc = (v: string) => v.replace(/\\/g, "\\\\").replace(/"/g, '\\"');
      const lines: string[] = [
        "# HELP http_requests_total HTTP requests by method, route and status.",
        "# TYPE http_requests_total counter",
      ];
      for (const s of series.values())
        lines.push(`http_requests_total{method="${s.method}",route="${esc(s.route)}",status="${s.status}"} ${s.count}`);
      lines.push(
        "# HELP http_request_duration_seconds HTTP request latency.",
        "# TYPE http_request_duration_seconds histogram",
      );
      for (const s of series.values()) {
        const l = `method="${s.method}",route="${esc(s.route)}",status="${s.status}"`;
        BUCKETS.forEach((b, i) => lines.push(`http_request_duration_seconds_bucket{${l},le="${b}"} ${s.buckets[i]}`));
        lines.push(`http_request_duration_seconds_bucket{${l},le="+Inf"} ${s.count}`);
        lines.push(`http_request_duration_seconds_sum{${l}} ${s.sum}`);
        lines.push(`http_request_duration_seconds_count{${l}} ${s.count}`);
      }
      const mem = process.memoryUsage();
      const cpu = process.cpuUsage();
      lines.push(
        "# HELP process_resident_memory_bytes Resident memory size in bytes.",
        "# TYPE process_resident_memory_bytes gauge",
        `process_resident_memory_bytes ${mem.rss}`,
        "# HELP process_heap_bytes JavaScript heap used in bytes.",
        "# TYPE process_heap_bytes gauge",
        `process_heap_bytes ${mem.heapUsed}`,
        "# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.",
        "# TYPE process_cpu_seconds_total counter",
        `process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`,
        "# HELP process_start_time_seconds Start time of the process since unix epoch in seconds.",
        "# TYPE process_start_time_seconds gauge",
        `process_start_time_seconds ${Math.floor(started / 1000)}`,
        "# HELP process_uptime_seconds Seconds since the process started.",
        "# TYPE process_uptime_seconds gauge",
        `process_uptime_seconds ${(Date.now() - started) / 1000}`,
        ...extra,
      );
      for (const [name, c] of counters)
        lines.push(`# HELP ${name} ${c.help}`, `# TYPE ${name} counter`, `${name} ${c.value}`);
      for (const [name, g] of gauges)
        lines.push(
          `# HELP ${name} ${g.help}`,
          `# TYPE ${name} gauge`,
          `${name}${
            g.labels
              ? `{${Object.entries(g.labels)
                  .map(([k, v]) => `${k}="${esc(v)}"`)
                  .join(",")}}`
              : ""
          } ${typeof g.value === "function" ? g.value() : g.value}`,
        );
      return lines.join("\n") + "\n";
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The status an answered request went out with: an error's rendered status, a Response's, `set.status`, else 200. */
export function answeredStatus(rendered: number | undefined, response: unknown, setStatus: unknown): number {
  return rendered ?? (response instanceof Response ? response.status : typeof setStatus === "number" ? setStatus : 200);
}
