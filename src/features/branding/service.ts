/**
 * Branding (CONTRACT §15): a tenant's display name, colour, support link and logo, overridable per
 * application, shown on every hosted page and in every mail. Writes are ORG_MANAGE units audited as
 * `branding.updated`; reads for pages and mails go through the directory cache, so a change is seen
 * by every instance at once (kernel/directory-cache.ts).
 */
import { fileTypeFromBuffer } from "file-type";
import type { AppRepo } from "../apps/ports";
import type { EventJournal } from "../events";
import type { OrgRepo } from "../orgs";
import { actorOf, requirePermission, requireReach, tenantOf, type Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import { contrast, DARK_TEXT, LIGHT_TEXT, MIN_TEXT_CONTRAST } from "../../kernel/contrast";
import { createDirectoryCache, type DirectoryVersion } from "../../kernel/directory-cache";
import { type FieldError, notFound, validation } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import type { BrandingRecord, BrandingRepo, StoredLogo } from "./ports";

/** The largest logo accepted (bytes, after base64 decoding). */
export const LOGO_MAX_BYTES = 64 * 1024;
/** Logo types accepted, as sniffed from the bytes (never as declared). */
export const LOGO_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
/** Where logos are served: `<LOGO_PATH><tenantId>/<sha256 hex>`. */
export const LOGO_PATH = "/pages/logos/";

export interface BrandingDeps {
  branding: BrandingRepo;
  apps: AppRepo;
  orgs: OrgRepo;
  unit: Unit<{ branding: BrandingRepo; events: EventJournal }>;
  clock: Clock;
  /** Logo URLs in API answers are absolute, under the issuer. */
  issuer: string;
  /** The shared directory version (null: nothing is cached) and the cache's age bound. */
  version: Pick<DirectoryVersion, "read"> | null;
  maxAgeMs: number;
}

/** A PUT: absent keeps a field, null clears it (an application's override then inherits). */
export interface BrandingInput {
  displayName?: string | null;
  primaryColor?: string | null;
  supportUrl?: string | null;
  /** A `data:` URL of a PNG, JPEG or WebP of at most 64 KiB. */
  logo?: string | null;
  /** Tenant only. */
  newDeviceAlert?: boolean;
}

/** A record as the API shows it. */
export interface BrandingView {
  displayName: string | null;
  primaryColor: string | null;
  supportUrl: string | null;
  /** The logo's content-addressed URL under the issuer (`…/pages/logos/<tenant>/<sha256>`), or null. */
  logoUrl: string | null;
}

/** What a page or a mail shows: the tenant's branding with the application's fields over it. */
export interface EffectiveBrand {
  tenantId: number;
  displayName?: string;
  primaryColor?: string;
  supportUrl?: string;
  logo?: { path: string; hash: string };
  newDeviceAlert: boolean;
}

const isLoopback = (host: string) => host === "localhost" || host === "127.0.0.1" || host === "[::1]";

/** The colour refused, with the rule it breaks (docs/branding.md), or undefined when it is usable. */
export function colourProblem(color: string): string | undefined {
  const best = Math.max(contrast(color, LIGHT_TEXT), contrast(color, DARK_TEXT));
  if (best >= MIN_TEXT_CONTRAST) return undefined;
  return `neither white nor black text is readable on ${color} (best contrast ${best.toFixed(2)}:1, at least ${MIN_TEXT_CONTRAST}:1 is needed for button labels): choose a darker or a lighter shade`;
}

/** Decodes and checks a logo `data:` URL: the bytes' own type must be PNG, JPEG or WebP, at most 64 KiB. */
export async function readLogo(dataUrl: string): Promise<StoredLogo | string> {
  const m = /^data:([^,;]*)(?:;[^,;=]+=[^,;]*)*;base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl.trim());
  if (!m) return "must be a data: URL with base64 content (data:image/png;base64,…)";
  // Checked before decoding: base64 is 4/3 of the bytes.
  if (m[2].length > Math.ceil(LOGO_MAX_BYTES / 3) * 4) return `must be at most ${LOGO_MAX_BYTES / 1024} KiB`;
  const bytes = new Uint8Array(Buffer.from(m[2], "base64"));
  if (bytes.length === 0) return "is empty";
  if (bytes.length > LOGO_MAX_BYTES) return `must be at most ${LOGO_MAX_BYTES / 1024} KiB`;
  const sniffed = await fileTypeFromBuffer(bytes);
  if (!sniffed || !(LOGO_TYPES as readonly string[]).includes(sniffed.mime))
    return `must be a PNG, JPEG or WebP image (the bytes are ${sniffed ? sniffed.mime : "not an image of a known type"}; SVG is not accepted)`;
  return { contentType: sniffed.mime, bytes };
}

