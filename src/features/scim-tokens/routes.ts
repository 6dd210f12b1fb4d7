/** /api/organizations/{id}/scim-tokens: create (shown once), list and revoke SCIM tokens (CONTRACT §18). */
import { Elysia, t } from "elysia";
import { noContent200, noStore } from "../../http/context";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { CreateScimTokenBody, CreatedScimToken, ScimTokenOrgParams, ScimTokenParams, ScimTokenView } from "./model";
import type { ScimToken } from "./ports";
import type { ScimTokenService } from "./service";

const view = (k: ScimToken) => ({
  id: k.id,
  name: k.name,
  createdAt: k.createdAt.toISOString(),
  ...(k.lastUsedAt ? { lastUsedAt: k.lastUsedAt.toISOString() } : {}),
});

const RULE =
  "Needs USER_MANAGE and ROLE_MANAGE (what the token can do through `/scim/v2`) and the organization inside the token's reach (403 otherwise); another tenant's organization is 404.";

export function scimTokenRoutes({ scimTokens, guard }: { scimTokens: ScimTokenService; guard: Guard }) {
  const tags = ["SCIM"];
  const management = tokens("management");
  return new Elysia({ name: "scim-token-routes" })
    .get(
      "/api/organizations/:id/scim-tokens",
      async ({ params, request }) =>
        (await scimTokens.list(await managementCaller(guard, request), params.id)).map(view),
      {
        params: ScimTokenOrgParams,
        response: ok(t.Array(ScimTokenView)),
        detail: {
          tags,
          ...management,
          summary: "List an organization's SCIM tokens",
          description: `${RULE} Oldest first; never a secret. \`lastUsedAt\` (absent until the first use) moves at most once a minute.`,
        },
      },
    )
    .post(
      "/api/organizations/:id/scim-tokens",
      async ({ params, body, request, set }) => {
        const r = await scimTokens.create(await managementCaller(guard, request), params.id, body);
        noStore(set);
        return { id: r.token.id, name: r.token.name, token: r.secret, createdAt: r.token.createdAt.toISOString() };
      },
      {
        params: ScimTokenOrgParams,
        body: CreateScimTokenBody,
        response: ok(CreatedScimToken),
        detail: {
          tags,
          ...management,
          summary: "Create a SCIM token for an identity provider",
          description: `${RULE} The token authenticates \`{issuer}/scim/v2\` (Bearer) for this organization's subtree: it creates, updates, disables and assigns users whose home organization is in the subtree, and manages the organization's roles without system permissions as SCIM Groups (docs/scim.md). The secret is answered only here (\`Cache-Control: no-store\`) and stored as its SHA-256. Audited as \`scim_token.created\`.`,
        },
      },
    )
    .delete(
      "/api/organizations/:id/scim-tokens/:tokenId",
      async ({ params, request }) => {
        await scimTokens.revoke(await managementCaller(guard, request), params.id, params.tokenId);
        return noContent200();
      },
      {
        params: ScimTokenParams,
        detail: {
          tags,
          ...management,
          summary: "Revoke a SCIM token",
          description: `${RULE} The token is refused (401) from the next request on. 404 when the organization has no token of that id. Audited as \`scim_token.revoked\`.`,
        },
      },
    );
}
