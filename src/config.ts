/**
 * Configuration: every environment variable the service reads, with its default, in one place.
 * Parsed once at start; a bad value stops the start with one line naming the variable.
 * Nothing else in the code reads the environment (test/arch.test.ts checks this).
 */
import { Type, type Static, type TLiteral, type TOptional, type TSchema, type TUnion } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { emailProblem, normalizeEmail } from "./kernel/email";
import { type MailSender, parseMailSender } from "./kernel/mail";

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`invalid configuration: ${variable} ${message}`);
    this.name = "ConfigError";
  }
}

const Bool = Type.Union([Type.Literal("true"), Type.Literal("false"), Type.Literal("1"), Type.Literal("0")]);
const PG_URL = "^postgres(ql)?://";
const HOST_PORTS = "^[^\\s,]+:[0-9]{1,5}(,[^\\s,]+:[0-9]{1,5})*$";

/**
 * One environment variable. `schema` validates its text; `type` and `does` are what people read
 * (README.md's configuration table is rendered from them by scripts/config-table.ts).
 * `default` is the value used when the variable is unset or empty, applied here before parsing;
 * `computed` instead describes a default that loadConfig works out (from other variables or the
 * machine). Neither: unset means off or absent. Markdown is allowed in `type`, `computed` and `does`.
 */
export interface Variable {
  schema: TSchema;
  type: string;
  default?: string;
  computed?: string;
  does: string;
}

/** A whole number of at most `digits` digits; `range` is what people read (with a unit, if any). */
const integer = (digits: number, range: string) => ({
  schema: Type.String({ pattern: `^[0-9]{1,${digits}}$` }),
  type: `integer ${range}`,
});

/** One of `values`, listed for people as "`a`, `b` or `c`". */
const oneOf = <const T extends string[]>(...values: T) => ({
  schema: Type.Union(values.map((v) => Type.Literal(v))) as unknown as TUnion<{ [I in keyof T]: TLiteral<T[I]> }>,
  type: `${values
    .slice(0, -1)
    .map((v) => `\`${v}\``)
    .join(", ")} or \`${values.at(-1)}\``,
});

/**
 * Every variable the service reads, in the README's order: adding one is one entry here (loadConfig
 * then reads it as `e.NAME`; test/unit/config-table.test.ts fails until both sides and the README agree).
 */
