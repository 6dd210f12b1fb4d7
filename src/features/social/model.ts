/** Wire shapes of POST /api/auth/social/{provider} (SPEC 4.1). */
import { t } from "elysia";
import { DeviceInfo } from "../sessions/model";

export const SocialBody = t.Object({
  idToken: t.String({
    minLength: 1,
    maxLength: 16384,
    description: "the provider's id_token (RS256 JWT) obtained by your front end",
  }),
  audience: t.Optional(t.String({ maxLength: 2048 })),
  device: t.Optional(DeviceInfo),
});
export const ProviderParams = t.Object({ provider: t.String({ maxLength: 64, description: "google or microsoft" }) });
