/**
 * RP-initiated logout and back-channel logout notices (CONTRACT §13). Ending sessions and the
 * revocation marks are the sessions feature's (src/features/sessions).
 */
export {
  createEndSessionService,
  type EndSessionDeps,
  type EndSessionService,
  type LogoutOutcome,
  type LogoutRequest,
} from "./service";
export { backchannelNotices } from "./backchannel";
