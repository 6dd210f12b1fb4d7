/** Small helpers shared by route files: client address, JSON with no-store, cursors. */
import { fieldError } from "../kernel/errors";

type ServerLike = { requestIP(req: Request): { address: string } | null } | null | undefined;

/** The peer address of the request (null under app.handle in tests). */
export function clientIp(request: Request, server: ServerLike): string | null {
  return server?.requestIP(request)?.address ?? null;
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
  if (!Number.isInteger(value) || value < 1 || value > 1000) throw fieldError(field, "must be an integer from 1 to 1000");
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
