/**
 * Machine tokens for a backend: the client_credentials grant with HTTP Basic (RFC 6749 §4.4,
 * §2.3.1), the token cached until shortly before it expires (SPEC 8: a client may cache just under
 * the lifetime), and concurrent callers sharing one request.
 */
import { discover, normalizeIssuer } from "./discovery";
import { TokenEndpointError, tokenEndpointError } from "./errors";

export interface ClientCredentialsOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Scopes to ask for (space-separated or a list); omitted = every scope the client holds. */
  scope?: string | string[];
  /** Skips discovery and posts here. */
  tokenEndpoint?: string;
  /** Renew this long before expiry (default 60 s, at most half the lifetime). */
  refreshSkewSeconds?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Time source in ms (tests). */
  now?: () => number;
}

export interface MachineTokenResponse {
  accessToken: string;
  tokenType: "Bearer";
  /** Granted scopes. */
  scope: string[];
  expiresAt: number;
}

/** RFC 6749 §2.3.1 / Appendix B: application/x-www-form-urlencoded encoding of one value. */
const formEncode = (s: string) => new URLSearchParams({ v: s }).toString().slice(2);

/**
 * Creates a token source for one client. `getToken()` answers from the cache while the token has
 * more than the skew left; otherwise one request is made, shared by every concurrent caller.
 * Failures reject with typed errors (InvalidClientError, InvalidScopeError,
 * UnauthorizedClientError, RateLimitedError, …) and are not cached.
 */
export function createClientCredentials(opts: ClientCredentialsOptions) {
  const now = opts.now ?? Date.now;
  const issuer = normalizeIssuer(opts.issuer);
  const scope = Array.isArray(opts.scope) ? opts.scope.join(" ") : opts.scope;
  const authorization = `Basic ${btoa(`${formEncode(opts.clientId)}:${formEncode(opts.clientSecret)}`)}`;
  let endpoint: Promise<string> | null = opts.tokenEndpoint ? Promise.resolve(opts.tokenEndpoint) : null;
  let cached: (MachineTokenResponse & { renewAt: number }) | null = null;
  let inflight: Promise<MachineTokenResponse> | null = null;

  function tokenEndpoint(): Promise<string> {
    endpoint ??= discover(issuer, { fetch: opts.fetch, timeoutMs: opts.timeoutMs })
      .then((d) => {
        if (typeof d.token_endpoint !== "string")
          throw new TokenEndpointError(undefined, "The discovery document has no token_endpoint.", 0);
        return d.token_endpoint;
      })
      .catch((e) => {
        endpoint = null;
        throw e;
      });
    return endpoint;
  }

  async function request(): Promise<MachineTokenResponse> {
    const url = await tokenEndpoint();
    const body = new URLSearchParams({ grant_type: "client_credentials" });
    if (scope) body.set("scope", scope);
    const started = now();
    let res: Response;
    try {
      res = await (opts.fetch ?? fetch)(url, {
        method: "POST",
        headers: { authorization, "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body,
        signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
      });
    } catch (cause) {
      throw new TokenEndpointError(
        undefined,
        `The token endpoint could not be reached (${String((cause as Error)?.message ?? cause)}).`,
        0,
        { cause },
      );
    }
    let json: Record<string, unknown> | null = null;
    try {
      json = (await res.json()) as Record<string, unknown>;
    } catch {
      json = null;
    }
    if (res.status !== 200) throw tokenEndpointError(res.status, json, res.headers.get("retry-after"));
    if (!json || typeof json.access_token !== "string" || typeof json.expires_in !== "number")
      throw new TokenEndpointError(undefined, "The token endpoint answered 200 without a usable token.", res.status);
    const lifetime = json.expires_in * 1000;
    const skew = Math.min((opts.refreshSkewSeconds ?? 60) * 1000, lifetime / 2);
    const granted = typeof json.scope === "string" ? json.scope.split(" ").filter(Boolean) : [];
    const token = {
      accessToken: json.access_token,
      tokenType: "Bearer" as const,
      scope: granted,
      expiresAt: started + lifetime,
    };
    cached = { ...token, renewAt: started + lifetime - skew };
    return token;
  }

  /** The current token response (cached or fresh). */
  function getTokenResponse(): Promise<MachineTokenResponse> {
    if (cached && now() < cached.renewAt) {
      const { renewAt: _, ...token } = cached;
      return Promise.resolve(token);
    }
    inflight ??= request().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  return {
    getTokenResponse,
    /** A valid access token, for `Authorization: Bearer …`. */
    getToken: async () => (await getTokenResponse()).accessToken,
    /** Drops the cached token (e.g. after a resource server refused it); the next call fetches anew. */
    invalidate: () => {
      cached = null;
    },
  };
}

export type ClientCredentials = ReturnType<typeof createClientCredentials>;
