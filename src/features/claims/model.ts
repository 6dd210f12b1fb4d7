/** Wire shapes of /api/token-claims (SPEC 2.15, 4.12; CONTRACT §9). */
import { t } from "elysia";

export const MappingEntry = t.Object(
  {
    key: t.String({
      minLength: 1,
      maxLength: 330,
      description: "claim name; `.` nests (a.b becomes { a: { b } }); never a standard claim",
    }),
    from: t.Optional(
      t.Union([t.String(), t.Array(t.String(), { minItems: 1, maxItems: 12 })], {
        description: "a source name, or several gathered into one array",
      }),
    ),
    value: t.Optional(t.Unknown({ description: "a constant written as given" })),
  },
  { additionalProperties: true },
);
export const Mapping = t.Object({ add: t.Array(MappingEntry, { description: "at most 50 entries" }) });
export const ClaimsRecord = t.Object({ mapping: Mapping, enabled: t.Boolean() });
export const PreviewResponse = t.Object({
  claims: t.Record(t.String(), t.Unknown(), { description: "what the mapping would add to the caller's own token" }),
});
