/**
 * The console's only way to the service: the public REST API, with the signed-in user's own access
 * token (kept in memory, never in storage). The web session's refresh token is the HttpOnly
 * `sso_refresh` cookie, which this code never sees; a 401 triggers one cookie refresh and a retry.
 */
import { decodeJwt } from "jose";

export interface FieldError {
  field: string;
  message: string;
}
export interface Problem {
  status: number;
  title: string;
  detail: string;
  code: string;
  errors?: FieldError[];
}

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail || problem.title);
  }
  /** The message for one field (`email`, `body.email`), if the problem names it. */
  fieldMessage(field: string): string | undefined {
    return this.problem.errors?.find((e) => e.field === field || e.field.endsWith(`.${field}`))?.message;
  }
}

export interface Claims {
  iss: string;
  sub: string;
  uid: number;
  org_id: number;
  org_name?: string;
  org_path: string;
  tenant_id: number;
  permissions: string[];
  scope_self: string[];
  scope_subtree: string[];
  exp: number;
  sid?: string;
}

export interface TokenPair {
  accessToken: string;
  expiresInSeconds: number;
}

type Listener = (claims: Claims | null) => void;
let accessToken: string | null = null;
let claims: Claims | null = null;
let refreshing: Promise<boolean> | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

export const onSession = (l: Listener) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
export const currentClaims = () => claims;

/** Installs a new access token (from sign-in, MFA, refresh or an organization switch). */
export function setSession(pair: TokenPair | null): void {
  clearTimeout(timer);
  accessToken = pair?.accessToken ?? null;
  claims = pair ? (decodeJwt(pair.accessToken) as unknown as Claims) : null;
  // Refresh shortly before the access token expires, so an idle page stays signed in.
  if (pair) timer = setTimeout(() => void refreshSession(), Math.max(5, pair.expiresInSeconds - 60) * 1000);
  for (const l of listeners) l(claims);
}

/** Exchanges the refresh cookie for a new pair; false when there is no live web session. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const r = await fetch("/api/auth/refresh", { method: "POST", credentials: "same-origin" });
      if (!r.ok) {
        setSession(null);
        return false;
      }
      setSession((await r.json()) as TokenPair);
      return true;
    } catch {
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

async function problemOf(r: Response): Promise<Problem> {
  const type = r.headers.get("content-type") ?? "";
  if (type.includes("json")) {
    const body = (await r.json().catch(() => null)) as
      | (Partial<Problem> & { error?: string; error_description?: string })
      | null;
    if (body && (body.detail || body.title))
      return {
        status: r.status,
        title: body.title ?? "Error",
        detail: body.detail ?? "",
        code: body.code ?? "",
        errors: body.errors,
      };
  }
  return {
    status: r.status,
    title: r.statusText || "Error",
    detail:
      r.status >= 500 ? "The service could not answer. Try again in a moment." : `The request failed (${r.status}).`,
    code: "",
  };
}

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** No bearer token (sign-in calls). */
  anonymous?: boolean;
}

/** Calls the API; answers the parsed JSON (null for an empty body) or throws ApiError. */
export async function api<T = unknown>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
  const url = new URL(path, location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== null && v !== "") url.searchParams.set(k, String(v));
  const send = () => {
    const headers: Record<string, string> = { accept: "application/json" };
    if (opts.body !== undefined) headers["content-type"] = "application/json";
    if (accessToken && !opts.anonymous) headers.authorization = `Bearer ${accessToken}`;
    return fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  };
  let r: Response;
  try {
    r = await send();
    if (r.status === 401 && accessToken && !opts.anonymous && (await refreshSession())) r = await send();
  } catch {
    throw new ApiError({
      status: 0,
      title: "Network error",
      detail: "The service cannot be reached. Check the connection and try again.",
      code: "NETWORK",
    });
  }
  if (!r.ok) throw new ApiError(await problemOf(r));
  const text = await r.text();
  return (text ? JSON.parse(text) : null) as T;
}

/** True when the signed-in user's management token carries `code` (or PLATFORM_ADMIN). */
export function can(code: string): boolean {
  const p = claims?.permissions ?? [];
  return p.includes(code) || p.includes("PLATFORM_ADMIN");
}

/** True when the token's reach covers the org at `path` (CONTRACT §2: own paths, subtree prefixes). */
export function reaches(path: string): boolean {
  if (!claims) return false;
  if (claims.permissions.includes("PLATFORM_ADMIN")) return true;
  return claims.scope_self.includes(path) || claims.scope_subtree.some((s) => path.startsWith(s));
}
