/**
 * Outbound webhook deliveries with an SSRF guard (CONTRACT §7, docs/webhooks.md):
 * - https only, unless private targets are allowed (SSO_WEBHOOK_ALLOW_PRIVATE=true: development);
 * - the address the socket connects to is checked, after DNS resolution, in the resolver callback
 *   the socket itself uses, so a DNS answer that changes between a check and the connect (DNS
 *   rebinding) cannot slip through: loopback, private, link-local (cloud metadata), unique-local,
 *   CGNAT, multicast, broadcast, unspecified and reserved ranges are refused;
 * - redirects are not followed (a 3xx is a failed attempt), the answer body is not read beyond
 *   1 KiB, and the whole attempt is bounded by the timeout.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isPublicAddress, refuseTargetUrl } from "../../src/kernel/net-policy";
import type { WebhookSender } from "../../src/features/webhooks/ports";

/** A resolver of all addresses of a host name (the system's by default; tests inject their own). */
export type Resolver = (hostname: string, family: number) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname, family) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, family }, (err, addresses) =>
      err ? reject(err) : resolve(addresses as LookupAddress[]),
    ),
  );

export function createWebhookSender(opts: {
  allowPrivate: boolean;
  userAgent?: string;
  resolve?: Resolver;
}): WebhookSender {
  const resolveHost = opts.resolve ?? systemResolver;
  // The socket's own resolver: every address it may connect to is checked first, so the address
  // checked is the address connected to.
  const guardedLookup = (
    hostname: string,
    options: { all?: boolean; family?: number },
    cb: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    resolveHost(hostname, options.family ?? 0).then(
      (list) => {
        const refused = opts.allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
        if (refused || !list.length)
          return cb(
            Object.assign(new Error(`refused target address ${refused?.address ?? "(none)"}`), { code: "ESSRF" }),
            "",
            0,
          );
        if (options.all) cb(null, list);
        else cb(null, list[0].address, list[0].family);
      },
      (err: Error) => cb(err, "", 0),
    );
  };

  return {
    async send(url, headers, body, timeoutMs) {
      const why = refuseTargetUrl(url, opts.allowPrivate);
      if (why) return { error: `refused: the URL ${why}` };
      const u = new URL(url);
      const client = u.protocol === "https:" ? https : http;
      return new Promise((resolve) => {
        let settled = false;
        const done = (r: { status: number } | { error: string }) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(r);
        };
        const req = client.request(
          u,
          {
            method: "POST",
            headers: {
              // A back-channel logout token is a form post: its caller names the content type.
              "content-type": "application/json",
              ...headers,
              "content-length": String(Buffer.byteLength(body)),
              "user-agent": opts.userAgent ?? "sso-webhooks/1",
            },
            lookup: guardedLookup as never,
          },
          (res) => {
            let read = 0;
            res.on("data", (chunk: Buffer) => {
              read += chunk.length;
              if (read > 1024) res.destroy();
            });
            res.on("error", () => {});
            res.on("close", () => done({ status: res.statusCode ?? 0 }));
            res.on("end", () => done({ status: res.statusCode ?? 0 }));
          },
        );
        const timer = setTimeout(() => {
          req.destroy();
          done({ error: `timeout after ${timeoutMs} ms` });
        }, timeoutMs);
        req.on("error", (e: Error & { code?: string }) =>
          done({ error: e.code === "ESSRF" ? e.message : `${e.code ?? "error"}: ${e.message}`.slice(0, 300) }),
        );
        req.end(body);
      });
    },
  };
}
