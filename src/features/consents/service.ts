/**
 * The person's consents (CONTRACT §13, `/api/users/me/consents`): listing what they consented to,
 * and withdrawing one, which ends their refresh families of that client.
 */
import { notFound } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import type { UserRepo } from "../../kernel/users";
import type { ClientDirectory } from "../clients";
import type { EventJournal } from "../events";
import type { OrgRepo } from "../orgs";
import type { SessionCaller, SessionEnding } from "../sessions";
import type { ConsentRepo } from "./ports";

/** One consent as the person sees it: the client by name, every scope granted so far. */
export interface ConsentEntry {
  clientId: string;
  applicationId: number | null;
  name: string;
  scopes: string[];
  grantedAt: Date;
}

export interface ConsentServiceDeps {
  consents: Pick<ConsentRepo, "listByUser">;
  /** Client names and applications in the list. */
  directory: Pick<ClientDirectory, "resolve">;
  /** The audit entry's org: the user's home org. */
  users: Pick<UserRepo, "get">;
  orgs: Pick<OrgRepo, "get">;
  /** Withdrawing a consent: one unit with its `consent.withdrawn` event. */
  unit: Unit<{ consents: ConsentRepo; events: EventJournal }>;
  /** The client's refresh families end with the consent. */
  ending: Pick<SessionEnding, "endClientFamilies">;
}

/** The person's consents: list, and withdraw (the client's refresh families end with it). */
export function createConsentService(deps: ConsentServiceDeps) {
  /** The caller's consents to third-party clients, by client id. */
  async function listConsents(caller: SessionCaller): Promise<ConsentEntry[]> {
    const list = await deps.consents.listByUser(caller.tenantId, caller.userId);
    const out: ConsentEntry[] = [];
    for (const c of list) {
      const r = await deps.directory.resolve(c.clientId);
      out.push({
        clientId: c.clientId,
        applicationId: r?.client.applicationId ?? null,
        name: r?.client.name ?? c.clientId,
        scopes: [...c.scopes],
        grantedAt: c.grantedAt,
      });
    }
    return out;
  }

  /**
   * Withdraws the caller's consent to `clientId` (404 when there is none) in one unit with
   * `consent.withdrawn`; the client's refresh families of the caller end with it (the next
   * authorization asks again).
   */
  async function withdrawConsent(caller: SessionCaller, clientId: string): Promise<void> {
    const user = await deps.users.get(caller.tenantId, caller.userId);
    const home = user ? await deps.orgs.get(caller.tenantId, user.organizationId) : null;
    const org = home ? { id: home.id, path: home.path } : null;
    await deps.unit("consents.withdraw", ["consents", "events"], async ({ consents, events }) => {
      if (!(await consents.revoke(caller.tenantId, caller.userId, clientId))) throw notFound("Consent");
      await events.record({
        type: "consent.withdrawn",
        tenantId: caller.tenantId,
        org,
        actor: { userId: caller.userId, ip: caller.ip },
        target: { userId: caller.userId },
        data: { clientId },
      });
    });
    await deps.ending.endClientFamilies(caller.tenantId, caller.userId, clientId, {
      actor: { userId: caller.userId, ip: caller.ip },
      via: "consent",
    });
  }

  return { listConsents, withdrawConsent };
}

export type ConsentService = ReturnType<typeof createConsentService>;