export const VARIABLES = {
  PORT: {
    ...integer(5, "1–65535"),
    default: "3000",
    does: "HTTP port",
  },
  HOST: { schema: Type.String({ minLength: 1 }), type: "address", default: "0.0.0.0", does: "listen address" },
  SSO_ISSUER: {
    schema: Type.String({ pattern: "^https?://[^\\s]+$" }),
    type: "`http(s)://` URL",
    computed: "`http://localhost:$PORT`",
    does: "the issuer (`iss`), and the audience of management tokens; set it to the public URL",
  },
  SSO_STORAGE: {
    ...oneOf("embedded", "postgres", "mongo"),
    default: "embedded",
    does: "`embedded` (PGlite in `SSO_DATA_DIR`), `postgres` (needs `DATABASE_URL`), `mongo` (needs `MONGODB_URL`)",
  },
  SSO_DATA_DIR: {
    schema: Type.String({ minLength: 1 }),
    type: "directory or `memory://`",
    default: "./data",
    does: "embedded database and, without `SSO_MASTER_KEY`, the generated master key (`master.key`, mode 0600); one service per directory (a second process on it stops at its start); writes survive the process being killed but are not synced to the disk, so a power cut may lose the last ones (docs/decisions.md; use Postgres where that matters); `memory://` keeps everything in memory (demos, benchmarks)",
  },
  DATABASE_URL: {
    schema: Type.String({ pattern: PG_URL }),
    type: "`postgres://` URL",
    does: "`postgres://user:pass@host:5432/db`, required with `SSO_STORAGE=postgres`",
  },
  MONGODB_URL: {
    schema: Type.String({ pattern: "^mongodb(\\+srv)?://" }),
    type: "`mongodb://` or `mongodb+srv://` URL",
    does: "`mongodb://user:pass@host:27017/sso`, required with `SSO_STORAGE=mongo`; the path names the database (default `sso`)",
  },
  SSO_DB_POOL_SIZE: {
    ...integer(3, "1–999"),
    default: "10",
    does: "Postgres (or MongoDB) connections per instance",
  },
  // Behind PgBouncer / read replica (docs/decisions.md, "Behind PgBouncer", "Read replica").
  SSO_PG_POOLER: {
    ...oneOf("none", "transaction"),
    default: "none",
    does: "`transaction`: `DATABASE_URL` is PgBouncer (or another pooler) in transaction mode; no prepared statements, no `LISTEN` through it ([Behind PgBouncer](docs/decisions.md#behind-pgbouncer))",
  },
  DATABASE_READ_URL: {
    schema: Type.String({ pattern: PG_URL }),
    type: "`postgres://` URL",
    does: "a streaming replica for listings that may lag (audit log, org/user/role/client/webhook lists, deliveries, import jobs); never sign-in, tokens, authorization or read-your-own-write ([Read replica](docs/decisions.md#read-replica))",
  },
  // Redis: one of REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS (+ REDIS_SENTINEL_NAME)
  // (docs/sessions.md, "Redis Cluster and Sentinel").
  REDIS_URL: {
    schema: Type.String({ pattern: "^rediss?://" }),
    type: "`redis://` or `rediss://` URL",
    does: "`redis://host:6379`: refresh-token families and rate counters; unset = kept in `SSO_DATA_DIR/sessions.sqlite` (embedded, Bun's SQLite) or in the primary store (Postgres, MongoDB)",
  },
  REDIS_CLUSTER_NODES: {
    schema: Type.String({ pattern: HOST_PORTS }),
    type: "comma-separated `host:port`",
    does: "`host:port,host:port,…`: seed nodes of a Redis Cluster, instead of `REDIS_URL` ([docs/sessions.md](docs/sessions.md#redis-cluster-and-sentinel))",
  },
  REDIS_SENTINELS: {
    schema: Type.String({ pattern: HOST_PORTS }),
    type: "comma-separated `host:port`",
    does: "`host:port,…` of Redis Sentinels, instead of `REDIS_URL`; needs `REDIS_SENTINEL_NAME`",
  },
  REDIS_SENTINEL_NAME: {
    schema: Type.String({ pattern: "^[A-Za-z0-9._-]{1,64}$" }),
    type: "name (letters, digits, `.` `_` `-`; up to 64)",
    does: "the name of the master the sentinels watch",
  },
  REDIS_PASSWORD: {
    schema: Type.String({ minLength: 1 }),
    type: "string",
    does: "password of the Redis data nodes (any of the three forms)",
  },
  REDIS_SENTINEL_PASSWORD: {
    schema: Type.String({ minLength: 1 }),
    type: "string",
    does: "password of the sentinels",
  },
  SSO_REDIS_MIN_REPLICAS_ACK: {
    ...integer(2, "0–99"),
    computed: "`1` with a cluster or Sentinel, else `0`",
    does: "replicas that must acknowledge (`WAIT`) each session write before it is answered; fewer is 503",
  },
  SSO_REDIS_WAIT_MS: {
    ...integer(5, "1–99999 (ms)"),
    default: "1000",
    does: "how long a session write waits for those acknowledgements",
  },
  SSO_REDIS_PREFIX: {
    schema: Type.String({ pattern: "^[A-Za-z0-9:_-]{1,64}$" }),
    type: "letters, digits, `:` `_` `-`; up to 64",
    default: "sso:",
    does: "key prefix in Redis (several deployments can share one Redis); no `{` or `}`",
  },
  SSO_MASTER_KEY: {
    schema: Type.String({ minLength: 1 }),
    type: "comma-separated base64 keys",
    computed: "generated in embedded mode",
    does: "32 random bytes in base64 (`openssl rand -base64 32`); encrypts private keys and secrets at rest (AES-256-GCM). Required for `postgres` and `mongo`. Comma-separate several keys to rotate: the first encrypts, all decrypt",
  },
  SSO_BOOTSTRAP_ADMIN_EMAIL: {
    schema: Type.String({ pattern: "^[^@\\s]+@[^@\\s]+$" }),
    type: "email address",
    default: "admin@example.com",
    does: "the first administrator, created on the first start of an empty store",
  },
  SSO_BOOTSTRAP_ADMIN_PASSWORD: {
    schema: Type.String({ minLength: 8, maxLength: 200 }),
    type: "string of 8–200 characters",
    does: "that administrator's password; unset = a one-time setup token is printed",
  },
  SSO_MAILER: {
    schema: Type.String({ pattern: "^(log|file:.+|smtps?://.+)$" }),
    type: "`log`, `file:<dir>` or `smtp(s)://` URL",
    default: "log",
    does: "`log`, `file:<dir>` (one JSON file per mail), or `smtp://user:pass@host:port`",
  },
  SSO_MAIL_FROM: {
    schema: Type.String({ minLength: 3, maxLength: 400 }),
    type: "address, or `Name <address>`",
    computed: "`no-reply@` the issuer's host",
    does: "the sender (`From`) of every mail; set it to an address your mail provider accepts. Without a display name, each mail carries the tenant's (or application's) branding name",
  },
  SSO_GOOGLE_JWKS_URL: {
    schema: Type.String({ pattern: "^https?://" }),
    type: "`http(s)://` URL",
    default: "https://www.googleapis.com/oauth2/v3/certs",
    does: "Google's key set for id_tokens; overridable for tests",
  },
  SSO_MICROSOFT_JWKS_URL: {
    schema: Type.String({ pattern: "^https?://" }),
    type: "`http(s)://` URL",
    default: "https://login.microsoftonline.com/common/discovery/v2.0/keys",
    does: "Microsoft's key set for id_tokens; overridable for tests",
  },
  SSO_GOOGLE_CLIENT_IDS: {
    schema: Type.String(),
    type: "comma-separated list",
    does: "platform-default Google client ids",
  },
  SSO_MICROSOFT_CLIENT_IDS: {
    schema: Type.String(),
    type: "comma-separated list",
    does: "platform-default Microsoft client ids",
  },
  SSO_MICROSOFT_REQUIRE_VERIFIED_EMAIL: {
    schema: Bool,
    type: "boolean (`true`, `false`, `1`, `0`)",
    default: "false",
    does: "`true`: a first Microsoft sign-in links an account only when the id_token carries `email` and `xms_edov` true (set it when the app accepts other Entra tenants); `xms_edov` false never links",
  },
  SSO_DNS_SERVERS: {
    schema: Type.String({ pattern: HOST_PORTS }),
    type: "comma-separated `host:port`",
    computed: "the system's resolvers",
    does: "DNS servers asked for the TXT records that verify an organization's domain ([docs/enterprise-sign-in.md](docs/enterprise-sign-in.md)); tests point it at their own server, e.g. `127.0.0.1:5353`",
  },
  SSO_WEBHOOK_ALLOW_PRIVATE: {
    schema: Bool,
    type: "boolean (`true`, `false`, `1`, `0`)",
    default: "false",
    does: "allow webhook URLs on private/loopback addresses and plain http (development only)",
  },
  SSO_WEBHOOK_TIMEOUT_SECONDS: {
    ...integer(2, "1–99"),
    default: "10",
    does: "how long a webhook receiver gets to answer one attempt",
  },
  SSO_RATE_LIMIT: {
    ...oneOf("on", "off"),
    default: "on",
    does: "`off` disables per-IP and per-client limits (tests, benchmarks); never the sign-in lockout",
  },
  SSO_LOGIN_RATE_LIMIT: {
    ...integer(7, "0–9999999"),
    default: "100",
    does: "sign-in attempts per client address per minute (429 with `Retry-After`)",
  },
  SSO_PASSWORD_RATE_LIMIT: {
    ...integer(7, "0–9999999"),
    default: "30",
    does: "password forgot/reset requests per client address per minute",
  },
  SSO_CLIENT_RATE_LIMIT: {
    ...integer(7, "0–9999999"),
    default: "300",
    does: "token requests per API client per minute (429 `slow_down` at `/oauth2/token`)",
  },
  SSO_TRUSTED_PROXIES: {
    schema: Type.String(),
    type: "comma-separated addresses or CIDR ranges",
    does: "proxies whose `X-Forwarded-For` is believed; unset = the TCP peer is the client",
  },
  SSO_CORS_ORIGINS: {
    schema: Type.String(),
    type: "comma-separated origins",
    does: "origins (`scheme://host[:port]`) whose browser apps may call the sign-in, session and token endpoints (CORS with credentials); the JWKS and metadata are readable from any origin",
  },
  SSO_WEB_ORIGINS: {
    schema: Type.String(),
    type: "comma-separated origins",
    computed: "the issuer's origin",
    does: "more origins (`scheme://host[:port]`) allowed to use the web-session cookie",
  },
  SSO_WEBAUTHN_RP_ID: {
    schema: Type.String({ minLength: 1, maxLength: 253 }),
    type: "domain name",
    computed: "the issuer's host",
    does: "WebAuthn relying party id of passkeys: the issuer's host or a parent domain of it (passkeys then work on every subdomain); changing it later orphans every passkey registered under the old one",
  },
  SSO_WEBAUTHN_ORIGINS: {
    schema: Type.String(),
    type: "comma-separated origins",
    computed: "the issuer's origin",
    does: "more origins (`scheme://host[:port]`) whose pages may register and use passkeys (each must be the RP id or a subdomain of it)",
  },
  SSO_IMPORT_MAX_MIB: {
    ...integer(3, "1–512 (MiB)"),
    default: "16",
    does: "largest `/api/import` body; 100,000 users with 100,000 assignments are about 17 MiB of JSON",
  },
  SSO_SHUTDOWN_GRACE_SECONDS: {
    ...integer(4, "0–9999"),
    default: "10",
    does: "on SIGTERM/SIGINT, how long in-flight requests get to finish",
  },
  SSO_DEFAULT_MAX_APPLICATIONS: {
    ...integer(6, "0–999999"),
    default: "10",
    does: "default application quota of a tenant",
  },
  SSO_KEY_ROTATION_DAYS: {
    schema: Type.String({ pattern: "^[0-9]+(\\.[0-9]+)?$" }),
    type: "number > 0",
    default: "30",
    does: "signing-key rotation interval (fractions allowed)",
  },
  SSO_KEY_CHECK_SECONDS: {
    ...integer(6, "0–999999"),
    default: "60",
    does: "how often each instance checks rotation and reloads the published keys",
  },
  SSO_KEY_LEASE_SECONDS: {
    ...integer(4, "5–3600"),
    default: "60",
    does: "how long the key-rotation lease lasts, i.e. the longest an instance that died mid-rotation delays the next rotation ([scaling](docs/scaling.md#losing-an-instance))",
  },
  SSO_SIGNER: {
    ...oneOf("auto", "openssl", "webcrypto"),
    default: "auto",
    does: "who computes the RS256 signature of every token: `openssl` the system's OpenSSL 3 (`SSO_OPENSSL_LIBRARY`) in `SSO_SIGNER_THREADS` threads, failing the start if it cannot; `webcrypto` jose on Bun's WebCrypto (BoringSSL, the former signer); `auto` OpenSSL when it loads and passes its self-test, else WebCrypto. The start-up line `signer: …` and the metric `sso_signer_info` say which runs ([Keys and tokens](docs/decisions.md#keys-and-tokens))",
  },
  SSO_OPENSSL_LIBRARY: {
    schema: Type.String({ minLength: 1 }),
    type: "library name or path",
    default: "libcrypto.so.3",
    does: "the OpenSSL 3 `libcrypto` the `openssl` signer opens (Debian: package `libssl3`)",
  },
  SSO_SIGNER_THREADS: {
    ...integer(3, "1–999"),
    computed: "number of CPUs + 1",
    does: "signing threads of the `openssl` signer (each holds its own copy of the signing keys); one more than the CPUs keeps every core signing while the request thread waits on a store",
  },
  SSO_SIGNER_NICE: {
    ...integer(2, "0–19"),
    default: "10",
    does: "the Linux nice value the `openssl` signer's threads lower themselves to, below the request thread's: with every core busy, the thread that serves requests and feeds the signers is not queued behind them (silent SSO +9–13 %, refresh +6 % on 2 cores, [performance](docs/performance.md#signing-threads-below-the-request-thread)); `0` keeps them at the process's priority",
  },
  SSO_HASH_CONCURRENCY: {
    ...integer(3, "1–999"),
    computed: "number of CPUs (min 2)",
    does: "argon2id hashes running at once per instance (19 MiB each)",
  },
  SSO_CACHE_SECONDS: {
    ...integer(3, "0–600"),
    default: "60",
    does: "longest an instance serves directory data from memory (applications, API clients, token contexts, claims mappings); every change through the API ends every such cache on every instance at once, this only bounds a lost announcement of one; `0` reads the store every time ([sessions](docs/sessions.md#directory-caches-one-mechanism-for-all-of-them))",
  },
  SSO_TOKEN_CONTEXT_SECONDS: {
    ...integer(3, "0–600"),
    does: "the former name of `SSO_CACHE_SECONDS`, still accepted (setting both to different values stops the start)",
  },
  SSO_LOG_LEVEL: {
    ...oneOf("debug", "info", "warn", "error", "silent"),
    default: "info",
    does: "least severe level logged; `silent` logs nothing",
  },
} satisfies Record<string, Variable>;

