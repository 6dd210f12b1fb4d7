export { createAppService, normalizeClientIds, type AppService } from "./service";
export { createAudienceResolver, type AudienceResolver } from "./audiences";
export type { Application, AppRepo, Permission } from "./ports";
