/**
 * The console's only way to the service: the public REST API, through an openapi-fetch client typed
 * by `schema.d.ts`, which is generated from the service's own /openapi.json (`npm run console:api`;
 * a test fails when it is stale). Paths, parameters, bodies and answers are the document's: a call
 * that does not match the API does not type-check.
 *
 * Calls carry the signed-in user's own access token (kept in memory, never in storage), which the
 * console gets as an OAuth client of the service (./signin.ts); a 401 for the token (INVALID_TOKEN,
 * UNAUTHENTICATED) triggers one refresh and a retry.
 */
import { decodeJwt } from "jose";
import createClient from "openapi-fetch";
import { t } from "../i18n";
import type { components, paths } from "./schema";
import { refreshTokens, revokeOnLeave, type Tokens } from "./signin";

/** An RFC 9457 problem as the API answers it; `errors` lists failing fields (VALIDATION_FAILED). */
export type Problem = components["schemas"]["ValidationProblem"];

export class ApiError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail || problem.title);
  }
  /** The message for one field (`email`, `body.email`), if the problem names it. */
  fieldMessage(field: string): string | undefined {
    return this.problem.errors?.find((e) => e.field === field || e.field.endsWith(`.${field}`))?.message;
  }
}

/** The JSON body a successful (200 or 201) answer to `method path` carries. */
export type Answer<P extends keyof paths, M extends "get" | "post" | "put" | "delete"> = paths[P][M] extends {
  responses: infer R;
}
  ? Json<R[200 & keyof R]> | Json<R[201 & keyof R]>
  : never;
type Json<R> = R extends { content: { "application/json": infer T } } ? T : never;

/** The claims of the console's access token that decide what it shows (docs/tokens.md). */
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

type Listener = (claims: Claims | null) => void;
let tokens: Tokens | null = null;
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

// Leaving the page (reload, sign-out, organization switch, closed tab) ends its refresh family.
addEventListener("pagehide", () => {
  if (tokens?.refreshToken) revokeOnLeave(tokens.refreshToken);
});

/** The ID token of the sign-in (the `id_token_hint` of sign-out). */
export const currentIdToken = () => tokens?.idToken;

/** Installs new tokens (from a sign-in or a refresh); null signs the page out. */
export function setSession(pair: Tokens | null): void {
  clearTimeout(timer);
  tokens = pair;
  accessToken = pair?.accessToken ?? null;
  claims = pair ? (decodeJwt(pair.accessToken) as unknown as Claims) : null;
  // Refresh shortly before the access token expires, so an idle page stays signed in.
  if (pair) timer = setTimeout(() => void refreshSession(), Math.max(5, pair.expiresInSeconds - 60) * 1000);
  for (const l of listeners) l(claims);
}

const NETWORK: Problem = {
  type: "about:blank",
  status: 0,
  title: t("api.networkTitle"),
  detail: t("api.networkDetail"),
  code: "NETWORK",
};

/** fetch, with a failure to reach the service as an ApiError. */
async function reach(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    throw new ApiError(NETWORK);
  }
}

/** fetch with the access token; a 401 that refuses the token refreshes the tokens once and retries. */
async function withToken(request: Request): Promise<Response> {
  const retry = request.clone();
  const bearer = accessToken;
  if (bearer) request.headers.set("authorization", `Bearer ${bearer}`);
  const r = await reach(request);
  if (r.status !== 401 || !bearer) return r;
  // Only a refused token is worth a refresh: a wrong TOTP code at enrolment is 401 MFA_INVALID_CODE
  // (CONTRACT §11) with a perfectly good session, and retrying would send the same code twice.
  const code = (
    (await r
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null
  )?.code;
  if (code !== "INVALID_TOKEN" && code !== "UNAUTHENTICATED") return r;
  if (!(await refreshSession()) || !accessToken) return r;
  retry.headers.set("authorization", `Bearer ${accessToken}`);
  return reach(retry);
}

/** Query strings leave out empty values: an unset filter is no filter. */
function querySerializer(query: Record<string, unknown>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== "") q.set(k, String(v));
  return q.toString();
}

const options = {
  baseUrl: location.origin,
  credentials: "same-origin",
  headers: { accept: "application/json" },
  querySerializer,
} as const;

/** The API with the signed-in user's token (every call but the sign-in ones). */
export const api = createClient<paths>({ ...options, fetch: withToken });
/** The API without a token: password reset and the reset mail. */
export const publicApi = createClient<paths>({ ...options, fetch: reach });

/**
 * Rotates the refresh token for new tokens; false (and signed out) when the service refuses it (the
 * sign-in session or the family ended), or when the page holds none.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      if (!tokens?.refreshToken) return false;
      setSession(await refreshTokens(tokens));
      return true;
    } catch {
      setSession(null);
      return false;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function problemOf(response: Response, body: unknown): Problem {
  const p = (typeof body === "object" && body !== null ? body : {}) as Partial<Problem>;
  if ((response.headers.get("content-type") ?? "").includes("json") && (p.detail || p.title))
    return {
      type: p.type ?? "about:blank",
      status: response.status,
      title: p.title ?? "Error",
      detail: p.detail ?? "",
      code: p.code ?? "",
      errors: p.errors,
    };
  return {
    type: "about:blank",
    status: response.status,
    title: response.statusText || t("api.error"),
    detail: response.status >= 500 ? t("api.serverFailed") : t("api.requestFailed", { status: response.status }),
    code: "",
  };
}

/**
 * Awaits a client call and answers its data (undefined for an answer without a body), or throws
 * ApiError with the API's problem (RFC 9457), or a network problem.
 */
export async function ok<D>(call: Promise<{ data?: D; error?: unknown; response: Response }>): Promise<D> {
  const { data, error, response } = await call;
  if (!response.ok) throw new ApiError(problemOf(response, error));
  return data as D;
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
