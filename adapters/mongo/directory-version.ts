/**
 * The directory's version (kernel/directory-cache.ts) kept in MongoDB, for deployments without
 * Redis: one document of the `sequences` collection holding a random value, replaced on every
 * advance (a single-document write) and read from the primary (a secondary may lag behind). A
 * store that lost the document gets a new random value, never one an instance may have seen.
 */
import type { Db } from "mongodb";
import type { DirectoryVersion } from "../../src/kernel/directory-cache";
import { randomToken } from "../../src/kernel/secrets";
import { idempotentUpsert } from "./db";
import { C } from "./schema";

const ID = "directory_version";

export function createMongoDirectoryVersion(db: Db): DirectoryVersion {
  const docs = db.collection<{ _id: string; version: string }>(C.sequences);
  return {
    async read() {
      const d = await docs.findOne({ _id: ID });
      if (d?.version) return d.version;
      await idempotentUpsert(() =>
        docs.updateOne({ _id: ID }, { $setOnInsert: { version: randomToken(12) } }, { upsert: true }),
      );
      return (await docs.findOne({ _id: ID }))?.version ?? null;
    },
    async advance() {
      await idempotentUpsert(() =>
        docs.updateOne({ _id: ID }, { $set: { version: randomToken(12) } }, { upsert: true }),
      );
    },
  };
}
