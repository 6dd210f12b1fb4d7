/** Wire shapes of the passkey endpoints (CONTRACT §14). */
import { t } from "elysia";
import { QueryInt } from "../../http/wire";
import { DeviceInfo } from "../sessions/model";

const Iso = t.String({ format: "date-time" });

export const Passkey = t.Object({
  id: t.String({ description: "the passkey's id in this API (not the WebAuthn credential id)" }),
  name: t.String(),
  createdAt: Iso,
  lastUsedAt: t.Union([Iso, t.Null()], { description: "the last sign-in with it; null when never used" }),
  backedUp: t.Boolean({ description: "whether the credential is backed up (synced by a passkey manager)" }),
});

const Options = t.Record(t.String(), t.Unknown(), {
  description: "the WebAuthn options JSON that @simplewebauthn/browser's startRegistration / startAuthentication take",
});
const Credential = t.Record(t.String(), t.Unknown(), {
  description:
    "the browser's response JSON (what @simplewebauthn/browser's startRegistration / startAuthentication answer)",
});
const AttemptId = t.String({ minLength: 1, maxLength: 2000, description: "the `attemptId` of the begin call" });

export const BeginResponse = t.Object({
  attemptId: t.String({ description: "single use, valid 5 minutes; send it to the matching finish" }),
  options: Options,
});

export const RegisterBeginBody = t.Object({
  name: t.Optional(t.String({ maxLength: 100, description: "a name for the new passkey (e.g. the device)" })),
});

export const RegisterFinishBody = t.Object({
  attemptId: AttemptId,
  credential: Credential,
  name: t.Optional(t.String({ maxLength: 100, description: "overrides the name given at begin" })),
});

export const RenameBody = t.Object({ name: t.String({ minLength: 1, maxLength: 100 }) });

export const PasskeyIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) });
export const UserIdParams = t.Object({ id: QueryInt({ minimum: 1 }) });
export const UserPasskeyParams = t.Object({
  id: QueryInt({ minimum: 1, description: "the user's id" }),
  passkeyId: t.String({ minLength: 1, maxLength: 64 }),
});

export const SignInFinishBody = t.Object({
  attemptId: AttemptId,
  credential: Credential,
  audience: t.Optional(t.String({ maxLength: 2048 })),
  device: t.Optional(DeviceInfo),
});
