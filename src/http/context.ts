/** Small helpers shared by route files: client address, JSON with no-store, cursors. */
import { BlockList, isIP } from "node:net";
import { fieldError } from "../kernel/errors";

type ServerLike = { requestIP(req: Request): { address: string } | null } | null | undefined;

/** Client addresses resolved once per request by the app (see createClientIpResolver). */
const resolved = new WeakMap<Request, string | null>();

/** The client address of the request: resolved by the app's proxy policy, else the peer (null under app.handle). */
export function clientIp(request: Request, server: ServerLike): string | null {
  return resolved.has(request) ? resolved.get(request)! : unmap(server?.requestIP(request)?.address ?? null);
}

/** `::ffff:192.0.2.1` is the IPv4 address 192.0.2.1. */
const unmap = (a: string | null) => (a && a.startsWith("::ffff:") && isIP(a.slice(7)) === 4 ? a.slice(7) : a);

/**
 * Client addresses behind proxies (docs/security.md). X-Forwarded-For is believed only from a peer
 * in SSO_TRUSTED_PROXIES, walking right to left past trusted hops; without trusted proxies the
 * peer address is the client, whatever the header says.
 */
export function createClientIpResolver(trustedProxies: string[]) {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [addr, prefix] = entry.split("/");
    const type = isIP(addr) === 6 ? "ipv6" : "ipv4";
    if (prefix !== undefined) trusted.addSubnet(addr, Number(prefix), type);
    else trusted.addAddress(addr, type);
  }
  const isTrusted = (a: string) => isIP(a) !== 0 && trusted.check(a, isIP(a) === 6 ? "ipv6" : "ipv4");
  return function resolve(request: Request, server: ServerLike): string | null {
    let current = unmap(server?.requestIP(request)?.address ?? null);
    if (current && trustedProxies.length) {
      const hops = (request.headers.get("x-forwarded-for") ?? "")
        .split(",")
        .map((h) => unmap(h.trim())!)
        .filter(Boolean);
      while (isTrusted(current) && hops.length) {
        const next = hops.pop()!;
        if (!isIP(next)) break;
        current = next;
      }
    }
    resolved.set(request, current);
    return current;
  };
}

/** Opaque cursor: base64url of the last id seen. */
export const encodeCursor = (id: number) => Buffer.from(`o:${id}`).toString("base64url");
export function decodeCursor(cursor: string | undefined, field = "after"): number {
  if (!cursor) return 0;
  const raw = Buffer.from(cursor, "base64url").toString();
  const m = /^o:(\d{1,18})$/.exec(raw);
  if (!m) throw fieldError(field, "is not a cursor returned by this endpoint");
  return Number(m[1]);
}

/** `size`/`limit` bounds of CONTRACT §1: 1..1000, else 400. */
export function pageSize(value: number | undefined, dflt: number, field = "size"): number {
  if (value === undefined) return dflt;
  if (!Number.isInteger(value) || value < 1 || value > 1000)
    throw fieldError(field, "must be an integer from 1 to 1000");
  return value;
}

/** ISO 8601 UTC with milliseconds (CONTRACT §1); null stays null. */
export function iso(d: Date): string;
export function iso(d: Date | null): string | null;
export function iso(d: Date | null): string | null {
  return d ? d.toISOString() : null;
}

/** A 200 with no body, for operations that declare no response (SPEC §4). */
export const noContent200 = () => new Response(null, { status: 200 });

/**
 * Elysia normalizes a body to its schema's shape before validating it, which turns a `device` of the
 * wrong type (a string, a number) into an empty object; this check runs on the parsed body first (400).
 */
export function refuseNonObjectDevice({ body }: { body: unknown }) {
  const device = (body as { device?: unknown } | null)?.device;
  if (device !== undefined && (device === null || typeof device !== "object" || Array.isArray(device)))
    throw fieldError("device", "must be an object (DeviceInfo)");
}

/** CONTRACT §1, RFC 6749 §5.1: a response carrying a token or a secret is never cached. */
export function noStore(set: { headers: Record<string, unknown> }) {
  set.headers["cache-control"] = "no-store";
  set.headers["pragma"] = "no-cache";
}
