/** Wire shapes of the person's consent endpoints (CONTRACT §13). */
import { t } from "elysia";
import { Int } from "../../http/wire";

export const ConsentView = t.Object({
  clientId: t.String(),
  applicationId: t.Union([Int(), t.Null()]),
  name: t.String({ description: "The client's name." }),
  scopes: t.Array(t.String()),
  grantedAt: t.String({ format: "date-time" }),
});
