/**
 * TOTP second factor (SPEC 4.9; CONTRACT §4, §11) with otplib: enrolment (begin → confirm with a
 * valid code → 10 single-use recovery codes), disable, and the code check used by sign-in. The
 * secret is sealed at rest; each TOTP time step is accepted once (one step of drift either side);
 * recovery codes are stored as SHA-256 hashes (they carry 80 random bits: no slow hash needed).
 */
import { generateSecret, generateURI, verify } from "otplib";
import type { Clock } from "../../kernel/clock";
import type { CryptoBox } from "../../kernel/crypto-box";
import { DomainError, conflict, notFound } from "../../kernel/errors";
import { sha256Hex } from "../../kernel/secrets";
import type { Unit } from "../../kernel/unit";
import type { DomainEvent, EventJournal } from "../events";
import type { UserRepo } from "../../kernel/users";
import type { MfaRepo } from "./ports";

export const RECOVERY_CODE_COUNT = 10;
export const TOTP_PERIOD = 30;

export interface MfaServiceDeps {
  users: Pick<UserRepo, "get">;
  mfa: MfaRepo;
  unit: Unit<{ mfa: MfaRepo; events: EventJournal }>;
  box: CryptoBox;
  clock: Clock;
  /** The name authenticator apps show above the account: the tenant's brand name, else the issuer's host. */
  issuerName(tenantId: number): Promise<string>;
}

/** The caller of /api/mfa/** (a management token: CONTRACT §2, the gate decided). */
export interface MfaCaller {
  userId: number;
  tenantId: number;
  orgId: number;
  orgPath: string;
  ip: string | null;
}

/** Recovery codes are shown as `xxxx-xxxx-xxxx-xxxx`; matching ignores case, spaces and hyphens. */
const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");
const newRecoveryCode = () => {
  const hex = Buffer.from(crypto.getRandomValues(new Uint8Array(8))).toString("hex");
  return hex.match(/.{4}/g)!.join("-");
};

export function createMfaService(deps: MfaServiceDeps) {
  const event = (c: MfaCaller, type: string, data: Record<string, unknown> = {}): DomainEvent => ({
    type,
    tenantId: c.tenantId,
    org: { id: c.orgId, path: c.orgPath },
    actor: { userId: c.userId, ip: c.ip },
    target: { userId: c.userId },
    data,
  });

  async function stateOf(c: MfaCaller) {
    const user = await deps.users.get(c.tenantId, c.userId);
    const state = await deps.mfa.get(c.tenantId, c.userId);
    if (!user || !state || user.status !== "ACTIVE") throw notFound("User");
    return { user, state };
  }

  /** The TOTP step `code` belongs to (current, or one either side), or null. `afterStep` refuses replays. */
  async function matchStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    const epoch = Math.floor(deps.clock.now().getTime() / 1000);
    const r = await verify({
      secret,
      token: code,
      epoch,
      period: TOTP_PERIOD,
      epochTolerance: TOTP_PERIOD,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    return r.valid && "timeStep" in r ? r.timeStep : null;
  }

  /**
   * Starts (or restarts) enrolment: a new secret, sealed, not active until confirmed. Answers the
   * otpauth:// URI (issuer = the tenant's brand name or this service's host, label = the account's
   * email) to show as a QR code.
   * 409 when MFA is already on (disable it first).
   */
  async function begin(c: MfaCaller): Promise<{ otpAuthUri: string }> {
    const { user, state } = await stateOf(c);
    if (state.enabled)
      throw conflict("Two-factor authentication is already on. Disable it first to enrol a new authenticator.");
    const secret = generateSecret();
    await deps.mfa.begin(user.id, await deps.box.seal(secret));
    return {
      otpAuthUri: generateURI({
        issuer: await deps.issuerName(c.tenantId),
        label: user.email,
        secret,
        period: TOTP_PERIOD,
      }),
    };
  }

  /** Confirms enrolment with a current code: MFA on, 10 recovery codes answered once (stored hashed). */
  async function confirm(c: MfaCaller, code: string): Promise<{ recoveryCodes: string[] }> {
    const { user, state } = await stateOf(c);
    if (state.enabled) throw conflict("Two-factor authentication is already on.");
    if (!state.secretEnc) throw conflict("Start enrolment first: POST /api/mfa/setup/begin.");
    const step = await matchStep(await deps.box.open(state.secretEnc), code.trim(), null);
    if (step === null)
      throw new DomainError(
        "MFA_INVALID_CODE",
        "That code does not match the authenticator. Check the device's clock and enter the current 6-digit code.",
      );
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await deps.unit("mfa.enable", ["mfa", "events"], async ({ mfa, events }) => {
      await mfa.enable(
        user.id,
        step,
        codes.map((x) => sha256Hex(normalizeRecovery(x))),
      );
      await events.record(event(c, "mfa.enabled", { recoveryCodes: RECOVERY_CODE_COUNT }));
    });
    return { recoveryCodes: codes };
  }

  /** Turns MFA off (sessions stay). Idempotent. */
  async function disable(c: MfaCaller): Promise<void> {
    const { user, state } = await stateOf(c);
    if (!state.enabled && !state.secretEnc) return;
    await deps.unit("mfa.disable", ["mfa", "events"], async ({ mfa, events }) => {
      await mfa.disable(user.id);
      if (state.enabled) await events.record(event(c, "mfa.disabled"));
    });
  }

  /**
   * Checks a sign-in's second factor for `userId`: a TOTP of the current step or one either side,
   * never a step already used, or an unused recovery code (spent by this call). True when accepted.
   */
  async function check(
    userId: number,
    tenantId: number,
    code: string,
  ): Promise<{ ok: boolean; via?: "totp" | "recovery" }> {
    const state = await deps.mfa.get(tenantId, userId);
    if (!state?.enabled || !state.secretEnc) return { ok: false };
    const clean = code.trim();
    if (/^\d{6}$/.test(clean)) {
      const step = await matchStep(await deps.box.open(state.secretEnc), clean, state.lastStep);
      return step !== null && (await deps.mfa.useStep(userId, step)) ? { ok: true, via: "totp" } : { ok: false };
    }
    const norm = normalizeRecovery(clean);
    if (!/^[0-9a-f]{16}$/.test(norm)) return { ok: false };
    return (await deps.mfa.useRecoveryCode(userId, sha256Hex(norm), deps.clock.now()))
      ? { ok: true, via: "recovery" }
      : { ok: false };
  }

  return { begin, confirm, disable, check };
}

export type MfaService = ReturnType<typeof createMfaService>;
