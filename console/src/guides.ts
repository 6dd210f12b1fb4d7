/**
 * "Connect an application" (docs/console.md): the guides' snippets are the files of `examples/`
 * themselves, which test/process/oidc-relying-parties.test.ts, resource-servers.test.ts and the
 * console's browser test run against a live service. The bundle gets their text at build time
 * (console/build.ts, module `sso-examples`); this module only adds the client's own values: the
 * environment a program reads (ISSUER, CLIENT_ID, REDIRECT_URI, AUDIENCE) on its run line, and
 * the SPA's configuration object. A snippet's code is its example file, byte for byte
 * (test/unit/console-guides.test.ts checks it, and that every variable a file reads is set).
 * Pure: no DOM, no fetch.
 */

/** Each guide's example file, by path from the repository root. */
export const EXAMPLE_FILES = {
  node: "examples/oidc/ts/rp.ts",
  python: "examples/oidc/python/rp.py",
  go: "examples/oidc/go/main.go",
  spa: "examples/oidc/spa/signin.ts",
  "rs-node": "examples/resource-servers/ts/verify.ts",
  "rs-python": "examples/resource-servers/python/verify.py",
  "rs-go": "examples/resource-servers/go/main.go",
  spring: "examples/oidc/java-spring/src/main/java/example/SignInApplication.java",
} as const;

/** The other files of a guide's example project, shown after its main file. */
export const MORE_FILES: Partial<Record<ExampleId, { file: string; language: Snippet["language"] }[]>> = {
  spring: [
    { file: "examples/oidc/java-spring/src/main/resources/application.yml", language: "yaml" },
    { file: "examples/oidc/java-spring/pom.xml", language: "xml" },
  ],
};

/** Every example file a guide shows, by path from the repository root. */
export const ALL_EXAMPLE_FILES: string[] = [
  ...Object.values(EXAMPLE_FILES),
  ...Object.values(MORE_FILES).flatMap((files) => files.map((f) => f.file)),
];

export type ExampleId = keyof typeof EXAMPLE_FILES;
export type GuideId = ExampleId;
export const GUIDE_IDS: GuideId[] = ["node", "python", "go", "spring", "spa", "rs-node", "rs-python", "rs-go"];

/** The OIDC scopes the examples ask for (the client's permission codes come in the access token). */
export const SIGN_IN_SCOPE = "openid profile email";

export interface GuideValues {
  issuer: string;
  clientId: string;
  /** The client's first registered redirect URI, or null. */
  redirectUri: string | null;
  /** The client's registered scopes (permission codes it may get). */
  scopes: string[];
  /** The application's identifier (the access token's `aud`), or null when the client has none. */
  audience: string | null;
  confidential: boolean;
}

export interface Snippet {
  id: GuideId;
  /** Library and language, as a label. */
  library: string;
  /** The example file the code is. */
  file: string;
  /** The language of `code` (for a label). */
  language: "typescript" | "python" | "go" | "java" | "yaml" | "xml";
  code: string;
  /** The example project's other files, each byte for byte. */
  more: { file: string; language: Snippet["language"]; code: string }[];
  /** How to use it with this client's values: install, environment and command, or a call. */
  run: string;
  /** Whether the example is written for a public or a confidential client (null: either). */
  clientType: "public" | "confidential" | null;
  /** A resource server (verifies access tokens) rather than a relying party. */
  resourceServer: boolean;
}

/** The environment variables a program reads, in order of first appearance. */
export function envReads(code: string): string[] {
  const out: string[] = [];
  const add = (name: string) => out.includes(name) || out.push(name);
  for (const m of code.matchAll(
    /process\.env\.([A-Z_]+)|os\.environ\["([A-Z_]+)"\]|os\.Getenv\("([A-Z_]+)"\)|const \{([A-Z_, ]+)\} = process\.env|System\.getenv\("([A-Z_]+)"\)|\$\{([A-Z_]+)(?::[^}]*)?\}/g,
  )) {
    if (m[4]) for (const n of m[4].split(",")) add(n.trim());
    else add(m[1] ?? m[2] ?? m[3] ?? m[5] ?? m[6]);
  }
  return out;
}

/** The variables a Spring configuration reads with a default (`${NAME:default}`), and the default. */
export function envDefaults(code: string): Record<string, string> {
  return Object.fromEntries([...code.matchAll(/\$\{([A-Z_]+):([^}]*)\}/g)].map((m) => [m[1], m[2]]));
}

/** Placeholders for what the console never knows or never puts in a page. */
export const PLACEHOLDER = {
  CLIENT_SECRET: "<the client secret>",
  TOKEN: "<an access token>",
  AUDIENCE: "<your application identifier>",
  REDIRECT_URI: "<a registered redirect URI>",
} as const;

