/**
 * What passkey registration, management and sign-in share (CONTRACT §14): their dependencies, the
 * API's view of a passkey, the name rule and the active-user lookup.
 */
import type { Principal } from "../../kernel/authz";
import type { Clock } from "../../kernel/clock";
import { notFound, validation } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import type { User, UserRepo } from "../../kernel/users";
import type { AudienceResolver } from "../apps";
import type { DomainEvent, EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs";
import type { SessionService } from "../sessions";
import type { CounterStore } from "../sessions/ports";
import type { Passkey, PasskeyRepo } from "./ports";

/**
 * @simplewebauthn/server, loaded at the first passkey ceremony: ~6 MiB resident that an instance
 * whose users never register a passkey does not hold (docs/performance.md "Memory").
 */
let webauthn: Promise<typeof import("@simplewebauthn/server")> | undefined;
export const webauthnLib = () => (webauthn ??= import("@simplewebauthn/server"));

/** What the passkey service needs; each of its jobs takes the part it uses. */
export interface PasskeyServiceDeps {
  passkeys: PasskeyRepo;
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "get">;
  unit: Unit<{ passkeys: PasskeyRepo; events: EventJournal }>;
  record(e: DomainEvent): Promise<void>;
  clock: Clock;
  /** Shared by every instance: spends attempts once. */
  counters: CounterStore;
  /** The per-IP sign-in limit of the auth feature. */
  limitIp(bucket: string, ip: string | null, perMinute: number): Promise<void>;
  loginPerIpPerMinute: number;
  sessions: Pick<SessionService, "signIn">;
  audiences: AudienceResolver;
  /** The relying party: its id (a registrable domain of the issuer's host), name and allowed origins. */
  rpId: string;
  rpName: string;
  origins: string[];
  /** At least 32 bytes shared by every instance (derived from the master key): signs attempts. */
  attemptKey: Uint8Array;
  /** The users feature's check that the caller may act on another user (reach + no takeover). */
  reachableUser(p: Principal, id: number): Promise<{ user: User; org: Org }>;
}

/** The signed-in person managing their own passkeys. */
export interface PasskeyCaller {
  userId: number;
  tenantId: number;
  orgId: number;
  orgPath: string;
  ip: string | null;
}

/** A passkey as the API shows it. */
export interface PasskeyView {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  backedUp: boolean;
}

export const viewOf = (p: Passkey): PasskeyView => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt,
  lastUsedAt: p.lastUsedAt,
  backedUp: p.backedUp,
});

/** A passkey's name, trimmed; at most 100 characters (400 beyond). */
export const cleanName = (name: string | undefined) => {
  const n = (name ?? "").trim();
  if (n.length > 100) throw validation("name: at most 100 characters", [{ field: "name", message: "too long" }]);
  return n;
};

/** The user when active; 404 otherwise. */
export async function activeUser(users: Pick<UserRepo, "get">, tenantId: number, userId: number): Promise<User> {
  const user = await users.get(tenantId, userId);
  if (!user || user.status !== "ACTIVE") throw notFound("User");
  return user;
}
