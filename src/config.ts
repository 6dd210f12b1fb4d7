/**
 * Configuration: every environment variable the service reads, with its default, in one place.
 * Parsed once at start; a bad value stops the start with one line naming the variable.
 * Nothing else in the code reads the environment (test/arch.test.ts checks this).
 */
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { normalizeEmail } from "./kernel/email";

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

/** The environment schema; `description` is what the README's configuration table says. */
export const EnvSchema = Type.Object({
  PORT: Type.Optional(Type.String({ pattern: "^[0-9]{1,5}$", description: "HTTP port (default 3000)" })),
  HOST: Type.Optional(Type.String({ minLength: 1, description: "Listen address (default 0.0.0.0)" })),
  SSO_ISSUER: Type.Optional(
    Type.String({ pattern: "^https?://[^\\s]+$", description: "Issuer URL (default http://localhost:$PORT)" }),
  ),
  SSO_STORAGE: Type.Optional(Type.Union([Type.Literal("embedded"), Type.Literal("postgres"), Type.Literal("mongo")])),
  SSO_DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: "^postgres(ql)?://" })),
  // Behind PgBouncer / read replica (docs/decisions.md, "Behind PgBouncer", "Read replica").
  SSO_PG_POOLER: Type.Optional(
    Type.Union([Type.Literal("none"), Type.Literal("transaction")], {
      description: "transaction: DATABASE_URL is a transaction-mode pooler such as PgBouncer (default none)",
    }),
  ),
  DATABASE_DIRECT_URL: Type.Optional(
    Type.String({
      pattern: "^postgres(ql)?://",
      description: "no longer used (nothing LISTENs any more); still accepted so existing deployments start",
    }),
  ),
  DATABASE_READ_URL: Type.Optional(
    Type.String({
      pattern: "^postgres(ql)?://",
      description: "a streaming replica for listings and logs that may lag",
    }),
  ),
  MONGODB_URL: Type.Optional(Type.String({ pattern: "^mongodb(\\+srv)?://" })),
  REDIS_URL: Type.Optional(Type.String({ pattern: "^rediss?://" })),
  SSO_REDIS_PREFIX: Type.Optional(Type.String({ pattern: "^[A-Za-z0-9:_-]{1,64}$" })),
  // Redis Cluster and Sentinel (docs/sessions.md, "Redis Cluster and Sentinel"): one of REDIS_URL,
  // REDIS_CLUSTER_NODES, REDIS_SENTINELS (+ REDIS_SENTINEL_NAME).
  REDIS_CLUSTER_NODES: Type.Optional(
    Type.String({
      pattern: "^[^\\s,]+:[0-9]{1,5}(,[^\\s,]+:[0-9]{1,5})*$",
      description: "comma-separated host:port seed nodes of a Redis Cluster",
    }),
  ),
  REDIS_SENTINELS: Type.Optional(
    Type.String({
      pattern: "^[^\\s,]+:[0-9]{1,5}(,[^\\s,]+:[0-9]{1,5})*$",
      description: "comma-separated host:port of Redis Sentinels",
    }),
  ),
  REDIS_SENTINEL_NAME: Type.Optional(
    Type.String({ pattern: "^[A-Za-z0-9._-]{1,64}$", description: "the master's name the sentinels monitor" }),
  ),
  REDIS_PASSWORD: Type.Optional(Type.String({ minLength: 1 })),
  REDIS_SENTINEL_PASSWORD: Type.Optional(Type.String({ minLength: 1 })),
  SSO_REDIS_MIN_REPLICAS_ACK: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,2}$",
      description:
        "replicas that must acknowledge each session write (default 1 with a cluster or Sentinel, 0 with REDIS_URL)",
    }),
  ),
  SSO_REDIS_WAIT_MS: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,5}$",
      description: "milliseconds a session write waits for replica acknowledgements (default 1000)",
    }),
  ),
  SSO_MASTER_KEY: Type.Optional(Type.String({ minLength: 1 })),
  SSO_MAILER: Type.Optional(Type.String({ pattern: "^(log|file:.+|smtps?://.+)$" })),
  SSO_BOOTSTRAP_ADMIN_EMAIL: Type.Optional(Type.String({ pattern: "^[^@\\s]+@[^@\\s]+$" })),
  SSO_BOOTSTRAP_ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
  SSO_GOOGLE_JWKS_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  SSO_MICROSOFT_JWKS_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  SSO_GOOGLE_CLIENT_IDS: Type.Optional(Type.String()),
  SSO_MICROSOFT_CLIENT_IDS: Type.Optional(Type.String()),
  SSO_MICROSOFT_REQUIRE_VERIFIED_EMAIL: Type.Optional(Bool),
  SSO_WEBHOOK_ALLOW_PRIVATE: Type.Optional(Bool),
  SSO_RATE_LIMIT: Type.Optional(Type.Union([Type.Literal("on"), Type.Literal("off")])),
  SSO_DEFAULT_MAX_APPLICATIONS: Type.Optional(Type.String({ pattern: "^[0-9]{1,6}$" })),
  SSO_KEY_ROTATION_DAYS: Type.Optional(Type.String({ pattern: "^[0-9]+(\\.[0-9]+)?$" })),
  SSO_KEY_CHECK_SECONDS: Type.Optional(Type.String({ pattern: "^[0-9]{1,6}$" })),
  SSO_KEY_LEASE_SECONDS: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,4}$",
      description: "seconds the key-rotation lease lasts when its holder dies mid-step (5..3600, default 60)",
    }),
  ),
  SSO_HASH_CONCURRENCY: Type.Optional(Type.String({ pattern: "^[0-9]{1,3}$" })),
  SSO_CACHE_SECONDS: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,3}$",
      description:
        "longest any directory data (applications, clients, token contexts, claims mappings) is served from an instance's memory when a change announcement was lost (0..600, default 60; 0 = read every time)",
    }),
  ),
  SSO_TOKEN_CONTEXT_SECONDS: Type.Optional(
    Type.String({ pattern: "^[0-9]{1,3}$", description: "the former name of SSO_CACHE_SECONDS, still accepted" }),
  ),
  SSO_DB_POOL_SIZE: Type.Optional(Type.String({ pattern: "^[0-9]{1,3}$" })),
  SSO_WEB_ORIGINS: Type.Optional(
    Type.String({
      description:
        "comma-separated origins (scheme://host[:port]) allowed to use the web-session cookie, besides the issuer's",
    }),
  ),
  SSO_CORS_ORIGINS: Type.Optional(
    Type.String({
      description:
        "comma-separated origins (scheme://host[:port]) whose browsers may call the sign-in, session and token endpoints",
    }),
  ),
  SSO_TRUSTED_PROXIES: Type.Optional(
    Type.String({ description: "comma-separated proxy addresses or CIDR ranges whose X-Forwarded-For is believed" }),
  ),
  SSO_CLIENT_RATE_LIMIT: Type.Optional(
    Type.String({ pattern: "^[0-9]{1,7}$", description: "token requests per client per minute (default 300)" }),
  ),
  SSO_LOGIN_RATE_LIMIT: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,7}$",
      description: "sign-in attempts per client address per minute (default 100)",
    }),
  ),
  SSO_PASSWORD_RATE_LIMIT: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,7}$",
      description: "password forgot/reset requests per client address per minute (default 30)",
    }),
  ),
  SSO_WEBHOOK_TIMEOUT_SECONDS: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,2}$",
      description: "seconds a webhook receiver gets to answer one attempt (default 10)",
    }),
  ),
  SSO_IMPORT_MAX_MIB: Type.Optional(
    Type.String({ pattern: "^[0-9]{1,3}$", description: "largest /api/import body in MiB (default 16)" }),
  ),
  SSO_SHUTDOWN_GRACE_SECONDS: Type.Optional(
    Type.String({
      pattern: "^[0-9]{1,4}$",
      description: "seconds in-flight requests get to finish on SIGTERM (default 10)",
    }),
  ),
  SSO_LOG_LEVEL: Type.Optional(
    Type.Union([
      Type.Literal("debug"),
      Type.Literal("info"),
      Type.Literal("warn"),
      Type.Literal("error"),
      Type.Literal("silent"),
    ]),
  ),
});

