/**
 * Starting, resuming and raising the browser session (cookie `sso_session`; CONTRACT §12 "Sign-in
 * session", "Step-up"): a person proven on the pages starts one (audited, their language saved,
 * the browser checked for the new-device alert); a further factor raises it in place.
 */
import type { Clock } from "../../kernel/clock";
import { proofLabel, type ProofMethod, type ProvenPerson } from "../../kernel/proven-person";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { TenantScope } from "../../kernel/tenancy";
import type { Unit } from "../../kernel/unit";
import type { User, UserRepo } from "../../kernel/users";
import type { DomainEvent, EventJournal } from "../events";
import type { OrgRepo } from "../orgs";
import type { createDeviceCheck } from "./device";
import type { BrowserSession, BrowserSessionStore, EndContext } from "../sessions";
import type { BrowserContext, CookieChange, JourneyEntry } from "./seam";
import { resumeFromCookie, writeSessionCookie } from "../sessions";

/** CONTRACT §12: a browser session ends after 24 h without use, and 14 days after the sign-in at the latest. */
export const SIGN_IN_IDLE_SECONDS = 24 * 3600;
export const SIGN_IN_ABSOLUTE_SECONDS = 14 * 24 * 3600;

/**
 * RFC 8176 `amr` values of the proofs given (a recovery code is a one-time code: `otp`; a passkey
 * with user verification is a hardware key and the user's own gesture: `hwk` and `user`, CONTRACT §14).
 */
export function amrOf(methods: readonly ProofMethod[]): string[] {
  const out = new Set<string>();
  for (const m of methods) {
    if (m === "password") out.add("pwd");
    else if (m === "totp" || m === "recovery") out.add("otp");
    else if (m.startsWith("fed:")) out.add("fed");
    else if (m.startsWith("upstream:")) out.add(m.slice("upstream:".length));
    else if (m === "passkey") {
      out.add("hwk");
      out.add("user");
    }
  }
  // Two proofs given here make `mfa`; the upstream's own methods say so themselves when they do.
  if (methods.filter((m) => !m.startsWith("upstream:")).length > 1) out.add("mfa");
  return [...out];
}

export interface BrowserSessionDeps {
  clock: Clock;
  signIns: BrowserSessionStore;
  orgs: Pick<OrgRepo, "get">;
  /** Saving a person's language: one unit with its event. */
  unit: Unit<{ users: UserRepo; events: EventJournal }>;
  /** Records an event that changes nothing else (units.record). */
  record(e: DomainEvent): Promise<void>;
  device: Pick<ReturnType<typeof createDeviceCheck>, "check">;
  /**
   * Ends the browser's previous session when another person signs in in this browser (the
   * sessions feature's `endSignIn`: its refresh families end and its clients are told).
   */
  endPrevious(tenantId: number, sid: string, ctx: EndContext): Promise<unknown>;
}

