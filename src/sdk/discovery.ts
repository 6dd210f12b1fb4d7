/** Reads the issuer's authorization server metadata (RFC 8414: `/.well-known/oauth-authorization-server`). */
import { DiscoveryError } from "./errors";

export interface DiscoveryDocument {
  issuer: string;
  jwks_uri: string;
  token_endpoint: string;
  [k: string]: unknown;
}

/** The issuer URL as the service writes it into `iss`: no trailing slash. */
export const normalizeIssuer = (issuer: string) => issuer.replace(/\/+$/, "");

/**
 * Fetches and checks the discovery document: it must name exactly this issuer (RFC 8414 §3.3,
 * so a document served elsewhere cannot redirect key discovery) and carry `jwks_uri`.
 */
export async function discover(
  issuer: string,
  opts: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<DiscoveryDocument> {
  const url = `${normalizeIssuer(issuer)}/.well-known/oauth-authorization-server`;
  let res: Response;
  try {
    res = await (opts.fetch ?? fetch)(url, {
      headers: { accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(opts.timeoutMs ?? 5000),
    });
  } catch (cause) {
    throw new DiscoveryError(`Could not reach ${url}.`, { cause });
  }
  if (res.status !== 200) throw new DiscoveryError(`${url} answered ${res.status}.`);
  let doc: DiscoveryDocument;
  try {
    doc = (await res.json()) as DiscoveryDocument;
  } catch (cause) {
    throw new DiscoveryError(`${url} is not JSON.`, { cause });
  }
  if (!doc || normalizeIssuer(String(doc.issuer)) !== normalizeIssuer(issuer))
    throw new DiscoveryError(`${url} names another issuer (${String(doc?.issuer)}).`);
  if (typeof doc.jwks_uri !== "string") throw new DiscoveryError(`${url} has no jwks_uri.`);
  return doc;
}
