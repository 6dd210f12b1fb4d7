/** Wire shapes of GET /api/audit (SPEC 2.12, 4.11). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

export const AuditEntry = t.Object({
  id: Int(),
  action: t.String({ description: "dotted lower-case, e.g. user.created" }),
  userId: t.Union([Int(), t.Null()], { description: "the affected user, else the actor" }),
  organizationId: t.Union([Int(), t.Null()]),
  createdAt: t.String({ format: "date-time" }),
  ipAddress: t.Union([t.String(), t.Null()]),
  metadata: t.Record(t.String(), t.Unknown(), { description: "free-form; `actorId` names the actor" }),
  userLabel: t.Union([t.String(), t.Null()], {
    description: "the user's name and email (`Name <email>`), when the user is of your tenant; else null",
  }),
  actorLabel: t.Union([t.String(), t.Null()], {
    description: "the actor's (`metadata.actorId`) name and email, when of your tenant; else null",
  }),
});

export const AuditQuery = t.Object({
  organizationId: QueryInt({ minimum: 1, description: "entries of this org's subtree" }),
  action: t.Optional(t.String({ maxLength: 200 })),
  userId: t.Optional(QueryInt({ minimum: 1 })),
  q: t.Optional(
    t.String({
      maxLength: 200,
      description:
        'literal, case-insensitive substring of the action or of the metadata as Postgres prints jsonb (`{"mode": "web"}`), on every store',
    }),
  ),
  from: t.Optional(t.String({ format: "date-time", description: "inclusive" })),
  to: t.Optional(t.String({ format: "date-time", description: "exclusive" })),
  size: t.Optional(QueryInt({ description: "1..1000, default 100" })),
});
