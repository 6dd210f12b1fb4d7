/**
 * The command line of a flow benchmark run on its own (`bun bench/<name>.ts`): `--<name> value`
 * arguments, and the options every flow benchmark takes (`--seconds`, `--warmup`, `--connections`,
 * `--postgres`, DATABASE_URL and REDIS_URL from the environment, progress on stderr).
 */
export const cliArg = (name: string): string | undefined => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};

export const cliNumber = (name: string): number | undefined => {
  const v = cliArg(name);
  return v ? Number(v) : undefined;
};

export function flowCliOptions() {
  return {
    seconds: cliNumber("seconds") ?? 5,
    warmupSeconds: cliNumber("warmup"),
    connections: cliNumber("connections"),
    postgres: process.argv.includes("--postgres"),
    redisUrl: process.env.REDIS_URL,
    databaseUrl: process.env.DATABASE_URL,
    log: (l: string) => console.error(l),
  };
}

/** Runs a benchmark from its command line: its table, then its result as JSON, then exits. */
export async function runFromCli<R>(run: () => Promise<R>, format: (r: R) => string): Promise<never> {
  const r = await run();
  console.log(format(r));
  console.log(JSON.stringify(r, null, 2));
  process.exit(0);
}