export function createBrowserSessions(deps: BrowserSessionDeps) {
  const now = () => deps.clock.now();

  /** A proof given on the pages for browser session `sid` (a sign-in, or a step-up), audited. */
  async function recordProof(
    type: "auth.login.succeeded" | "auth.login.stepped_up",
    person: ProvenPerson,
    entry: JourneyEntry,
    browser: BrowserContext,
    sid: string,
  ): Promise<void> {
    const org = await deps.orgs.get(person.user.tenantId, person.user.organizationId);
    await deps.record({
      type,
      tenantId: person.user.tenantId,
      org,
      actor: { ip: browser.ip },
      target: { userId: person.user.id },
      data: { method: proofLabel(person.methods), via: "pages", clientId: entry.clientId, sid },
    });
  }

  /** The language a person signed in with becomes their saved choice (CONTRACT §15), audited when it changes. */
  async function rememberLocale(user: User, locale: string | null | undefined): Promise<void> {
    if (!locale || !/^(en|de)$/.test(locale) || user.locale === locale) return;
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    await deps.unit("users.locale", ["users", "events"], async ({ users, events }) => {
      await users.update(user.tenantId, user.id, { locale });
      await events.record({
        type: "user.locale_changed",
        tenantId: user.tenantId,
        org,
        actor: { userId: user.id },
        target: { userId: user.id },
        data: { locale, via: "pages" },
      });
    });
  }

  /**
   * Starts the browser session of a person proven on the pages and records the sign-in. One browser
   * holds one session (issue 37 item 8): when it already holds a live one, the same person proving
   * themselves again (`prompt=login`, `max_age`) renews it in place (its `amr` and `auth_time` are
   * the new proof's; the same sid, so the person's other applications stay signed in), and another
   * person's is ended first (its applications are told) before a new one starts.
   */
  async function start(
    person: ProvenPerson,
    entry: JourneyEntry,
    browser: BrowserContext,
  ): Promise<{ session: BrowserSession; cookies: CookieChange }> {
    const at = now();
    const previous = await resume(entry.scope, browser.sessionCookie);
    if (previous && previous.tenantId === person.user.tenantId && previous.userId === person.user.id) {
      const renewed = await deps.signIns.raise(previous.tenantId, previous.sid, amrOf(person.methods), person.at, at);
      if (renewed) {
        await recordProof("auth.login.succeeded", person, entry, browser, renewed.sid);
        await rememberLocale(person.user, browser.locale);
        const device = await deps.device.check(person.user, entry.applicationId, browser, at);
        return { session: renewed, cookies: device ? { device } : {} };
      }
    } else if (previous) {
      await deps.endPrevious(previous.tenantId, previous.sid, {
        actor: { userId: person.user.id, ip: browser.ip },
        via: "replaced",
      });
    }
    const sid = randomToken(16);
    const secret = randomToken(32);
    const absolute = new Date(at.getTime() + SIGN_IN_ABSOLUTE_SECONDS * 1000);
    const record = {
      sid,
      tenantId: person.user.tenantId,
      userId: person.user.id,
      authTime: person.at,
      amr: amrOf(person.methods),
      idleSeconds: SIGN_IN_IDLE_SECONDS,
      idleExpiresAt: new Date(Math.min(at.getTime() + SIGN_IN_IDLE_SECONDS * 1000, absolute.getTime())),
      absoluteExpiresAt: absolute,
      createdAt: at,
      ipAddress: browser.ip,
      userAgent: browser.userAgent ? browser.userAgent.slice(0, 512) : null,
    };
    await deps.signIns.create(record, sha256Hex(secret));
    await recordProof("auth.login.succeeded", person, entry, browser, sid);
    await rememberLocale(person.user, browser.locale);
    const device = await deps.device.check(person.user, entry.applicationId, browser, at);
    return {
      session: { ...record, clients: [], lastUsedAt: at },
      cookies: {
        session: { value: writeSessionCookie(record, secret), maxAgeSeconds: SIGN_IN_ABSOLUTE_SECONDS },
        ...(device ? { device } : {}),
      },
    };
  }

  /**
   * Step-up: raises the browser's session `sid` with a further proof of the same person (its `amr`
   * gains the factor and `mfa`, its `auth_time` moves to the proof's; the same sid, so every
   * client of the session keeps it) and records it. Null when the browser's session is no longer
   * that one, or is another person's.
   */
  async function raise(
    person: ProvenPerson,
    sid: string,
    entry: JourneyEntry,
    browser: BrowserContext,
  ): Promise<BrowserSession | null> {
    const current = await resume(entry.scope, browser.sessionCookie);
    const raised =
      current && current.sid === sid && current.userId === person.user.id
        ? await deps.signIns.raise(
            current.tenantId,
            current.sid,
            [...new Set([...current.amr, ...amrOf(person.methods), "mfa"])],
            person.at,
            now(),
          )
        : null;
    if (!raised) return null;
    await recordProof("auth.login.stepped_up", person, entry, browser, raised.sid);
    return raised;
  }

  /** The browser's live session for a request of `scope` (its `sso_session` cookie), its idle window slid. */
  const resume = (scope: TenantScope, cookie: string | null | undefined) =>
    resumeFromCookie(deps.signIns, scope, cookie, now());

  return { start, raise, resume };
}

export type BrowserSessions = ReturnType<typeof createBrowserSessions>;
