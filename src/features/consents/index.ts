/** Consents a person gave applications (CONTRACT §12 "Consent", §13): the ports and the person's listing. */
export type { Consent, ConsentRepo } from "./ports";
export { createConsentService, type ConsentEntry, type ConsentService, type ConsentServiceDeps } from "./service";
