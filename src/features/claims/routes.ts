/** GET/PUT /api/token-claims and POST /api/token-claims/preview (ORG_MANAGE, the caller's active org). */
import { Elysia } from "elysia";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { ClaimsRecord, Mapping, PreviewResponse } from "./model";
import type { ClaimsService } from "./service";

export function claimsRoutes({ claims, guard }: { claims: ClaimsService; guard: Guard }) {
  const tags = ["Token claims"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  const about =
    "The mapping belongs to the caller's active organization, which must own the applications it applies to; it is added to user access tokens whose audience is one of them.";
  return new Elysia({ name: "claims-routes" })
    .get("/api/token-claims", async ({ request }) => claims.get(await caller(request)), {
      response: ok(ClaimsRecord),
      detail: {
        tags,
        ...management,
        summary: "The custom claims mapping",
        description: `${about} \`{ mapping: { add: [] }, enabled: false }\` when none is saved.`,
      },
    })
    .put("/api/token-claims", async ({ body, request }) => claims.put(await caller(request), body), {
      body: ClaimsRecord,
      response: ok(ClaimsRecord),
      detail: {
        tags,
        ...management,
        summary: "Save the custom claims mapping",
        description: `${about} Refused with 400 (errors listed): a standard claim as the first key segment, both or neither of from/value, an unknown source, duplicate keys, over 50 entries. Enabling without the tenant's customClaims feature: 403 FEATURE_NOT_ENABLED.`,
      },
    })
    .post("/api/token-claims/preview", async ({ body, request }) => claims.preview(await caller(request), body), {
      body: Mapping,
      response: ok(PreviewResponse),
      detail: {
        tags,
        ...management,
        summary: "Preview a mapping on the caller's own token",
        description:
          "Reads only the caller's live token: `roles` and `memberships` are absent, and a key fed only by them is left out.",
      },
    });
}
