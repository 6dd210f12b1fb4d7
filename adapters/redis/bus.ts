/**
 * The cross-instance message channel (PrimaryStore.publish/subscribe) over Redis pub/sub, for stores
 * that cannot carry it themselves: MongoDB (no LISTEN), and PostgreSQL behind a transaction-mode
 * pooler (a LISTEN session does not survive there; docs/decisions.md, "Behind PgBouncer").
 * Channels are `<prefix>bus:<channel>`. At-most-once, like LISTEN/NOTIFY: every cache it
 * invalidates also has a TTL that bounds the harm of a lost message.
 */
import { UnavailableError } from "../../src/kernel/errors";
import { connectWithin, createRedisClient, type RedisTarget } from "./connect";
import type { PrimaryStore } from "../../src/stores";

export type Bus = Pick<PrimaryStore, "publish" | "subscribe" | "close">;

/** Pub/sub on a single node, a Redis Cluster (messages reach every node) or a Sentinel-found master. */
export async function openRedisBus(target: RedisTarget, prefix = "sso:"): Promise<Bus> {
  const channelPrefix = `${prefix}bus:`;
  const pub = createRedisClient(target, { maxRetriesPerRequest: 2 });
  const sub = createRedisClient(target, { maxRetriesPerRequest: 2 });
  // Outages surface per call (publish is best effort); ioredis reconnects and resubscribes by itself.
  for (const c of [pub, sub]) c.on("error", () => {});
  await Promise.all([connectWithin(pub), connectWithin(sub)]).catch((e) => {
    pub.disconnect();
    sub.disconnect();
    throw new UnavailableError(e);
  });
  const handlers = new Map<string, ((m: string) => void)[]>();
  sub.on("message", (ch: string, message: string) => {
    for (const h of handlers.get(ch.slice(channelPrefix.length)) ?? []) h(message);
  });
  return {
    async publish(channel, message) {
      await pub.publish(channelPrefix + channel, message).catch(() => {});
    },
    async subscribe(channel, onMessage) {
      const list = handlers.get(channel) ?? [];
      list.push(onMessage);
      handlers.set(channel, list);
      if (list.length === 1)
        await sub.subscribe(channelPrefix + channel).catch((e) => {
          handlers.delete(channel); // a later subscribe tries again
          throw new UnavailableError(e);
        });
    },
    async close() {
      pub.disconnect();
      sub.disconnect();
    },
  };
}
