/**
 * Response schemas by HTTP status, for route declarations (validation and OpenAPI). Status numbers
 * live in src/http only; routes say what they answer, not which number it is.
 */
import type { TSchema } from "@sinclair/typebox";

/** A 200 answer with `schema`. */
export const ok = <S extends TSchema>(schema: S) => ({ 200: schema }) as { 200: S };

/** The token endpoint: 200 with the token, RFC 6749 §5.2 bodies for its refusals. */
export const tokenResponses = <S extends TSchema, E extends TSchema>(success: S, error: E) =>
  ({ 200: success, 400: error, 401: error, 429: error }) as { 200: S; 400: E; 401: E; 429: E };

/**
 * UserInfo (OIDC Core §5.3): 200 with the claims; RFC 6750 §3.1 refusals (400 invalid_request,
 * 401 invalid_token, 403 insufficient_scope).
 */
export const bearerResponses = <S extends TSchema, E extends TSchema>(success: S, error: E) =>
  ({ 200: success, 400: error, 401: error, 403: error }) as { 200: S; 400: E; 401: E; 403: E };
