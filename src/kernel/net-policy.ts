/**
 * Which network targets the service may call on a tenant's behalf (webhooks): the SSRF policy
 * (docs/security.md). Used at registration (static checks) and by the outbound adapter on the
 * address it actually connects to.
 */
import ipaddr from "ipaddr.js";

/** True when `address` is a public unicast address; loopback, private, link-local (cloud metadata), unique-local, CGNAT, multicast, reserved and unspecified are not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === "ipv6" && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === "unicast";
}

/**
 * Why `url` can never be a webhook target (checks that need no DNS); null when it may be. With
 * `allowPrivate` (SSO_WEBHOOK_ALLOW_PRIVATE, development) plain http and private hosts are allowed.
 */
export function refuseTargetUrl(url: string, allowPrivate: boolean): string | null {
  const why = refusal(url, allowPrivate);
  // CONTRACT §19: a refusal the development switch would lift says so.
  return why && !allowPrivate && why !== "is not an absolute URL" && why !== "must not carry credentials"
    ? `${why} (for development, SSO_WEBHOOK_ALLOW_PRIVATE=true also allows plain http and private hosts)`
    : why;
}

function refusal(url: string, allowPrivate: boolean): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return "is not an absolute URL";
  }
  if (u.protocol !== "https:" && !(allowPrivate && u.protocol === "http:"))
    return allowPrivate ? "must use https or http" : "must use https";
  if (u.username || u.password) return "must not carry credentials";
  if (allowPrivate) return null;
  const host = u.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (host === "localhost" || /\.(localhost|local|internal)$/.test(host)) return "must not name a local host";
  if (ipaddr.isValid(host) && !isPublicAddress(host))
    return "must not point to a loopback, private, link-local or otherwise non-public address";
  return null;
}
