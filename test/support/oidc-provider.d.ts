/** panva's oidc-provider ships no types; the tests use it as "Contoso's IdP" (test/http/federation-oidc.test.ts). */
declare module "oidc-provider" {
  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    listen(port: number): import("node:http").Server;
  }
}
