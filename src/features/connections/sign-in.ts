/**
 * Signing people in through their organization's own provider (CONTRACT §16 "Finding the
 * provider", "Accounts"): which connection serves an email (home-realm discovery), who may no
 * longer use a password (`ssoRequired`), and the account an upstream's answer stands for. Shared by
 * every upstream protocol (OIDC and SAML), so it lives here and not in a protocol.
 *
 * The account rules, in order (no email alone ever names an account: "nOAuth"):
 * 1. (connection, upstream subject) already linked: that user;
 * 2. else an existing user with that email is linked only when they are of the connection's tenant,
 *    the upstream says it verified the email, and its domain is one of the connection's domains,
 *    verified for that tenant (never a platform administrator);
 * 3. else, with `jit.enabled` and an email of the connection's verified domains (the organization's
 *    own provider vouches for its own domain; no existing account is touched), a user is created in the connection's organization (with
 *    `jit.roleId` there), `emailVerified` true, and linked;
 * 4. else a refusal the page explains.
 * Disabled users and suspended organizations are refused whichever rule found them.
 */
import type { Clock } from "../../kernel/clock";
import { normalizeEmail } from "../../kernel/email";
import { ConflictError } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import type { User, UserRepo } from "../../kernel/users";
import type { DomainRepo } from "../domains";
import type { EventJournal } from "../events";
import type { OrgRepo } from "../orgs/ports";
import type { RoleRepo } from "../roles";
import type { Connection, ConnectionRepo, ExternalIdentityRepo } from "./ports";

export interface EnterpriseSignInDeps {
  connections: Pick<ConnectionRepo, "get" | "listByTenant" | "listByDomain">;
  domains: Pick<DomainRepo, "get">;
  externalIdentities: Pick<ExternalIdentityRepo, "find">;
  users: Pick<UserRepo, "findByEmail" | "get">;
  orgs: Pick<OrgRepo, "get" | "isBlocked">;
  /** Linking and JIT creation: one unit with their events. */
  unit: Unit<{ externalIdentities: ExternalIdentityRepo; users: UserRepo; roles: RoleRepo; events: EventJournal }>;
  clock: Clock;
  /** Whether `user` is a platform administrator (they keep their password, CONTRACT §16). */
  isPlatformAdmin(user: User): Promise<boolean>;
}

/** What an upstream asserted about the person, once its answer was verified. */
export interface UpstreamPerson {
  /** The upstream's stable subject (`sub`, or the SAML NameID). */
  subject: string;
  email: string | null;
  /** The upstream says it verified the mailbox (OIDC `email_verified`); a SAML assertion from a bound IdP counts. */
  emailVerified: boolean;
  name: string | null;
}

/** Why an upstream's person cannot sign in here (each a page of its own). */
export type AccountRefusal =
  /** No link, no matching account that may be linked, and no JIT. */
  | "no_account"
  /** The email belongs to an account this connection may not take (another tenant or domain, a platform administrator). */
  | "not_linkable"
  | "disabled"
  | "org_suspended";

export type AccountOutcome =
  | { ok: true; user: User; how: "linked" | "link_created" | "jit_created" }
  | { ok: false; refusal: AccountRefusal; detail: string };

/** The domain part of an email, lower-cased; null when there is none. */
export const domainOf = (email: string): string | null => {
  const at = email.lastIndexOf("@");
  return at > 0 && at < email.length - 1
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase()
    : null;
};

