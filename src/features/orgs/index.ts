export {
  createOrgService,
  reachableOrg,
  reachableHome,
  pageOf,
  SLUG_RE,
  DEFAULT_ORG_TYPE,
  type OrgService,
  type Page,
} from "./service";
export type { Org, OrgRepo, OrgStatus, Tenant, TenantRepo, TenantFilter, NewOrg } from "./ports";
