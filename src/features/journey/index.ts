/**
 * The protocol-neutral browser sign-in (CONTRACT §12, §13): the hosted sign-in steps, and the seam a
 * protocol starts and finishes a journey through. The browser session it starts or resumes, and its
 * cookie value, are the sessions feature's (features/sessions/browser-sessions.ts, browser-cookie.ts).
 */
export { amrOf, SIGN_IN_ABSOLUTE_SECONDS, SIGN_IN_IDLE_SECONDS } from "./browser-session";
export { INTERACTION_SECONDS } from "./handle";
export { rememberedOrg, rememberOrg, type SignedInPerson } from "./organizations";
export { createJourneyService, type JourneyDeps, type JourneyService } from "./service";
export type {
  BrowserContext,
  CookieChange,
  ErrorPageKind,
  Finished,
  JourneyEntry,
  JourneyOutcome,
  JourneyProtocol,
  JourneyState,
  PageView,
  ProtocolAnswer,
  Reopened,
  SecondFactorProblem,
  SignInProblem,
} from "./seam";
export type { JourneyPages, ProtocolRenderer } from "./routes";
