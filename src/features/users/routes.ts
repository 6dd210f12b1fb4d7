/** /api/users (SPEC 4.4): USER_MANAGE + reach; `/api/users/me/export` and `PUT /api/users/me` take the `self` tokens (CONTRACT §2). */
import { Elysia, t } from "elysia";
import { iso, noContent200, pageSize } from "../../http/context";
import type { UserExport as Export } from "./export";
import {
  CreateUserBody,
  CreatedUser,
  UpdateUserBody,
  UserExport,
  UserIdParams,
  UserListQuery,
  UserSummary,
} from "./model";
import type { UserService } from "./service";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";

/** The export as JSON (no password hash, no MFA secret, no session tokens). */
export function exportDto(e: Export) {
  const u = e.user;
  return {
    user: {
      id: u.id,
      tenantId: u.tenantId,
      organizationId: u.organizationId,
      email: u.email,
      fullName: u.fullName,
      status: u.status,
      hasPassword: u.passwordHash !== null,
      emailVerified: u.emailVerified,
      locale: u.locale ?? null,
      createdAt: iso(u.createdAt),
      updatedAt: iso(u.updatedAt),
    },
    memberships: e.memberships,
    roles: e.roles,
    devices: e.devices.map((d) => ({
      deviceId: d.deviceId,
      name: d.name,
      platform: d.platform,
      lastSeenAt: iso(d.lastSeenAt),
      createdAt: iso(d.createdAt),
    })),
    sessions: e.sessions.map((s) => ({
      mode: s.data.mode,
      organizationId: s.data.orgId,
      audience: s.data.audience,
      deviceId: s.data.deviceId ?? null,
      expiresAt: iso(s.expiresAt),
    })),
    mfa: e.mfa,
    passkeys: e.passkeys.map((k) => ({
      id: k.id,
      name: k.name,
      createdAt: iso(k.createdAt),
      lastUsedAt: iso(k.lastUsedAt),
      backedUp: k.backedUp,
    })),
    auditEntries: e.auditEntries.map((a) => ({
      id: a.id,
      action: a.action,
      userId: a.userId,
      organizationId: a.organizationId,
      createdAt: iso(a.createdAt),
      ipAddress: a.ipAddress,
      metadata: a.metadata,
    })),
  };
}