export function createEnterpriseSignIn(deps: EnterpriseSignInDeps) {
  /** True when `domain` is verified for `tenantId` (the record exists and is verified now). */
  const verifiedFor = async (tenantId: number, domain: string) =>
    (await deps.domains.get(tenantId, domain))?.verified === true;

  /** Whether the tenant has any enabled connection: then the sign-in page asks for the email first. */
  async function anyEnabled(tenantId: number): Promise<boolean> {
    return (await deps.connections.listByTenant(tenantId)).some((c) => c.enabled);
  }

  /**
   * The enabled connection that serves `email` in `tenantId`: one that lists the email's domain,
   * that domain verified for the tenant now. Null for every other email (which then goes to the
   * password/passkey page, whether or not an account exists: nothing is revealed).
   */
  async function connectionForEmail(tenantId: number, email: string): Promise<Connection | null> {
    const domain = domainOf(normalizeEmail(email));
    if (!domain) return null;
    const list = (await deps.connections.listByDomain(tenantId, domain)).filter((c) => c.enabled);
    if (!list.length || !(await verifiedFor(tenantId, domain))) return null;
    return list[0];
  }

  /** The tenant's enabled connection `id` (`idp=`), or null. */
  async function enabledConnection(tenantId: number, id: number): Promise<Connection | null> {
    const c = await deps.connections.get(tenantId, id);
    return c?.enabled ? c : null;
  }

  /**
   * The connection `organization=<orgId>` names: the only enabled connection serving that org
   * (its own or an ancestor's); null with none or several (then the page asks for the email).
   */
  async function connectionForOrg(tenantId: number, orgId: number): Promise<Connection | null> {
    const org = await deps.orgs.get(tenantId, orgId);
    if (!org) return null;
    // `/tenant/root/…/org/`: the org and its ancestors.
    const path = org.path.split("/").filter(Boolean).slice(1).map(Number);
    const serving = (await deps.connections.listByTenant(tenantId)).filter(
      (c) => c.enabled && path.includes(c.organizationId),
    );
    return serving.length === 1 ? serving[0] : null;
  }

  /**
   * `ssoRequired` (CONTRACT §16): true when `user` may not sign in with a password because an
   * enabled connection of their tenant requires its provider for their email's verified domain.
   * Platform administrators keep their password.
   */
  async function passwordBarred(user: User): Promise<boolean> {
    const domain = domainOf(user.email);
    if (!domain) return false;
    const list = (await deps.connections.listByDomain(user.tenantId, domain)).filter((c) => c.enabled && c.ssoRequired);
    if (!list.length || !(await verifiedFor(user.tenantId, domain))) return false;
    return !(await deps.isPlatformAdmin(user));
  }

  const refuse = (refusal: AccountRefusal, detail: string): AccountOutcome => ({ ok: false, refusal, detail });

  /** Disabled users and suspended organizations are refused (CONTRACT §16: as for every sign-in). */
  async function usable(user: User): Promise<AccountOutcome | null> {
    if (user.status !== "ACTIVE") return refuse("disabled", `user ${user.id} is ${user.status}`);
    const org = await deps.orgs.get(user.tenantId, user.organizationId);
    if (!org || (await deps.orgs.isBlocked(user.tenantId, org.path, deps.clock.now())))
      return refuse("org_suspended", `org ${user.organizationId} (or an ancestor) is suspended or expired`);
    return null;
  }

  /**
   * The account `person` (verified by the connection's protocol) stands for, linking or creating
   * it under the rules above. Links and creations are units with their events
   * (`federation.linked`, `federation.jit_created`).
   */
  async function resolveAccount(c: Connection, person: UpstreamPerson, ip: string | null): Promise<AccountOutcome> {
    const linked = await deps.externalIdentities.find(c.tenantId, c.id, person.subject);
    if (linked) {
      const user = await deps.users.get(c.tenantId, linked.userId);
      if (!user) return refuse("no_account", `linked user ${linked.userId} is gone`);
      return (await usable(user)) ?? { ok: true, user, how: "linked" };
    }
    const email = person.email ? normalizeEmail(person.email) : null;
    const domain = email ? domainOf(email) : null;
    // The email's domain must be this connection's, verified for its tenant (JIT and linking alike);
    // linking an account that already exists also needs the upstream to say it verified the mailbox.
    const ownDomain = !!email && !!domain && c.domains.includes(domain) && (await verifiedFor(c.tenantId, domain));
    const existing = email ? await deps.users.findByEmail(email) : null;
    const at = deps.clock.now();
    const org = await deps.orgs.get(c.tenantId, c.organizationId);
    const link = { tenantId: c.tenantId, connectionId: c.id, subject: person.subject, email, createdAt: at };
    if (existing) {
      if (existing.tenantId !== c.tenantId || !ownDomain || !person.emailVerified)
        return refuse("not_linkable", `email of user ${existing.id} (tenant ${existing.tenantId}) not linkable here`);
      if (await deps.isPlatformAdmin(existing))
        return refuse("not_linkable", `user ${existing.id} is a platform administrator`);
      const bad = await usable(existing);
      if (bad) return bad;
      try {
        await deps.unit("federation.link", ["externalIdentities", "events"], async ({ externalIdentities, events }) => {
          await externalIdentities.link({ ...link, userId: existing.id });
          await events.record({
            type: "federation.linked",
            tenantId: c.tenantId,
            org,
            actor: { ip },
            target: { userId: existing.id },
            data: { connectionId: c.id, subject: person.subject },
          });
        });
      } catch (e) {
        if (!(e instanceof ConflictError)) throw e;
        // A racing first sign-in linked it: follow the link it made.
        return resolveAccount(c, person, ip);
      }
      return { ok: true, user: existing, how: "link_created" };
    }
    if (!c.jit.enabled) return refuse("no_account", "no account and JIT is off");
    if (!email || !ownDomain) return refuse("no_account", "JIT needs an email of the connection's verified domains");
    if (!org || (await deps.orgs.isBlocked(c.tenantId, org.path, at)))
      return refuse("org_suspended", `org ${c.organizationId} (or an ancestor) is suspended or expired`);
    let user: User;
    try {
      user = await deps.unit(
        "federation.jit",
        ["users", "roles", "externalIdentities", "events"],
        async ({ users, roles, externalIdentities, events }) => {
          const u = await users.create({
            tenantId: c.tenantId,
            organizationId: c.organizationId,
            email,
            fullName: person.name?.slice(0, 200) ?? "",
            passwordHash: null,
            emailVerified: true,
          });
          if (c.jit.roleId !== null)
            await roles.assign({
              userId: u.id,
              roleId: c.jit.roleId,
              organizationId: c.organizationId,
              tenantId: c.tenantId,
            });
          await externalIdentities.link({ ...link, userId: u.id });
          await events.record({
            type: "federation.jit_created",
            tenantId: c.tenantId,
            org,
            actor: { ip },
            target: { userId: u.id },
            data: { connectionId: c.id, subject: person.subject, roleId: c.jit.roleId },
          });
          return u;
        },
      );
    } catch (e) {
      if (!(e instanceof ConflictError)) throw e;
      // A racing first sign-in created the user (or someone took the email meanwhile): decide again.
      return resolveAccount(c, person, ip);
    }
    return { ok: true, user, how: "jit_created" };
  }

  return { anyEnabled, connectionForEmail, connectionForOrg, enabledConnection, passwordBarred, resolveAccount };
}

export type EnterpriseSignIn = ReturnType<typeof createEnterpriseSignIn>;
