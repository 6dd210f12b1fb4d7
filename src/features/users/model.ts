/** Wire shapes of the user endpoints (SPEC 2.8, 4.4; CONTRACT §3). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

const EMAIL_RULE =
  "unique across the service, case-insensitive; the domain is compared and stored in IDNA ASCII form (`bücher.example` → `xn--bcher-kva.example`, fullwidth letters mapped), and a domain IDNA refuses is 400";
const email = (description: string) =>
  t.String({ minLength: 3, maxLength: 320, pattern: "^[^@\\s]+@[^@\\s]+$", description });
const Email = email(EMAIL_RULE);

export const CreateUserBody = t.Object({
  organizationId: Int({ minimum: 1, description: "home organization" }),
  email: Email,
  fullName: t.String({ maxLength: 200 }),
  password: t.Optional(
    t.String({
      minLength: 8,
      maxLength: 200,
      description: "absent: the user has no password until a setup link is used",
    }),
  ),
  roleId: t.Optional(
    Int({ minimum: 1, description: "a first role, assigned at the home org (needs ROLE_MANAGE too)" }),
  ),
});

export const CreatedUser = t.Object({
  id: Int(),
  email: t.String(),
  organizationId: Int(),
  setupMailSent: t.Boolean({
    description: "true when the user was created without a password and the password-setup mail went out",
  }),
});

export const UpdateUserBody = t.Object({
  fullName: t.Optional(t.String({ maxLength: 200 })),
  email: t.Optional(email(`${EMAIL_RULE}; a change clears \`emailVerified\` (USER_MANAGE, no-takeover)`)),
  organizationId: t.Optional(Int({ minimum: 1, description: "new home organization (inside your reach)" })),
});

export const UserSummary = t.Object({
  id: Int(),
  email: t.String(),
  fullName: t.String(),
  status: t.Union([t.Literal("ACTIVE"), t.Literal("DISABLED"), t.Literal("ERASED")]),
  hasPassword: t.Boolean(),
  emailVerified: t.Boolean({
    description:
      "true once the person proved the mailbox is theirs (a verification, setup or reset link, or a provider that verified it)",
  }),
  organizationId: Int(),
  roles: t.Array(t.Object({ id: Int(), name: t.String() }), { description: "roles held at the listed organization" }),
});

export const UserListQuery = t.Object({
  organizationId: QueryInt({ minimum: 1 }),
  size: t.Optional(QueryInt({ description: "1..1000, default 200" })),
  q: t.Optional(
    t.String({
      maxLength: 200,
      description: "only users whose email or name contains this text (literal, case-insensitive)",
    }),
  ),
  after: t.Optional(
    QueryInt({
      minimum: 0,
      description: "paging: only users with a greater id (pass the last id of the previous page)",
    }),
  ),
});

export const UserIdParams = t.Object({ id: QueryInt({ minimum: 1 }) });

const Iso = t.String({ format: "date-time" });

export const UserExport = t.Object(
  {
    user: t.Object({
      id: Int(),
      tenantId: Int(),
      organizationId: Int(),
      email: t.String(),
      fullName: t.String(),
      status: t.String(),
      hasPassword: t.Boolean(),
      emailVerified: t.Boolean({ description: "true once the person proved the mailbox is theirs" }),
      locale: t.Union([t.String(), t.Null()], {
        description: "The language saved for the person's pages and mails (`en`, `de`), or null.",
      }),
      createdAt: Iso,
      updatedAt: Iso,
    }),
    memberships: t.Array(
      t.Object({
        organizationId: Int(),
        tenantId: Int(),
        name: t.String(),
        path: t.String(),
        status: t.String(),
        roles: t.Array(t.Object({ id: Int(), name: t.String() })),
      }),
    ),
    roles: t.Array(t.Object({ roleId: Int(), roleName: t.String(), organizationId: Int() })),
    devices: t.Array(
      t.Object({ deviceId: t.String(), name: t.String(), platform: t.String(), lastSeenAt: Iso, createdAt: Iso }),
    ),
    sessions: t.Array(
      t.Object({
        mode: t.String(),
        organizationId: Int(),
        audience: t.String(),
        deviceId: t.Union([t.String(), t.Null()]),
        expiresAt: Iso,
      }),
    ),
    mfa: t.Object({ enabled: t.Boolean() }),
    passkeys: t.Array(
      t.Object({
        id: t.String(),
        name: t.String(),
        createdAt: Iso,
        lastUsedAt: t.Union([Iso, t.Null()]),
        backedUp: t.Boolean(),
      }),
      { description: "the user's passkeys (no key material)" },
    ),
    auditEntries: t.Array(
      t.Object({
        id: Int(),
        action: t.String(),
        userId: t.Union([Int(), t.Null()]),
        organizationId: t.Union([Int(), t.Null()]),
        createdAt: Iso,
        ipAddress: t.Union([t.String(), t.Null()]),
        metadata: t.Record(t.String(), t.Unknown()),
      }),
    ),
  },
  { description: "Everything the service holds about the user (data-subject export)" },
);