function checkText(errors: FieldError[], input: BrandingInput) {
  if (input.displayName != null) {
    const name = input.displayName.trim();
    if (!name || name.length > 100)
      errors.push({ field: "displayName", message: "must be 1 to 100 characters (null clears it)" });
  }
  if (input.primaryColor != null) {
    if (!/^#[0-9a-fA-F]{6}$/.test(input.primaryColor))
      errors.push({ field: "primaryColor", message: "must be a colour in the form #rrggbb" });
    else {
      const problem = colourProblem(input.primaryColor.toLowerCase());
      if (problem) errors.push({ field: "primaryColor", message: problem });
    }
  }
  if (input.supportUrl != null) {
    let url: URL | null = null;
    try {
      url = new URL(input.supportUrl);
    } catch {}
    const ok =
      url !== null &&
      input.supportUrl.length <= 2000 &&
      !url.username &&
      !url.password &&
      (url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url.hostname)));
    if (!ok) errors.push({ field: "supportUrl", message: "must be an https URL (http only on loopback)" });
  }
}

export function createBrandingService(deps: BrandingDeps) {
  const cache = createDirectoryCache<EffectiveBrand>(deps.version, {
    maxAgeMs: deps.maxAgeMs,
    now: () => deps.clock.now().getTime(),
    maxEntries: 2000,
  });

  const viewOf = (r: BrandingRecord | null): BrandingView => ({
    displayName: r?.displayName ?? null,
    primaryColor: r?.primaryColor ?? null,
    supportUrl: r?.supportUrl ?? null,
    logoUrl: r?.logoHash ? `${deps.issuer}${LOGO_PATH}${r.tenantId}/${r.logoHash}` : null,
  });

  async function load(tenantId: number, applicationId: number | null): Promise<EffectiveBrand> {
    const [tenant, app] = await Promise.all([
      deps.branding.get(tenantId, null),
      applicationId ? deps.branding.get(tenantId, applicationId) : null,
    ]);
    const pick = <K extends "displayName" | "primaryColor" | "supportUrl" | "logoHash">(k: K) =>
      app?.[k] ?? tenant?.[k] ?? undefined;
    const hash = pick("logoHash");
    return {
      tenantId,
      displayName: pick("displayName"),
      primaryColor: pick("primaryColor"),
      supportUrl: pick("supportUrl"),
      logo: hash ? { hash, path: `${LOGO_PATH}${tenantId}/${hash}` } : undefined,
      newDeviceAlert: tenant?.newDeviceAlert ?? false,
    };
  }

  /**
   * The branding a page or mail of `tenantId` shows (the application's override over the tenant's),
   * from the directory cache. Never throws for a tenant without branding: the defaults apply.
   */
  function effective(tenantId: number, applicationId: number | null): Promise<EffectiveBrand> {
    return cache.get(`${tenantId}:${applicationId ?? ""}`, () => load(tenantId, applicationId));
  }

  /** The tenant the caller acts on: its own, or `?tenantId=` for a platform administrator (another tenant's id: 404). */
  async function tenantScope(p: Principal, tenantId?: number) {
    requirePermission(p, "ORG_MANAGE");
    const id = tenantId ?? p.tenantId;
    if (id !== p.tenantId && !p.platformAdmin) throw notFound("Tenant");
    const root = await deps.orgs.root(id);
    if (!root) throw notFound("Tenant");
    requireReach(p, root, "Tenant");
    return root;
  }

  async function appScope(p: Principal, applicationId: number) {
    requirePermission(p, "ORG_MANAGE");
    const app = await deps.apps.get(tenantOf(p), applicationId);
    if (!app) throw notFound("Application");
    const org = await deps.orgs.get(app.tenantId, app.organizationId);
    requireReach(p, org, "Application");
    return { app, org };
  }

  /** The caller's tenant's branding (ORG_MANAGE reaching the tenant root; a platform administrator may name a tenant). */
  async function getTenant(p: Principal, tenantId?: number) {
    const root = await tenantScope(p, tenantId);
    const r = await deps.branding.get(root.tenantId, null);
    return { ...viewOf(r), newDeviceAlert: r?.newDeviceAlert ?? false };
  }

  /** An application's override (null fields inherit) and what its pages show. */
  async function getApp(p: Principal, applicationId: number) {
    const { app } = await appScope(p, applicationId);
    const r = await deps.branding.get(app.tenantId, app.id);
    const e = await load(app.tenantId, app.id);
    return {
      ...viewOf(r),
      effective: {
        displayName: e.displayName ?? null,
        primaryColor: e.primaryColor ?? null,
        supportUrl: e.supportUrl ?? null,
        logoUrl: e.logo ? `${deps.issuer}${e.logo.path}` : null,
      },
    };
  }

  /** Validates `input` and merges it into `before` (absent keeps, null clears); a new logo is returned to be kept. */
  async function merge(
    before: BrandingRecord | null,
    input: BrandingInput,
    base: { tenantId: number; applicationId: number | null },
  ): Promise<{ record: BrandingRecord; logo: { hash: string; stored: StoredLogo } | null; changed: string[] }> {
    const errors: FieldError[] = [];
    checkText(errors, input);
    let logo: { hash: string; stored: StoredLogo } | null = null;
    if (typeof input.logo === "string") {
      const read = await readLogo(input.logo);
      if (typeof read === "string") errors.push({ field: "logo", message: read });
      else logo = { hash: new Bun.CryptoHasher("sha256").update(read.bytes).digest("hex"), stored: read };
    }
    if (errors.length) throw validation("The branding was not saved: see errors.", errors);
    const keep = <T>(v: T | undefined, old: T | null | undefined): T | null => (v === undefined ? (old ?? null) : v);
    const record: BrandingRecord = {
      ...base,
      displayName: keep(
        input.displayName === undefined ? undefined : (input.displayName?.trim() ?? null),
        before?.displayName,
      ),
      primaryColor: keep(
        input.primaryColor === undefined ? undefined : (input.primaryColor?.toLowerCase() ?? null),
        before?.primaryColor,
      ),
      supportUrl: keep(input.supportUrl, before?.supportUrl),
      logoHash: input.logo === undefined ? (before?.logoHash ?? null) : (logo?.hash ?? null),
      newDeviceAlert: base.applicationId ? null : (input.newDeviceAlert ?? before?.newDeviceAlert ?? false),
      updatedAt: deps.clock.now(),
    };
    const changed = (["displayName", "primaryColor", "supportUrl", "logoHash", "newDeviceAlert"] as const).filter(
      (k) => (record[k] ?? null) !== (before?.[k] ?? null),
    );
    return { record, logo, changed };
  }

  async function save(
    p: Principal,
    org: { id: number; path: string },
    merged: Awaited<ReturnType<typeof merge>>,
  ): Promise<BrandingRecord> {
    const { record, logo, changed } = merged;
    return deps.unit("branding.update", ["branding", "events"], async ({ branding, events }) => {
      if (logo) await branding.putLogo(record.tenantId, logo.hash, logo.stored);
      const saved = await branding.put(record);
      await events.record({
        type: "branding.updated",
        tenantId: record.tenantId,
        org,
        actor: actorOf(p),
        data: {
          applicationId: record.applicationId,
          changed: changed.map((k) => (k === "logoHash" ? "logo" : k)),
          logoHash: record.logoHash,
          primaryColor: record.primaryColor,
        },
      });
      return saved;
    });
  }

  /** Saves the tenant's branding (audited `branding.updated`); a bad field is 400 naming it. */
  async function putTenant(p: Principal, input: BrandingInput, tenantId?: number) {
    const root = await tenantScope(p, tenantId);
    const before = await deps.branding.get(root.tenantId, null);
    const saved = await save(p, root, await merge(before, input, { tenantId: root.tenantId, applicationId: null }));
    return { ...viewOf(saved), newDeviceAlert: saved.newDeviceAlert ?? false };
  }

  /** Saves an application's override (audited `branding.updated` with its id). */
  async function putApp(p: Principal, applicationId: number, input: Omit<BrandingInput, "newDeviceAlert">) {
    const { app, org } = await appScope(p, applicationId);
    const before = await deps.branding.get(app.tenantId, app.id);
    const { newDeviceAlert: _ignored, ...fields } = input as BrandingInput;
    await save(p, org, await merge(before, fields, { tenantId: app.tenantId, applicationId: app.id }));
    return getApp(p, applicationId);
  }

  /** A logo's bytes for its content-addressed URL (public: pages show it before anyone signs in). */
  async function logo(tenantId: number, hash: string): Promise<StoredLogo | null> {
    if (!/^[0-9a-f]{64}$/.test(hash)) return null;
    return deps.branding.getLogo(tenantId, hash);
  }

  return { effective, getTenant, getApp, putTenant, putApp, logo };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
