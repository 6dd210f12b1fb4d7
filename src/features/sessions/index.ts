export { createSessionService, type DeviceCaller, type SessionService } from "./service";
export type {
  CounterStore,
  Device,
  DeviceRepo,
  FamilyRecord,
  FamilyStore,
  OneTimeKind,
  OneTimeToken,
  OneTimeTokenRepo,
  SessionData,
  SessionMode,
} from "./ports";
