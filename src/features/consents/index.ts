/** Consents a person gave applications (CONTRACT §12 "Consent", §13). */
export type { Consent, ConsentRepo } from "./ports";