const shellQuote = (v: string) => (/^[\w:/.@%+=,-]+$/.test(v) ? v : `'${v.replace(/'/g, `'\\''`)}'`);

/** The value of an environment variable for these values (a placeholder when unknown or secret). */
export function envValue(name: string, v: GuideValues): string {
  switch (name) {
    case "ISSUER":
      return v.issuer;
    case "CLIENT_ID":
      return v.clientId;
    case "REDIRECT_URI":
      return v.redirectUri ?? PLACEHOLDER.REDIRECT_URI;
    case "AUDIENCE":
      return v.audience ?? PLACEHOLDER.AUDIENCE;
    case "CLIENT_SECRET":
      return PLACEHOLDER.CLIENT_SECRET;
    case "TOKEN":
      return PLACEHOLDER.TOKEN;
    case "CLIENT_AUTHENTICATION_METHOD":
      return v.confidential ? "client_secret_basic" : "none";
    default:
      return `<${name}>`;
  }
}

const envLine = (names: string[], v: GuideValues) =>
  names.map((n) => `${n}=${shellQuote(envValue(n, v))}`).join(" \\\n  ");

/** The SPA's configuration for `signIn` and `handleCallback` (examples/oidc/spa/signin.ts). */
export function spaUsage(v: GuideValues): string {
  return [
    'import { handleCallback, signIn } from "./signin";',
    "",
    "const config = {",
    `  issuer: ${JSON.stringify(v.issuer)},`,
    `  clientId: ${JSON.stringify(v.clientId)},`,
    `  redirectUri: ${JSON.stringify(v.redirectUri ?? PLACEHOLDER.REDIRECT_URI)},`,
    `  scope: ${JSON.stringify(SIGN_IN_SCOPE)},`,
    "};",
    "",
    "// On a button: leaves for the hosted sign-in.",
    "// await signIn(config);",
    "// On the page at redirectUri:",
    "// const { accessToken, idToken, claims } = await handleCallback(config);",
  ].join("\n");
}

/** Every guide for one client, its code from `sources` (example path → text). */
export function snippets(sources: Record<string, string>, v: GuideValues): Snippet[] {
  const code = (id: ExampleId) => {
    const text = sources[EXAMPLE_FILES[id]];
    if (text === undefined) throw new Error(`no source for ${EXAMPLE_FILES[id]}`);
    return text;
  };
  const source = (file: string) => {
    const text = sources[file];
    if (text === undefined) throw new Error(`no source for ${file}`);
    return text;
  };
  const example = (
    id: ExampleId,
    library: string,
    language: Snippet["language"],
    run: (env: string) => string,
    resourceServer = false,
  ): Snippet => {
    const c = code(id);
    const more = (MORE_FILES[id] ?? []).map((f) => ({ ...f, code: source(f.file) }));
    const all = [c, ...more.map((f) => f.code)].join("\n");
    const defaults = envDefaults(all);
    // A variable with a default is set only where this client needs another value (a public
    // client has no secret; a confidential one keeps the default authentication method).
    const needed = (n: string) =>
      !(n in defaults) || (n === "CLIENT_SECRET" ? v.confidential : envValue(n, v) !== defaults[n]);
    const reads = envReads(all);
    return {
      id,
      library,
      file: EXAMPLE_FILES[id],
      language,
      code: c,
      more,
      run: run(envLine(reads.filter(needed), v)),
      clientType: resourceServer ? null : reads.includes("CLIENT_SECRET") ? "confidential" : "public",
      resourceServer,
    };
  };
  return [
    example(
      "node",
      "Node.js: openid-client",
      "typescript",
      (env) => `npm install openid-client\n${env} \\\n  bun rp.ts`,
    ),
    example("python", "Python: Authlib", "python", (env) => `pip install authlib requests\n${env} \\\n  python3 rp.py`),
    example(
      "go",
      "Go: go-oidc",
      "go",
      (env) => `go get github.com/coreos/go-oidc/v3/oidc golang.org/x/oauth2\n${env} \\\n  go run .`,
    ),
    {
      // Either kind of client: a confidential one sets CLIENT_SECRET, a public one sends none.
      ...example(
        "spring",
        "Java: Spring Boot with Spring Security",
        "java",
        (env) => `${env} \\\n  mvn spring-boot:run`,
      ),
      clientType: null,
    },
    {
      ...example("spa", "Browser SPA: oauth4webapi with PKCE", "typescript", () => ""),
      run: spaUsage(v),
      clientType: "public",
    },
    example(
      "rs-node",
      "Resource server, Node.js: jose",
      "typescript",
      (env) => `npm install jose\n${env} \\\n  bun verify.ts`,
      true,
    ),
    example(
      "rs-python",
      "Resource server, Python: PyJWT",
      "python",
      (env) => `pip install "pyjwt[crypto]"\n${env} \\\n  python3 verify.py`,
      true,
    ),
    example(
      "rs-go",
      "Resource server, Go: lestrrat-go/jwx",
      "go",
      (env) => `go get github.com/lestrrat-go/jwx/v3\n${env} \\\n  go run .`,
      true,
    ),
  ];
}
