export {
  createPasskeyService,
  PasskeyRefused,
  ATTEMPT_SECONDS,
  type PasskeyService,
  type PasskeyView,
  type PasskeyCaller,
} from "./service";
export type { Passkey, PasskeyRepo } from "./ports";