export type Env = Static<typeof EnvSchema>;

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
  bootstrapAdminEmail: string;
  bootstrapAdminPassword?: string;
  googleJwksUrl: string;
  microsoftJwksUrl: string;
  googleClientIds: string[];
  microsoftClientIds: string[];
  /** A first Microsoft sign-in links an account only when the id_token says `xms_edov` true. */
  microsoftRequireVerifiedEmail: boolean;
  webhookAllowPrivate: boolean;
  rateLimit: boolean;
  defaultMaxApplications: number;
  keyRotationDays: number;
  keyCheckSeconds: number;
  /** How long the key-rotation lease lasts: the longest a dead holder blocks rotation (SSO_KEY_LEASE_SECONDS). */
  keyLeaseSeconds: number;
  hashConcurrency: number;
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

/** Validates the environment and returns the typed configuration, or throws ConfigError. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const picked: Record<string, string> = {};
  for (const key of Object.keys(EnvSchema.properties)) {
    const v = env[key];
    if (v !== undefined && v !== "") picked[key] = v;
  }
  const first = Value.Errors(EnvSchema, picked).First();
  if (first) {
    const variable = first.path.replace(/^\//, "");
    const prop = (EnvSchema.properties as Record<string, { description?: string }>)[variable];
    const hint = prop?.description ? ` (${prop.description})` : "";
    throw new ConfigError(variable, `has an unusable value: ${first.message.toLowerCase()}${hint}`);
  }
  const e = picked as Env;
  const port = Number(e.PORT ?? 3000);
  if (port < 1 || port > 65535) throw new ConfigError("PORT", "must be between 1 and 65535");
  const storage = e.SSO_STORAGE ?? "embedded";
  if (storage === "postgres" && !e.DATABASE_URL)
    throw new ConfigError("DATABASE_URL", "is required when SSO_STORAGE=postgres");
  if (storage === "mongo" && !e.MONGODB_URL) throw new ConfigError("MONGODB_URL", "is required when SSO_STORAGE=mongo");
  if (storage !== "embedded" && !e.SSO_MASTER_KEY)
    throw new ConfigError(
      "SSO_MASTER_KEY",
      `is required when SSO_STORAGE=${storage} (generate one with: openssl rand -base64 32)`,
    );
  const rotation = Number(e.SSO_KEY_ROTATION_DAYS ?? 30);
  if (!(rotation > 0)) throw new ConfigError("SSO_KEY_ROTATION_DAYS", "must be greater than 0");
  const keyLease = Number(e.SSO_KEY_LEASE_SECONDS ?? 60);
  // Shorter than 5 s could expire under a live holder still making a key (two keys for one rotation).
  if (keyLease < 5 || keyLease > 3600) throw new ConfigError("SSO_KEY_LEASE_SECONDS", "must be between 5 and 3600");
  if (
    e.SSO_CACHE_SECONDS !== undefined &&
    e.SSO_TOKEN_CONTEXT_SECONDS !== undefined &&
    Number(e.SSO_CACHE_SECONDS) !== Number(e.SSO_TOKEN_CONTEXT_SECONDS)
  )
    throw new ConfigError("SSO_TOKEN_CONTEXT_SECONDS", "is the former name of SSO_CACHE_SECONDS; set only one of them");
  const cacheVariable = e.SSO_CACHE_SECONDS !== undefined ? "SSO_CACHE_SECONDS" : "SSO_TOKEN_CONTEXT_SECONDS";
  const cacheSeconds = Number(e.SSO_CACHE_SECONDS ?? e.SSO_TOKEN_CONTEXT_SECONDS ?? 60);
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
  const redis = redisConfig(e);
  for (const p of trustedProxies)
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(p))
      throw new ConfigError("SSO_TRUSTED_PROXIES", `has an entry that is not an address or CIDR range: ${p}`);
  return {
    port,
    host: e.HOST ?? "0.0.0.0",
    issuer,
    storage,
    dataDir: e.SSO_DATA_DIR ?? "./data",
    databaseUrl: e.DATABASE_URL,
    pgPooler: e.SSO_PG_POOLER ?? "none",
    databaseReadUrl: e.DATABASE_READ_URL,
    mongodbUrl: e.MONGODB_URL,
    redis,
    redisPrefix: e.SSO_REDIS_PREFIX ?? "sso:",
    redisMinReplicasAck: Number(e.SSO_REDIS_MIN_REPLICAS_ACK ?? (redis && redis.kind !== "single" ? 1 : 0)),
    redisWaitMs: Math.max(1, Number(e.SSO_REDIS_WAIT_MS ?? 1000)),
    masterKeys: e.SSO_MASTER_KEY ? parseMasterKeys(e.SSO_MASTER_KEY) : undefined,
    mailer: e.SSO_MAILER ?? "log",
    bootstrapAdminEmail: normalizeEmail(e.SSO_BOOTSTRAP_ADMIN_EMAIL ?? "admin@example.com"),
    bootstrapAdminPassword: e.SSO_BOOTSTRAP_ADMIN_PASSWORD,
    googleJwksUrl: e.SSO_GOOGLE_JWKS_URL ?? "https://www.googleapis.com/oauth2/v3/certs",
    microsoftJwksUrl: e.SSO_MICROSOFT_JWKS_URL ?? "https://login.microsoftonline.com/common/discovery/v2.0/keys",
    googleClientIds: list(e.SSO_GOOGLE_CLIENT_IDS),
    microsoftClientIds: list(e.SSO_MICROSOFT_CLIENT_IDS),
    microsoftRequireVerifiedEmail: truthy(e.SSO_MICROSOFT_REQUIRE_VERIFIED_EMAIL),
    webhookAllowPrivate: truthy(e.SSO_WEBHOOK_ALLOW_PRIVATE),
    rateLimit: (e.SSO_RATE_LIMIT ?? "on") === "on",
    defaultMaxApplications: Number(e.SSO_DEFAULT_MAX_APPLICATIONS ?? 10),
    keyRotationDays: rotation,
    keyCheckSeconds: Number(e.SSO_KEY_CHECK_SECONDS ?? 60),
    keyLeaseSeconds: keyLease,
    cacheSeconds,
    hashConcurrency: Math.max(1, Number(e.SSO_HASH_CONCURRENCY ?? Math.max(2, navigator.hardwareConcurrency ?? 2))),
    dbPoolSize: Math.max(1, Number(e.SSO_DB_POOL_SIZE ?? 10)),
    logLevel: e.SSO_LOG_LEVEL ?? "info",
    webOrigins,
    corsOrigins,
    trustedProxies,
    limits: {
      clientPerMinute: Number(e.SSO_CLIENT_RATE_LIMIT ?? 300),
      loginPerIpPerMinute: Number(e.SSO_LOGIN_RATE_LIMIT ?? 100),
      passwordPerIpPerMinute: Number(e.SSO_PASSWORD_RATE_LIMIT ?? 30),
    },
    shutdownGraceSeconds: Number(e.SSO_SHUTDOWN_GRACE_SECONDS ?? 10),
    webhookTimeoutSeconds: Math.max(1, Number(e.SSO_WEBHOOK_TIMEOUT_SECONDS ?? 10)),
    importMaxMiB: Math.min(512, Math.max(1, Number(e.SSO_IMPORT_MAX_MIB ?? 16))),
  };
}