export function userRoutes({ users, guard }: { users: UserService; guard: Guard }) {
  const tags = ["Users"];
  const management = tokens("management");
  const self = tokens("self");
  const caller = (request: Request) => managementCaller(guard, request);
  return new Elysia({ name: "user-routes" })
    .get("/api/users/me/export", async ({ request }) => exportDto(await users.exportSelf(guard.principal(request))), {
      response: ok(UserExport),
      detail: { tags, ...self, summary: "Export everything the service holds about the caller" },
    })
    .put("/api/users/me", async ({ request, body }) => users.setOwnLocale(guard.principal(request), body.locale), {
      body: t.Object({
        locale: t.Union([t.Literal("en"), t.Literal("de"), t.Null()], {
          description: "The language of the caller's hosted pages and mails; null forgets the choice.",
        }),
      }),
      response: ok(t.Object({ locale: t.Union([t.String(), t.Null()]) })),
      detail: {
        tags,
        ...self,
        summary: "Save the caller's language",
        description:
          "A management, SPEC-login or first-party client token (CONTRACT §2). Pages use `ui_locales`, then `Accept-Language`, then this choice; mails not caused by a request of the person (a setup link) use it alone. Signing in on the hosted pages saves the page's language too. Audited as `user.locale_changed`.",
      },
    })
    .get(
      "/api/users",
      async ({ request, query }) => {
        const p = await caller(request);
        const list = await users.list(p, query.organizationId, pageSize(query.size, 200), {
          afterId: query.after,
          q: query.q,
        });
        return list.map(({ user: u, roles }) => ({
          id: u.id,
          email: u.email,
          fullName: u.fullName,
          status: u.status,
          hasPassword: u.passwordHash !== null,
          emailVerified: u.emailVerified,
          organizationId: u.organizationId,
          roles,
        }));
      },
      {
        query: UserListQuery,
        response: ok(t.Array(UserSummary)),
        detail: {
          tags,
          ...management,
          summary: "Users whose home org is the organization or who hold a role there",
          description:
            "Ordered by id. `q` keeps users whose email or name contains the text (literal, case-insensitive); `after` pages: pass the last id of the previous page.",
        },
      },
    )
    .post(
      "/api/users",
      async ({ request, body }) => {
        const { user: u, setupMailSent } = await users.create(await caller(request), body);
        return { id: u.id, email: u.email, organizationId: u.organizationId, setupMailSent };
      },
      {
        body: CreateUserBody,
        response: ok(CreatedUser),
        detail: {
          tags,
          ...management,
          summary: "Create a user (with or without a password, optionally with a first role)",
          description:
            "USER_MANAGE at an organization in reach (and ROLE_MANAGE with `roleId`). Without `password`, the person is mailed a password-setup link at once (single use, 7 days, in their saved language, branded) and the answer says `setupMailSent: true`; redeeming it sets the password and verifies the email. A taken email (any case) is 409.",
        },
      },
    )
    .put(
      "/api/users/:id",
      async ({ request, params, body }) => {
        await users.update(await caller(request), params.id, body);
        return noContent200();
      },
      {
        params: UserIdParams,
        body: UpdateUserBody,
        detail: {
          tags,
          ...management,
          summary: "Rename a user, move their home organization or change their email",
          description:
            "USER_MANAGE over the user's home org (and the new one), and the no-takeover rule: a user holding system permissions can be changed only by an administrator holding at least those permissions with the same reach (403). A new `email` (unique service-wide, case-insensitive: 409 when taken) clears `emailVerified`, and every reset, setup and verification code mailed to the old address stops working. Audited as `user.updated` and `user.email_changed`.",
        },
      },
    )
    .post(
      "/api/users/:id/enable",
      async ({ request, params }) => {
        await users.enable(await caller(request), params.id);
        return noContent200();
      },
      { params: UserIdParams, detail: { tags, ...management, summary: "Re-enable a disabled user" } },
    )
    .post(
      "/api/users/:id/disable",
      async ({ request, params }) => {
        await users.disable(await caller(request), params.id);
        return noContent200();
      },
      { params: UserIdParams, detail: { tags, ...management, summary: "Disable a user and end all their sessions" } },
    )
    .post(
      "/api/users/:id/sessions/revoke",
      async ({ request, params }) => ({
        revoked: await users.endSessions(await caller(request), params.id),
      }),
      {
        params: UserIdParams,
        response: ok(t.Object({ revoked: t.Integer({ description: "How many sessions ended." }) })),
        detail: {
          tags,
          ...management,
          summary: "Sign a user out everywhere",
          description:
            "USER_MANAGE over the user's home org, and the no-takeover rule: a user holding system permissions can be signed out only by an administrator holding at least those permissions with the same reach (403 otherwise). Every sign-in session and refresh family of the user ends; clients that got tokens receive back-channel logout tokens without `sid`. Audited as `auth.sessions.ended` with `via: admin`.",
        },
      },
    )
    .post(
      "/api/users/:id/unlock",
      async ({ request, params }) => {
        await users.unlock(await caller(request), params.id);
        return noContent200();
      },
      {
        params: UserIdParams,
        detail: {
          tags,
          ...management,
          summary: "Lift a user's password lockout",
          description:
            "USER_MANAGE over the user's home org, and the no-takeover rule (as for signing a user out everywhere). Ends the account-wide lock (50 failed passwords from 10 addresses in 15 minutes) and the lock of every client address (5 failures from one address), so the password works again at once. Passkeys, social and federated sign-ins are never locked by password failures. Answers the same whether a lock held (nothing tells how many attempts are left). Audited as `user.unlocked`.",
        },
      },
    )
    .post(
      "/api/users/:id/erase",
      async ({ request, params }) => {
        await users.erase(await caller(request), params.id);
        return noContent200();
      },
      { params: UserIdParams, detail: { tags, ...management, summary: "Erase a user's personal data (irreversible)" } },
    )
    .get(
      "/api/users/:id/export",
      async ({ request, params }) => exportDto(await users.exportUser(await caller(request), params.id)),
      {
        params: UserIdParams,
        response: ok(UserExport),
        detail: { tags, ...management, summary: "Export everything the service holds about a user" },
      },
    );
}
