/**
 * The console's "Connect an application" guides (console/src/guides.ts) show the example files the
 * example tests run (oidc-relying-parties, resource-servers, the console browser test for the SPA),
 * byte for byte, with this client's values on the run line: every environment variable a file reads
 * is set there, to the client's value or a placeholder for what the console never has (the secret,
 * a token). The Java guide is a Spring Boot project of three files (examples/oidc/java-spring, which
 * oidc-relying-parties runs): each is shown byte for byte.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { exampleSources } from "../../console/build";
import {
  EXAMPLE_FILES,
  envReads,
  GUIDE_IDS,
  MORE_FILES,
  PLACEHOLDER,
  SIGN_IN_SCOPE,
  snippets,
} from "../../console/src/guides";

const ROOT = join(import.meta.dir, "..", "..");
const values = {
  issuer: "https://id.example.com",
  clientId: "cli_abc123",
  redirectUri: "https://app.example.com/callback",
  scopes: ["orders:read"],
  audience: "https://api.example.com",
  confidential: true,
};

describe("console guides", () => {
  const all = snippets(exampleSources(), values);

  test("one snippet per guide, in the guide order", () => {
    expect(all.map((s) => s.id)).toEqual(GUIDE_IDS);
  });

  test("every snippet's code is its example file, byte for byte", () => {
    for (const s of all.filter((x) => x.file)) {
      expect(s.file).toBe(EXAMPLE_FILES[s.id as keyof typeof EXAMPLE_FILES]);
      expect(s.code).toBe(readFileSync(join(ROOT, s.file!), "utf8"));
      expect(s.more.map((f) => f.file)).toEqual((MORE_FILES[s.id] ?? []).map((f) => f.file));
      for (const f of s.more) expect(f.code).toBe(readFileSync(join(ROOT, f.file), "utf8"));
    }
  });

  test("the run line sets every variable the file reads, with the client's values; no secret is ever filled in", () => {
    const expected: Record<string, string> = {
      ISSUER: values.issuer,
      CLIENT_ID: values.clientId,
      REDIRECT_URI: values.redirectUri,
      AUDIENCE: values.audience,
      CLIENT_SECRET: `'${PLACEHOLDER.CLIENT_SECRET}'`,
      TOKEN: `'${PLACEHOLDER.TOKEN}'`,
    };
    for (const s of all.filter((x) => x.file && x.id !== "spa")) {
      const reads = envReads([s.code, ...s.more.map((f) => f.code)].join("\n")).filter(
        (n) => n !== "CLIENT_AUTHENTICATION_METHOD",
      );
      expect(reads.length).toBeGreaterThan(0);
      for (const name of reads) {
        expect(Object.keys(expected)).toContain(name);
        expect(s.run).toContain(`${name}=${expected[name]}`);
      }
    }
    // What each example reads: a change to an example that the guide does not follow fails here.
    const reads = Object.fromEntries(all.filter((s) => s.file).map((s) => [s.id, envReads(s.code)]));
    expect(reads).toEqual({
      node: ["ISSUER", "REDIRECT_URI", "CLIENT_ID"],
      python: ["ISSUER", "CLIENT_ID", "CLIENT_SECRET", "REDIRECT_URI"],
      go: ["ISSUER", "CLIENT_ID", "CLIENT_SECRET", "REDIRECT_URI"],
      spa: [],
      "rs-node": ["ISSUER", "AUDIENCE", "TOKEN"],
      "rs-python": ["ISSUER", "AUDIENCE", "TOKEN"],
      "rs-go": ["ISSUER", "AUDIENCE", "TOKEN"],
      spring: ["REDIRECT_URI"],
    });
    // The relying-party examples ask for the scope the guide names.
    for (const id of ["node", "python"]) expect(all.find((s) => s.id === id)!.code).toContain(`"${SIGN_IN_SCOPE}"`);
  });

  test("the SPA guide's configuration carries the client's values", () => {
    const spa = all.find((s) => s.id === "spa")!;
    expect(spa.clientType).toBe("public");
    for (const v of [values.issuer, values.clientId, values.redirectUri, SIGN_IN_SCOPE])
      expect(spa.run).toContain(JSON.stringify(v));
    expect(spa.code).toContain("export async function signIn(");
    expect(spa.code).toContain("export async function handleCallback(");
  });

  test("the Spring guide: the application class, application.yml and pom.xml; a public client sends no secret", () => {
    const spring = all.find((s) => s.id === "spring")!;
    expect(spring.clientType).toBeNull();
    expect(spring.code).toContain("public class SignInApplication");
    const [yml, pom] = spring.more;
    expect(yml.language).toBe("yaml");
    expect(envReads(yml.code)).toEqual([
      "CLIENT_ID",
      "CLIENT_SECRET",
      "CLIENT_AUTHENTICATION_METHOD",
      "REDIRECT_URI",
      "ISSUER",
      "AUDIENCE",
    ]);
    expect(pom.code).toContain("<artifactId>spring-boot-starter-oauth2-client</artifactId>");
    expect(pom.code).toContain("<artifactId>spring-boot-starter-oauth2-resource-server</artifactId>");
    // Confidential: the secret (a placeholder), the default authentication method.
    expect(spring.run).toBe(
      [
        "REDIRECT_URI=https://app.example.com/callback",
        "CLIENT_ID=cli_abc123",
        `CLIENT_SECRET='${PLACEHOLDER.CLIENT_SECRET}'`,
        "ISSUER=https://id.example.com",
        "AUDIENCE=https://api.example.com",
        "mvn spring-boot:run",
      ].join(" \\\n  "),
    );
    const pub = snippets(exampleSources(), { ...values, confidential: false }).find((s) => s.id === "spring")!;
    expect(pub.run).toContain("CLIENT_AUTHENTICATION_METHOD=none");
    expect(pub.run).not.toContain("CLIENT_SECRET");
  });

  test("unknown values are placeholders, not empty strings", () => {
    const none = snippets(exampleSources(), { ...values, redirectUri: null, audience: null });
    expect(none.find((s) => s.id === "node")!.run).toContain(`REDIRECT_URI='${PLACEHOLDER.REDIRECT_URI}'`);
    expect(none.find((s) => s.id === "rs-go")!.run).toContain(`AUDIENCE='${PLACEHOLDER.AUDIENCE}'`);
  });
});
