export { createAppService, normalizeClientIds, type AppService } from "./service";
export { createAudienceResolver, type AudienceResolver } from "./audiences";
export { createAppDirectory, type AppDirectory } from "./directory";
export type { Application, AppRepo, Permission } from "./ports";
