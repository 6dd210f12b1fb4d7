/** The example files the guides show, by path (console/build.ts makes this module at build time). */
declare module "sso-examples" {
  const sources: Record<string, string>;
  export default sources;
}
