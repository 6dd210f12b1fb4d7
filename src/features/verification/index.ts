export {
  createVerificationService,
  VERIFY_PAGE_PATH,
  VERIFY_TTL_HOURS,
  type VerificationService,
} from "./service";
