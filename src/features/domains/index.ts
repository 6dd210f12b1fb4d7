/** Verified domains of organizations (CONTRACT §16): the service, its port and the name rules. */
export {
  createDomainService,
  txtNameOf,
  txtValueOf,
  TXT_LABEL,
  TXT_PREFIX,
  type DomainCheck,
  type DomainService,
  type TxtResolver,
} from "./service";
export type { DomainRepo, OrgDomain } from "./ports";
export { domainOfEmail, normalizeDomain } from "./names";
export { isPublicMailDomain, PUBLIC_MAIL_DOMAINS } from "./public-mail";