type Variables = typeof VARIABLES;
type Name = keyof Variables;

/** The environment schema, built from VARIABLES (every variable optional). */
export const EnvSchema = Type.Object(
  Object.fromEntries(Object.entries(VARIABLES).map(([name, v]) => [name, Type.Optional(v.schema)])) as {
    [K in Name]: TOptional<Variables[K]["schema"]>;
  },
);

export type Env = Static<typeof EnvSchema>;

/** The environment after defaults: a variable with a `default` is always there. */
type Parsed = Env & { [K in Name as Variables[K] extends { default: string } ? K : never]-?: NonNullable<Env[K]> };

/** A variable's `type` and default in plain text, for error messages. */
const hint = (name: Name) => {
  const v: Variable = VARIABLES[name];
  const dflt = v.default ?? v.computed;
  return `${v.type}${dflt === undefined ? "" : `; default ${dflt}`}`.replace(/`/g, "");
};

export interface Config {
  port: number;
  host: string;
  issuer: string;
  storage: "embedded" | "postgres" | "mongo";
  dataDir: string;
  databaseUrl?: string;
  /** Postgres behind a transaction-mode pooler, and a read replica. */
  pgPooler: "none" | "transaction";
  databaseReadUrl?: string;
  mongodbUrl?: string;
  /** Where Redis is (REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS); undefined without Redis. */
  redis?: RedisConfig;
  redisPrefix: string;
  /** Replicas that must acknowledge each session write (WAIT), and how long to wait (ms). */
  redisMinReplicasAck: number;
  redisWaitMs: number;
  /** Raw master keys (32 bytes each); undefined in embedded mode until the data dir provides one. */
  masterKeys?: Uint8Array[];
  mailer: string;
  /** The sender of every mail (SSO_MAIL_FROM); without a name, the brand's display name is used. */
  mailFrom: MailSender;
  bootstrapAdminEmail: string;
  bootstrapAdminPassword?: string;
  googleJwksUrl: string;
  microsoftJwksUrl: string;
  googleClientIds: string[];
  microsoftClientIds: string[];
  /** A first Microsoft sign-in links an account only when the id_token says `xms_edov` true. */
  microsoftRequireVerifiedEmail: boolean;
  webhookAllowPrivate: boolean;
  /** DNS servers (`host:port`) for domain-verification TXT lookups; empty = the system's (SSO_DNS_SERVERS). */
  dnsServers: string[];
  rateLimit: boolean;
  defaultMaxApplications: number;
  keyRotationDays: number;
  keyCheckSeconds: number;
  /** How long the key-rotation lease lasts: the longest a dead holder blocks rotation (SSO_KEY_LEASE_SECONDS). */
  keyLeaseSeconds: number;
  hashConcurrency: number;
  /** Who signs tokens (SSO_SIGNER), the libcrypto it opens, and its threads. */
  signer: "auto" | "openssl" | "webcrypto";
  opensslLibrary: string;
  signerThreads: number;
  signerNice: number;
  /**
   * Longest directory data is served from an instance's memory (SSO_CACHE_SECONDS, formerly
   * SSO_TOKEN_CONTEXT_SECONDS; default 60; 0 = never). Every change made through the API ends every
   * cache at once; only a lost version advance is bounded by it (kernel/directory-cache.ts).
   */
  cacheSeconds: number;
  dbPoolSize: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
  /** Origins allowed to use the web-session cookie: the issuer's plus SSO_WEB_ORIGINS. */
  webOrigins: string[];
  /** Passkeys (CONTRACT §14): the relying party id and the origins allowed to use it. */
  webauthn: { rpId: string; origins: string[] };
  /** Origins allowed by CORS on the sign-in, session and token endpoints (SSO_CORS_ORIGINS). */
  corsOrigins: string[];
  /** Addresses/CIDRs of proxies whose X-Forwarded-For is believed (none: the socket address only). */
  trustedProxies: string[];
  limits: { clientPerMinute: number; loginPerIpPerMinute: number; passwordPerIpPerMinute: number };
  shutdownGraceSeconds: number;
  webhookTimeoutSeconds: number;
  importMaxMiB: number;
}

export interface HostPort {
  host: string;
  port: number;
}

/** The Redis topology (adapters/redis/connect.ts connects to it). */
export type RedisConfig =
  | { kind: "single"; url: string; password?: string }
  | { kind: "cluster"; nodes: HostPort[]; password?: string }
  | { kind: "sentinel"; sentinels: HostPort[]; name: string; password?: string; sentinelPassword?: string };

/**
 * Parses `host:port,host:port` (IPv6 as `[::1]:7000`); a bad entry is a ConfigError naming
 * `variable` and the entry's position, never the entry itself (a misplaced user:password@ would land
 * in the log).
 */
export function parseHostPorts(value: string, variable = "host:port list"): HostPort[] {
  const entries = list(value);
  if (!entries.length) throw new ConfigError(variable, "names no host:port");
  return entries.map((raw, i) => {
    const m = /^(?:\[([0-9a-fA-F:.]+)\]|([^:\s[\]@]+)):(\d{1,5})$/.exec(raw);
    const port = m ? Number(m[3]) : 0;
    if (!m || port < 1 || port > 65535)
      throw new ConfigError(
        variable,
        `has an entry that is not host:port (entry ${i + 1}; credentials go in REDIS_PASSWORD)`,
      );
    return { host: m[1] ?? m[2], port };
  });
}

/** REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS (+ REDIS_SENTINEL_NAME): at most one. */
function redisConfig(e: Env): RedisConfig | undefined {
  const given = (["REDIS_URL", "REDIS_CLUSTER_NODES", "REDIS_SENTINELS"] as const).filter((k) => e[k]);
  if (given.length > 1)
    throw new ConfigError(
      given[1],
      `cannot be combined with ${given[0]}: set one of REDIS_URL (one node), REDIS_CLUSTER_NODES (a cluster) or REDIS_SENTINELS with REDIS_SENTINEL_NAME (Sentinel)`,
    );
  if (e.REDIS_SENTINEL_NAME && !e.REDIS_SENTINELS)
    throw new ConfigError("REDIS_SENTINEL_NAME", "is set without REDIS_SENTINELS (the sentinels' host:port list)");
  const password = e.REDIS_PASSWORD;
  if (e.REDIS_CLUSTER_NODES)
    return { kind: "cluster", nodes: parseHostPorts(e.REDIS_CLUSTER_NODES, "REDIS_CLUSTER_NODES"), password };
  if (e.REDIS_SENTINELS) {
    if (!e.REDIS_SENTINEL_NAME)
      throw new ConfigError(
        "REDIS_SENTINEL_NAME",
        "is required with REDIS_SENTINELS (the master's name the sentinels monitor)",
      );
    return {
      kind: "sentinel",
      sentinels: parseHostPorts(e.REDIS_SENTINELS, "REDIS_SENTINELS"),
      name: e.REDIS_SENTINEL_NAME,
      password,
      sentinelPassword: e.REDIS_SENTINEL_PASSWORD,
    };
  }
  if (e.REDIS_URL) return { kind: "single", url: e.REDIS_URL, password };
  return undefined;
}

const list = (s?: string) =>
  (s ?? "")
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);
const truthy = (s?: string) => s === "true" || s === "1";

/** Parses a comma-separated list of base64 32-byte keys. */
export function parseMasterKeys(value: string): Uint8Array[] {
  return value.split(",").map((k) => {
    const raw = Buffer.from(k.trim(), "base64");
    if (raw.length !== 32)
      throw new ConfigError(
        "SSO_MASTER_KEY",
        "must be 32 random bytes in base64 (openssl rand -base64 32), comma-separated for rotation",
      );
    return new Uint8Array(raw);
  });
}

/** The `default` of every variable that has one. */
const defaults = (): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(VARIABLES) as [string, Variable][])
    if (v.default !== undefined) out[name] = v.default;
  return out;
};

/** Edit distance (insertions, deletions, substitutions) between two names. */
export function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/**
 * Start-up warnings for `SSO_*` variables the service does not know (CONTRACT §19): a typo such as
 * `SSO_ISUER` would otherwise start silently with the default. Each names the nearest known
 * variable; the value is never repeated (it may be a secret).
 */
export function unknownVariableWarnings(env: Record<string, string | undefined>): string[] {
  const known = Object.keys(VARIABLES);
  const out: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith("SSO_") || name in VARIABLES) continue;
    const upper = name.toUpperCase();
    let best = known[0];
    let distance = Number.POSITIVE_INFINITY;
    for (const k of known) {
      const d = levenshtein(upper, k);
      if (d < distance) [best, distance] = [k, d];
    }
    out.push(
      `${name} is not a variable this service reads (ignored): did you mean ${best}? Every variable is listed in README.md, "Configuration".`,
    );
  }
  return out;
}

/** Validates the environment and returns the typed configuration, or throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(VARIABLES)) {
    const v = env[key];
    if (v !== undefined && v !== "") picked[key] = v;
  }
  const first = Value.Errors(EnvSchema, picked).First();
  if (first) {
    const variable = first.path.replace(/^\//, "") as Name;
    throw new ConfigError(variable, `has an unusable value: ${first.message.toLowerCase()} (${hint(variable)})`);
  }
  const e = { ...defaults(), ...picked } as Parsed;
  const port = Number(e.PORT);
  if (port < 1 || port > 65535) throw new ConfigError("PORT", "must be between 1 and 65535");
  const storage = e.SSO_STORAGE;
  if (storage === "postgres" && !e.DATABASE_URL)
    throw new ConfigError("DATABASE_URL", "is required when SSO_STORAGE=postgres");
  if (storage === "mongo" && !e.MONGODB_URL) throw new ConfigError("MONGODB_URL", "is required when SSO_STORAGE=mongo");
  if (storage !== "embedded" && !e.SSO_MASTER_KEY)
    throw new ConfigError(
      "SSO_MASTER_KEY",
      `is required when SSO_STORAGE=${storage} (generate one with: openssl rand -base64 32)`,
    );
  const rotation = Number(e.SSO_KEY_ROTATION_DAYS);
  if (!(rotation > 0)) throw new ConfigError("SSO_KEY_ROTATION_DAYS", "must be greater than 0");
  // The bootstrap admin's address becomes an identity: the same rules as every other (kernel/email.ts).
  const adminEmailProblem = emailProblem(e.SSO_BOOTSTRAP_ADMIN_EMAIL);
  if (adminEmailProblem) throw new ConfigError("SSO_BOOTSTRAP_ADMIN_EMAIL", adminEmailProblem);
  const keyLease = Number(e.SSO_KEY_LEASE_SECONDS);
  // Shorter than 5 s could expire under a live holder still making a key (two keys for one rotation).
  if (keyLease < 5 || keyLease > 3600) throw new ConfigError("SSO_KEY_LEASE_SECONDS", "must be between 5 and 3600");
  const signerNice = Number(e.SSO_SIGNER_NICE);
  if (signerNice > 19)
    throw new ConfigError(
      "SSO_SIGNER_NICE",
      "must be between 0 and 19 (a Linux nice value; 0 keeps the process's priority)",
    );
  // SSO_TOKEN_CONTEXT_SECONDS is the former name of SSO_CACHE_SECONDS: either may be set, not both differently.
  if (
    picked.SSO_CACHE_SECONDS !== undefined &&
    picked.SSO_TOKEN_CONTEXT_SECONDS !== undefined &&
    Number(picked.SSO_CACHE_SECONDS) !== Number(picked.SSO_TOKEN_CONTEXT_SECONDS)
  )
    throw new ConfigError("SSO_TOKEN_CONTEXT_SECONDS", "is the former name of SSO_CACHE_SECONDS; set only one of them");
  const cacheVariable =
    picked.SSO_CACHE_SECONDS === undefined && picked.SSO_TOKEN_CONTEXT_SECONDS !== undefined
      ? "SSO_TOKEN_CONTEXT_SECONDS"
      : "SSO_CACHE_SECONDS";
  const cacheSeconds = Number(
    cacheVariable === "SSO_TOKEN_CONTEXT_SECONDS" ? e.SSO_TOKEN_CONTEXT_SECONDS : e.SSO_CACHE_SECONDS,
  );
  if (cacheSeconds > 600) throw new ConfigError(cacheVariable, "must be between 0 and 600");
  const issuer = (e.SSO_ISSUER ?? `http://localhost:${port}`).replace(/\/+$/, "");
  const origins = (variable: string, value: string | undefined) =>
    list(value).map((o) => {
      let origin: string;
      try {
        origin = new URL(o).origin;
      } catch {
        throw new ConfigError(variable, `has an entry that is not an origin: ${o} (write scheme://host[:port])`);
      }
      if (origin === "null" || origin !== o.replace(/\/+$/, ""))
        throw new ConfigError(
          variable,
          `has an entry that is not an origin: ${o} (write scheme://host[:port], no path)`,
        );
      return origin;
    });
  const corsOrigins = origins("SSO_CORS_ORIGINS", e.SSO_CORS_ORIGINS);
  // A front end allowed to call the session endpoints cross-origin may use the cookie too.
  const webOrigins = [
    ...new Set([new URL(issuer).origin, ...origins("SSO_WEB_ORIGINS", e.SSO_WEB_ORIGINS), ...corsOrigins]),
  ];
  const trustedProxies = list(e.SSO_TRUSTED_PROXIES);
  const webauthn = webauthnConfig(
    issuer,
    e.SSO_WEBAUTHN_RP_ID,
    origins("SSO_WEBAUTHN_ORIGINS", e.SSO_WEBAUTHN_ORIGINS),
  );
  const redis = redisConfig(e);
  // An issuer on an IP address has no domain to send from: `localhost` stands in until one is set.
  const issuerHost = new URL(issuer).hostname;
  const mailDomain = /^[a-z0-9.-]+$/i.test(issuerHost) && /[a-z]/i.test(issuerHost) ? issuerHost : "localhost";
  const sender = parseMailSender(e.SSO_MAIL_FROM ?? `no-reply@${mailDomain}`);
  if ("problem" in sender) throw new ConfigError("SSO_MAIL_FROM", sender.problem);
  const mailFrom = sender;
  for (const p of trustedProxies)
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p))
      throw new ConfigError("SSO_TRUSTED_PROXIES", `has an entry that is not an address or CIDR range: ${p}`);
  return {
    port,
    host: e.HOST,
    issuer,
    storage,
    dataDir: e.SSO_DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    pgPooler: e.SSO_PG_POOLER,
    databaseReadUrl: e.DATABASE_READ_URL,
    mongodbUrl: e.MONGODB_URL,
    redis,
    redisPrefix: e.SSO_REDIS_PREFIX,
    redisMinReplicasAck: Number(e.SSO_REDIS_MIN_REPLICAS_ACK ?? (redis && redis.kind !== "single" ? 1 : 0)),
    redisWaitMs: Math.max(1, Number(e.SSO_REDIS_WAIT_MS)),
    masterKeys: e.SSO_MASTER_KEY ? parseMasterKeys(e.SSO_MASTER_KEY) : undefined,
    mailer: e.SSO_MAILER,
    mailFrom,
    bootstrapAdminEmail: normalizeEmail(e.SSO_BOOTSTRAP_ADMIN_EMAIL),
    bootstrapAdminPassword: e.SSO_BOOTSTRAP_ADMIN_PASSWORD,
    googleJwksUrl: e.SSO_GOOGLE_JWKS_URL,
    microsoftJwksUrl: e.SSO_MICROSOFT_JWKS_URL,
    googleClientIds: list(e.SSO_GOOGLE_CLIENT_IDS),
    microsoftClientIds: list(e.SSO_MICROSOFT_CLIENT_IDS),
    microsoftRequireVerifiedEmail: truthy(e.SSO_MICROSOFT_REQUIRE_VERIFIED_EMAIL),
    webhookAllowPrivate: truthy(e.SSO_WEBHOOK_ALLOW_PRIVATE),
    dnsServers: e.SSO_DNS_SERVERS
      ? parseHostPorts(e.SSO_DNS_SERVERS, "SSO_DNS_SERVERS").map((h) =>
          h.host.includes(":") ? `[${h.host}]:${h.port}` : `${h.host}:${h.port}`,
        )
      : [],
    rateLimit: e.SSO_RATE_LIMIT === "on",
    defaultMaxApplications: Number(e.SSO_DEFAULT_MAX_APPLICATIONS),
    keyRotationDays: rotation,
    keyCheckSeconds: Number(e.SSO_KEY_CHECK_SECONDS),
    keyLeaseSeconds: keyLease,
    cacheSeconds,
    signer: e.SSO_SIGNER,
    opensslLibrary: e.SSO_OPENSSL_LIBRARY,
    // One more signer than CPUs: the request thread shares the cores and often waits on Redis or
    // Postgres; an extra signer keeps every core busy meanwhile (docs/decisions.md, issue 30).
    signerThreads: Math.max(1, Number(e.SSO_SIGNER_THREADS ?? (navigator.hardwareConcurrency ?? 2) + 1)),
    signerNice,
    hashConcurrency: Math.max(1, Number(e.SSO_HASH_CONCURRENCY ?? Math.max(2, navigator.hardwareConcurrency ?? 2))),
    dbPoolSize: Math.max(1, Number(e.SSO_DB_POOL_SIZE)),
    logLevel: e.SSO_LOG_LEVEL,
    webOrigins,
    webauthn,
    corsOrigins,
    trustedProxies,
    limits: {
      clientPerMinute: Number(e.SSO_CLIENT_RATE_LIMIT),
      loginPerIpPerMinute: Number(e.SSO_LOGIN_RATE_LIMIT),
      passwordPerIpPerMinute: Number(e.SSO_PASSWORD_RATE_LIMIT),
    },
    shutdownGraceSeconds: Number(e.SSO_SHUTDOWN_GRACE_SECONDS),
    webhookTimeoutSeconds: Math.max(1, Number(e.SSO_WEBHOOK_TIMEOUT_SECONDS)),
    importMaxMiB: Math.min(512, Math.max(1, Number(e.SSO_IMPORT_MAX_MIB))),
  };
}

