/**
 * A `fetch` for calls to upstream identity providers (CONTRACT §16: discovery, JWKS, token
 * endpoint) behind the same SSRF guard as webhook deliveries (webhook-sender.ts, docs/security.md):
 * the URL's static checks (`refuseTargetUrl`), and every address the socket may connect to checked
 * in the socket's own resolver, so DNS rebinding cannot slip through; redirects are not followed,
 * bodies are capped and every call is bounded by a timeout.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isPublicAddress, refuseTargetUrl } from "../../src/kernel/net-policy";

export type UpstreamFetch = (url: string | URL | Request, init?: RequestInit) => Promise<Response>;

export function createGuardedFetch(opts: {
  allowPrivate: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
}): UpstreamFetch {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? 512 * 1024;
  const guardedLookup = (
    hostname: string,
    options: { all?: boolean; family?: number },
    cb: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, list) => {
      if (err) return cb(err, "", 0);
      const all = list as LookupAddress[];
      const refused = opts.allowPrivate ? undefined : all.find((a) => !isPublicAddress(a.address));
      if (refused || !all.length)
        return cb(
          Object.assign(new Error(`refused target address ${refused?.address ?? "(none)"}`), { code: "ESSRF" }),
          "",
          0,
        );
      if (options.all) cb(null, all);
      else cb(null, all[0].address, all[0].family);
    });
  };

  return async (input, init) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const why = refuseTargetUrl(req.url, opts.allowPrivate);
    if (why) throw new Error(`upstream URL refused: it ${why}`);
    const u = new URL(req.url);
    const body = req.method === "GET" || req.method === "HEAD" ? null : Buffer.from(await req.arrayBuffer());
    const headers: Record<string, string> = { "user-agent": opts.userAgent ?? "sso-federation/1" };
    req.headers.forEach((v, k) => {
      headers[k] = v;
    });
    if (body) headers["content-length"] = String(body.length);
    const client = u.protocol === "https:" ? https : http;
    return new Promise<Response>((resolve, reject) => {
      const r = client.request(u, { method: req.method, headers, lookup: guardedLookup as never }, (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            r.destroy(new Error(`upstream answer larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on("end", () => {
          clearTimeout(timer);
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : String(v));
          const status = res.statusCode ?? 502;
          const nullBody = status === 204 || status === 304 || req.method === "HEAD";
          resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: h }));
        });
        res.on("error", reject);
      });
      const timer = setTimeout(() => r.destroy(new Error(`upstream did not answer within ${timeoutMs} ms`)), timeoutMs);
      r.on("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      if (body) r.write(body);
      r.end();
    });
  };
}
