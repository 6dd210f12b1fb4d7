/** Wire shapes of the SCIM-token endpoints (CONTRACT §18). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

const Iso = t.String({ format: "date-time" });

export const ScimTokenOrgParams = t.Object({ id: QueryInt({ minimum: 1, description: "the organization" }) });
export const ScimTokenParams = t.Object({
  id: QueryInt({ minimum: 1, description: "the organization" }),
  tokenId: QueryInt({ minimum: 1 }),
});

export const CreateScimTokenBody = t.Object({
  name: t.String({
    minLength: 1,
    maxLength: 100,
    description: "what the token is for (e.g. `Entra ID`, `Okta`); shown in the list",
  }),
});

export const ScimTokenView = t.Object({
  id: Int(),
  name: t.String(),
  createdAt: Iso,
  lastUsedAt: t.Optional(Iso),
});

export const CreatedScimToken = t.Object({
  id: Int(),
  name: t.String(),
  token: t.String({
    description:
      "the bearer secret for the identity provider's SCIM connector (`scim_…`); answered only here, stored as its SHA-256",
  }),
  createdAt: Iso,
});