/**
 * The WebAuthn relying party (CONTRACT §14): RP ID = the issuer's host unless SSO_WEBAUTHN_RP_ID
 * widens it to a parent domain; origins = the issuer's plus SSO_WEBAUTHN_ORIGINS, each of whose
 * hosts must be the RP ID or a subdomain of it (browsers refuse anything else).
 */
export function webauthnConfig(
  issuer: string,
  rpIdVar: string | undefined,
  extraOrigins: string[],
): { rpId: string; origins: string[] } {
  const host = new URL(issuer).hostname;
  const rpId = (rpIdVar ?? host).trim().toLowerCase().replace(/\.$/, "");
  const within = (h: string) => h === rpId || h.endsWith(`.${rpId}`);
  // A parent must itself be a registrable name (browsers refuse a bare top-level domain).
  if (!/^[a-z0-9.-]+$/.test(rpId) || !within(host) || (rpId !== host && !rpId.includes(".")))
    throw new ConfigError(
      "SSO_WEBAUTHN_RP_ID",
      `must be the issuer's host (${host}) or a parent domain of it; got ${rpIdVar}`,
    );
  for (const o of extraOrigins)
    if (!within(new URL(o).hostname))
      throw new ConfigError("SSO_WEBAUTHN_ORIGINS", `${o} is not on ${rpId} or a subdomain of it`);
  return { rpId, origins: [...new Set([new URL(issuer).origin, ...extraOrigins])] };
}
