export { createSocialService, PROVIDERS, type SocialService } from "./service";
export type { SocialIdentity, SocialIdentityRepo, SocialProvider } from "./ports";
