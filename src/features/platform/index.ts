export {
  createPlatformService,
  slugify,
  SETUP_TOKEN_DAYS,
  TENANT_ADMIN_ROLE,
  type PlatformService,
  type Provisioned,
} from "./service";
export { bootstrap, type BootstrapResult } from "./bootstrap";
