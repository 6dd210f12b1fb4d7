export {
  createImportService,
  ENTITY_KINDS,
  type ImportReport,
  type ImportRequest,
  type ImportService,
} from "./service";
export type { ImportJob, ImportRepo } from "./ports";
