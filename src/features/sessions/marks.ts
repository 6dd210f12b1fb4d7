/**
 * Revocation marks (CONTRACT §13): access tokens stay stateless JWTs, so what ended is remembered
 * for as long as any access token of it can live (ACCESS_TOKEN_TTL), as keyed counters in the
 * store where families live (Redis when configured): `end:sid:<sid>` for an ended browser session,
 * `end:fam:<sid>:<clientId>` for a client's refresh family ended alone, `end:jti:<jti>` for one
 * revoked access token. Each holds the second it was set; a token issued at or before it is
 * inactive (introspection and UserInfo read them).
 */
import { ACCESS_TOKEN_TTL } from "../tokens";

/** How long a revocation mark lives: past the end of any access token issued before it (clock skew included). */
export const MARK_SECONDS = ACCESS_TOKEN_TTL + 60;

/**
 * Marks hold seconds since this instant (2025-01-01T00:00:00Z), not since 1970: counter stores keep
 * 32-bit integers (Postgres `integer`), which Unix seconds outgrow in 2038.
 */
export const MARK_EPOCH_SECONDS = 1_735_689_600;
/** The value a mark set at `at` holds (always ≥ 1). */
export const markValueAt = (at: Date) => Math.max(1, Math.floor(at.getTime() / 1000) - MARK_EPOCH_SECONDS);
/** True when a mark holding `value` was set at or after a token's `iat` (Unix seconds). */
export const markCovers = (value: number, iat: number) => value > 0 && value >= iat - MARK_EPOCH_SECONDS;

export const markKeys = {
  sid: (sid: string) => `end:sid:${sid}`,
  family: (sid: string, clientId: string) => `end:fam:${sid}:${clientId}`,
  jti: (jti: string) => `end:jti:${jti}`,
};
