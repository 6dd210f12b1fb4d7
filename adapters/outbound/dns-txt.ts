/**
 * DNS TXT lookups for domain verification (CONTRACT §16) with node:dns's Resolver: the system's
 * resolvers, or the servers SSO_DNS_SERVERS names (`host:port`, e.g. a test's own DNS server).
 * A name that has no TXT records, or does not exist, answers []; a timeout or server failure throws.
 */
import { Resolver } from "node:dns/promises";
import type { TxtResolver } from "../../src/features/domains";

const NO_RECORDS = new Set(["ENODATA", "ENOTFOUND", "NXDOMAIN", "ENONAME"]);

export function createDnsTxtResolver(opts: { servers?: string[]; timeoutMs?: number } = {}): TxtResolver {
  return {
    async resolveTxt(name) {
      // A fresh resolver per lookup: Bun's Resolver keeps answers it has seen, and an administrator
      // who has just corrected the record must not be told about the old one.
      const resolver = new Resolver({ timeout: opts.timeoutMs ?? 3000, tries: 2 });
      if (opts.servers?.length) resolver.setServers(opts.servers);
      try {
        return await resolver.resolveTxt(name);
      } catch (e) {
        if (NO_RECORDS.has(String((e as { code?: string })?.code))) return [];
        throw e;
      }
    },
  };
}
