/**
 * A small https front for the conformance run (scripts/oidf/run.sh): terminates TLS with a
 * self-signed certificate and forwards every request to a plain-http upstream, the way nginx does
 * in the suite's own docker setup. Used twice: before our service (the Config plan fails any
 * endpoint that is not https) and before the suite (its callback URLs are https).
 *
 *   bun scripts/oidf/tls-proxy.ts <listen-port> <upstream-origin> <cert.pem> <key.pem>
 *
 * Redirects are passed through, never followed; Set-Cookie headers are kept one by one; the
 * upstream sees the original Host, X-Forwarded-{Proto,Host,Port,For} and X-Ssl-Protocol (only
 * TLS 1.3 is accepted). Development only.
 */
import { constants } from "node:crypto";

const [portArg, upstreamArg, certFile, keyFile] = process.argv.slice(2);
if (!portArg || !upstreamArg || !certFile || !keyFile) {
  console.error("usage: bun tls-proxy.ts <listen-port> <upstream-origin> <cert.pem> <key.pem>");
  process.exit(2);
}
const port = Number(portArg);
const upstream = new URL(upstreamArg);

// Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded; accept-encoding is dropped so the
// upstream answers uncompressed (fetch would otherwise decompress and leave a stale encoding).
const HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade", "te", "trailer"];

Bun.serve({
  port,
  hostname: "127.0.0.1",
  // TLS 1.3 only, so the X-Ssl-Protocol header below is true of every connection (the suite's
  // back-channel modules read it, as nginx sets it in the suite's own setup, to check the caller).
  tls: {
    cert: Bun.file(certFile),
    key: Bun.file(keyFile),
    secureOptions: constants.SSL_OP_NO_TLSv1 | constants.SSL_OP_NO_TLSv1_1 | constants.SSL_OP_NO_TLSv1_2,
  },
  // The suite holds some requests open while it waits for a callback (up to a minute).
  idleTimeout: 255,
  maxRequestBodySize: 64 * 1024 * 1024,
  async fetch(req, server) {
    const url = new URL(req.url);
    const target = new URL(url.pathname + url.search, upstream);
    const headers = new Headers(req.headers);
    for (const h of [...HOP, "accept-encoding"]) headers.delete(h);
    const host = req.headers.get("host") ?? `${url.hostname}:${port}`;
    headers.set("host", host);
    headers.set("x-forwarded-proto", "https");
    headers.set("x-forwarded-host", host);
    headers.set("x-forwarded-port", String(port));
    headers.set("x-ssl-protocol", "TLSv1.3");
    const peer = server.requestIP(req)?.address;
    if (peer) headers.set("x-forwarded-for", peer);
    try {
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const res = await fetch(target, {
        method: req.method,
        headers,
        body: hasBody ? await req.arrayBuffer() : undefined,
        redirect: "manual",
      });
      const out = new Headers();
      res.headers.forEach((v, k) => {
        if (k !== "set-cookie" && k !== "content-encoding" && k !== "content-length" && !HOP.includes(k)) out.set(k, v);
      });
      for (const c of res.headers.getSetCookie()) out.append("set-cookie", c);
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers: out });
    } catch (e) {
      console.error(`tls-proxy ${port}: ${req.method} ${target.href}: ${(e as Error).message}`);
      return new Response(`tls-proxy: upstream ${upstream.origin} failed: ${(e as Error).message}\n`, {
        status: 502,
      });
    }
  },
});
console.log(`tls-proxy: https://127.0.0.1:${port} -> ${upstream.origin}`);
