/** The protocol-neutral browser sign-in: the browser session, its cookie value (CONTRACT §12, §13). */
export type { NewBrowserSession, BrowserSession, BrowserSessionStore } from "./ports";
export {
  readSessionCookie,
  resumeFromCookie,
  type SessionCookieValue,
  writeSessionCookie,
} from "./session-cookie";
