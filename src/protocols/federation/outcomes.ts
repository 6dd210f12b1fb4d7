/**
 * What every upstream protocol (OIDC, SAML) does once the upstream's answer is verified, and the
 * pages of a refused answer (CONTRACT §16): the account under the rules of
 * features/connections/sign-in.ts (link or JIT), a refusal recorded (`federation.refused`) and
 * shown as its page, or the journey finished with a federated proof (`amr` `fed`, plus the
 * upstream's own methods where it names them).
 */
import type { Clock } from "../../kernel/clock";
import type { ProvenPerson } from "../../kernel/proven-person";
import type {
  Connection,
  ConnectionKind,
  ConnectionRepo,
  EnterpriseSignIn,
  UpstreamPerson,
} from "../../features/connections";
import type { DomainEvent } from "../../features/events";
import type { BrowserContext, JourneyOutcome, JourneyService } from "../../features/journey";

/** An invalid upstream answer: the error page, with what failed for the operator's log. */
export const invalid = (check: string, value?: string): JourneyOutcome => ({
  kind: "error_page",
  page: "upstream_invalid",
  error: { error: "invalid_request", description: "The identity provider's answer was refused." },
  check,
  value: value?.slice(0, 200),
});

/** RFC 8176 §2: the `amr` values an upstream may name that we carry into our own `amr` (others are dropped). */
export const RFC8176 = new Set([
  "face",
  "fpt",
  "geo",
  "hwk",
  "iris",
  "kba",
  "mca",
  "mfa",
  "otp",
  "pin",
  "pop",
  "pwd",
  "rba",
  "retina",
  "sc",
  "sms",
  "swk",
  "tel",
  "user",
  "vbm",
  "wia",
]);

/**
 * The start of an upstream sign-in: the journey of `handle` still open, and connection
 * `connectionId` enabled, of `kind`, and of a tenant the journey's client serves (a handle of
 * tenant A never goes to B's provider). Answers the connection, or the page to show instead.
 */
export async function startingAt(
  deps: {
    journey: Pick<JourneyService, "open" | "entryOf" | "expired">;
    connections: Pick<ConnectionRepo, "get">;
  },
  kind: ConnectionKind,
  connectionId: number,
  handle: string | null,
): Promise<{ c: Connection; handle: string } | { outcome: JourneyOutcome }> {
  const s = deps.journey.open(handle);
  if (!s || !handle) return { outcome: deps.journey.expired() };
  const entry = await deps.journey.entryOf(handle);
  if (!entry) return { outcome: deps.journey.expired() };
  const c = await deps.connections.get("any", connectionId);
  if (!c || !c.enabled || c.kind !== kind || !c[kind]) return { outcome: invalid("connection", String(connectionId)) };
  if (!entry.serves(c.tenantId)) return { outcome: invalid("connection of another tenant", String(connectionId)) };
  return { c, handle };
}

export interface UpstreamFinishDeps {
  clock: Clock;
  journey: Pick<JourneyService, "finishUpstream">;
  enterprise: Pick<EnterpriseSignIn, "resolveAccount">;
  record(e: DomainEvent): Promise<void>;
}

/**
 * The end of an upstream sign-in whose answer was verified: the account `person` stands for
 * (linked or created, CONTRACT §16 "Accounts"), then the journey of `handle` finished with the
 * proof `fed:<connection>` and the upstream's RFC 8176 `methods`; or the refusal's page.
 */
export async function finishVerified(
  deps: UpstreamFinishDeps,
  c: Connection,
  handle: string,
  person: UpstreamPerson,
  methods: unknown,
  browser: BrowserContext,
): Promise<JourneyOutcome> {
  const account = await deps.enterprise.resolveAccount(c, person, browser.ip);
  if (!account.ok) {
    await deps.record({
      type: "federation.refused",
      tenantId: c.tenantId,
      org: null,
      actor: { ip: browser.ip },
      target: {},
      data: { connectionId: c.id, subject: person.subject, reason: account.refusal },
    });
    return {
      kind: "error_page",
      page:
        account.refusal === "no_account"
          ? "upstream_no_account"
          : account.refusal === "not_linkable"
            ? "upstream_not_linkable"
            : "upstream_refused",
      error: { error: "access_denied", description: account.detail },
      check: "account",
      value: account.refusal,
    };
  }
  const proven: ProvenPerson = {
    user: account.user,
    methods: [
      `fed:${c.id}`,
      ...(Array.isArray(methods) ? [...new Set(methods)] : [])
        .filter((m): m is string => typeof m === "string" && RFC8176.has(m))
        .map((m) => `upstream:${m}` as const),
    ],
    at: deps.clock.now(),
  };
  return deps.journey.finishUpstream(handle, proven, browser);
}
