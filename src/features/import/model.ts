/** Wire shapes of /api/import (SPEC 2.13, 4.10; CONTRACT §8). Bodies up to 16 MiB. */
import type { TProperties } from "@sinclair/typebox";
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

const Ext = t.String({ minLength: 1, maxLength: 200 });
const Many = { maxItems: 200_000 };
/** A payload's optional list of records of one kind (up to 200 000). */
const Rows = <P extends TProperties>(properties: P) => t.Optional(t.Array(t.Object(properties), Many));

export const ImportRequest = t.Object(
  {
    rootParentOrgId: t.Optional(
      Int({ minimum: 1, description: "import under this organization (ORG_MANAGE and reach over its subtree)" }),
    ),
    rootTenant: t.Optional(
      t.Object(
        { orgName: t.String({ minLength: 1, maxLength: 200 }), slug: t.String({ minLength: 1, maxLength: 63 }) },
        { description: "import into a new tenant (PLATFORM_ADMIN)" },
      ),
    ),
    organizations: Rows({
      externalId: Ext,
      name: t.String({ maxLength: 200 }),
      slug: t.String({ maxLength: 63 }),
      type: t.Optional(t.String({ maxLength: 64 })),
      parentExternalId: t.Optional(t.String({ maxLength: 200 })),
    }),
    applications: Rows({
      externalId: Ext,
      orgExternalId: Ext,
      identifier: t.String({ maxLength: 2048 }),
      name: t.String({ maxLength: 200 }),
    }),
    permissions: Rows({
      externalId: Ext,
      appExternalId: Ext,
      code: t.String({ maxLength: 128 }),
      description: t.Optional(t.String({ maxLength: 1000 })),
    }),
    roles: Rows({
      externalId: Ext,
      orgExternalId: Ext,
      name: t.String({ maxLength: 200 }),
      description: t.Optional(t.String({ maxLength: 1000 })),
      scope: t.Optional(t.String({ maxLength: 16 })),
      permissionCodes: t.Optional(t.Array(t.String({ maxLength: 128 }), { maxItems: 500 })),
      permissionExternalIds: t.Optional(t.Array(t.String({ maxLength: 200 }), { maxItems: 500 })),
    }),
    users: Rows({
      externalId: Ext,
      orgExternalId: Ext,
      email: t.String({ maxLength: 320 }),
      fullName: t.String({ maxLength: 200 }),
      passwordBcrypt: t.Optional(t.String({ maxLength: 100 })),
    }),
    assignments: t.Optional(
      t.Array(t.Object({ userExternalId: Ext, roleExternalId: Ext, orgExternalId: Ext }), { maxItems: 500_000 }),
    ),
  },
  {
    // Documents the target rule (the service enforces it: 400 for both or neither).
    oneOf: [{ required: ["rootParentOrgId"] }, { required: ["rootTenant"] }],
  },
);

const Counts = t.Object({ created: Int(), updated: Int(), skipped: Int(), failed: Int() });
const CountsByKind = t.Object({
  organizations: Counts,
  applications: Counts,
  permissions: Counts,
  roles: Counts,
  users: Counts,
  assignments: Counts,
});
const ImportErrorView = t.Object({
  entityType: t.String(),
  externalId: t.String(),
  field: t.String(),
  message: t.String(),
});

export const ImportReport = t.Object({
  jobId: Int(),
  status: t.Union([t.Literal("VALID"), t.Literal("INVALID"), t.Literal("COMPLETED"), t.Literal("REJECTED")]),
  dryRun: t.Boolean(),
  tenantId: t.Union([Int(), t.Null()]),
  rootOrgId: t.Union([Int(), t.Null()]),
  counts: CountsByKind,
  errors: t.Array(ImportErrorView),
  invites: t.Array(t.Object({ userExternalId: t.String(), email: t.String(), setupToken: t.String() })),
});

export const JobSummary = t.Object({
  id: Int(),
  tenantId: t.Union([Int(), t.Null()]),
  rootOrgId: t.Union([Int(), t.Null()]),
  status: t.String(),
  dryRun: t.Boolean(),
  counts: t.Record(t.String(), Counts),
  errors: t.Array(ImportErrorView),
  createdAt: t.String({ format: "date-time" }),
  completedAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
});

export const JobsQuery = t.Object({ limit: t.Optional(QueryInt({ description: "1..1000, default 50" })) });
