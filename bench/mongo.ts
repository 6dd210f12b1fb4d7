/**
 * MongoDB for the benchmarks: which server the Mongo runs use and whether it answers.
 *
 * test/support/stores.ts reads MONGODB_URL once, when it is first imported, so `useMongoUrl` must
 * run before anything imports it (bench/run.ts and the CLIs import the benchmarks dynamically for
 * that reason). The default is the CI's FerretDB port (`bash .ci/ferretdb.sh start 27018`).
 */
import { MongoClient } from "mongodb";

export const DEFAULT_MONGODB_URL = "mongodb://127.0.0.1:27018/";

/** MONGODB_URL, defaulted to the local FerretDB port; sets process.env.MONGODB_URL when it was unset. */
export function useMongoUrl(): string {
  process.env.MONGODB_URL ??= DEFAULT_MONGODB_URL;
  return process.env.MONGODB_URL;
}

/** Whether a MongoDB-protocol server answers `ping` at `url` within `timeoutMs`; the reason when not. */
export async function mongoAnswers(
  url: string,
  timeoutMs = 3000,
): Promise<{ ok: true; server: string } | { ok: false; reason: string }> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: timeoutMs, connectTimeoutMS: timeoutMs });
  try {
    await client.connect();
    await client.db("admin").command({ ping: 1 });
    const info = await client
      .db("admin")
      .command({ buildInfo: 1 })
      .catch(() => ({}) as Record<string, unknown>);
    const server = info.ferretdbVersion
      ? `FerretDB ${info.ferretdbVersion} (MongoDB ${info.version} protocol)`
      : `MongoDB ${info.version ?? "?"}`;
    return { ok: true, server };
  } catch (e) {
    return { ok: false, reason: String((e as Error)?.message ?? e).split("\n")[0] };
  } finally {
    await client.close().catch(() => {});
  }
}

/** The URL without credentials (for printing). */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return url;
  }
}
