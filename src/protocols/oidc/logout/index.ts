/** Ending sign-in (CONTRACT §13): logout, session control, consents, revocation marks. */
export {
  createLogoutService,
  markCovers,
  MARK_EPOCH_SECONDS,
  markKeys,
  markValueAt,
  MARK_SECONDS,
  type ConsentEntry,
  type EndContext,
  type LogoutDeps,
  type LogoutOutcome,
  type LogoutRequest,
  type LogoutService,
  type SelfCaller,
  type SessionEntry,
} from "./service";
