/**
 * Configuration: every environment variable the service reads, with its default, in one place.
 * Parsed once at start; a bad value stops the start with one line naming the variable.
 * Nothing else in the code reads the environment (test/arch.test.ts checks this).
 */
import { Type, type Static } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";

export class ConfigError extends Error {
  constructor(readonly variable: string, message: string) {
    super(`invalid configuration: ${variable} ${message}`);
    this.name = "ConfigError";
  }
}

const Bool = Type.Union([Type.Literal("true"), Type.Literal("false"), Type.Literal("1"), Type.Literal("0")]);

/** The environment schema; `description` is what the README's configuration table says. */
export const EnvSchema = Type.Object({
  PORT: Type.Optional(Type.String({ pattern: "^[0-9]{1,5}$", description: "HTTP port (default 3000)" })),
  HOST: Type.Optional(Type.String({ minLength: 1, description: "Listen address (default 0.0.0.0)" })),
  SSO_ISSUER: Type.Optional(Type.String({ pattern: "^https?://[^\\s]+$", description: "Issuer URL (default http://localhost:$PORT)" })),
  SSO_STORAGE: Type.Optional(Type.Union([Type.Literal("embedded"), Type.Literal("postgres"), Type.Literal("mongo")])),
  SSO_DATA_DIR: Type.Optional(Type.String({ minLength: 1 })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: "^postgres(ql)?://" })),
  MONGODB_URL: Type.Optional(Type.String({ pattern: "^mongodb(\\+srv)?://" })),
  REDIS_URL: Type.Optional(Type.String({ pattern: "^rediss?://" })),
  SSO_REDIS_PREFIX: Type.Optional(Type.String({ pattern: "^[A-Za-z0-9:_-]{1,64}$" })),
  SSO_MASTER_KEY: Type.Optional(Type.String({ minLength: 1 })),
  SSO_MAILER: Type.Optional(Type.String({ pattern: "^(log|file:.+|smtps?://.+)$" })),
  SSO_BOOTSTRAP_ADMIN_EMAIL: Type.Optional(Type.String({ pattern: "^[^@\\s]+@[^@\\s]+$" })),
  SSO_BOOTSTRAP_ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8, maxLength: 200 })),
  SSO_GOOGLE_JWKS_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  SSO_MICROSOFT_JWKS_URL: Type.Optional(Type.String({ pattern: "^https?://" })),
  SSO_GOOGLE_CLIENT_IDS: Type.Optional(Type.String()),
  SSO_MICROSOFT_CLIENT_IDS: Type.Optional(Type.String()),
  SSO_WEBHOOK_ALLOW_PRIVATE: Type.Optional(Bool),
  SSO_RATE_LIMIT: Type.Optional(Type.Union([Type.Literal("on"), Type.Literal("off")])),
  SSO_DEFAULT_MAX_APPLICATIONS: Type.Optional(Type.String({ pattern: "^[0-9]{1,6}$" })),
  SSO_KEY_ROTATION_DAYS: Type.Optional(Type.String({ pattern: "^[0-9]+(\\.[0-9]+)?$" })),
  SSO_KEY_CHECK_SECONDS: Type.Optional(Type.String({ pattern: "^[0-9]{1,6}$" })),
  SSO_HASH_CONCURRENCY: Type.Optional(Type.String({ pattern: "^[0-9]{1,3}$" })),
  SSO_DB_POOL_SIZE: Type.Optional(Type.String({ pattern: "^[0-9]{1,3}$" })),
  SSO_LOG_LEVEL: Type.Optional(Type.Union([Type.Literal("debug"), Type.Literal("info"), Type.Literal("warn"), Type.Literal("error"), Type.Literal("silent")])),
});

export type Env = Static<typeof EnvSchema>;

export interface Config {
  port: number;
  host: string;
  issuer: string;
  storage: "embedded" | "postgres" | "mongo";
  dataDir: string;
  databaseUrl?: string;
  mongodbUrl?: string;
  redisUrl?: string;
  redisPrefix: string;
  /** Raw master keys (32 bytes each); undefined in embedded mode until the data dir provides one. */
  masterKeys?: Uint8Array[];
  mailer: string;
  bootstrapAdminEmail: string;
  bootstrapAdminPassword?: string;
  googleJwksUrl: string;
  microsoftJwksUrl: string;
  googleClientIds: string[];
  microsoftClientIds: string[];
  webhookAllowPrivate: boolean;
  rateLimit: boolean;
  defaultMaxApplications: number;
  keyRotationDays: number;
  keyCheckSeconds: number;
  hashConcurrency: number;
  dbPoolSize: number;
  logLevel: "debug" | "info" | "warn" | "error" | "silent";
}

const list = (s?: string) => (s ?? "").split(",").map((x) => x.trim()).filter(Boolean);
const truthy = (s?: string) => s === "true" || s === "1";

/** Parses a comma-separated list of base64 32-byte keys. */
export function parseMasterKeys(value: string): Uint8Array[] {
  return value.split(",").map((k) => {
    const raw = Buffer.from(k.trim(), "base64");
    if (raw.length !== 32) throw new ConfigError("SSO_MASTER_KEY", "must be 32 random bytes in base64 (openssl rand -base64 32), comma-separated for rotation");
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
  if (storage === "postgres" && !e.DATABASE_URL) throw new ConfigError("DATABASE_URL", "is required when SSO_STORAGE=postgres");
  if (storage === "mongo" && !e.MONGODB_URL) throw new ConfigError("MONGODB_URL", "is required when SSO_STORAGE=mongo");
  if (storage !== "embedded" && !e.SSO_MASTER_KEY)
    throw new ConfigError("SSO_MASTER_KEY", `is required when SSO_STORAGE=${storage} (generate one with: openssl rand -base64 32)`);
  const rotation = Number(e.SSO_KEY_ROTATION_DAYS ?? 30);
  if (!(rotation > 0)) throw new ConfigError("SSO_KEY_ROTATION_DAYS", "must be greater than 0");
  const issuer = (e.SSO_ISSUER ?? `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    port,
    host: e.HOST ?? "0.0.0.0",
    issuer,
    storage,
    dataDir: e.SSO_DATA_DIR ?? "./data",
    databaseUrl: e.DATABASE_URL,
    mongodbUrl: e.MONGODB_URL,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.SSO_REDIS_PREFIX ?? "sso:",
    masterKeys: e.SSO_MASTER_KEY ? parseMasterKeys(e.SSO_MASTER_KEY) : undefined,
    mailer: e.SSO_MAILER ?? "log",
    bootstrapAdminEmail: (e.SSO_BOOTSTRAP_ADMIN_EMAIL ?? "admin@example.com").toLowerCase(),
    bootstrapAdminPassword: e.SSO_BOOTSTRAP_ADMIN_PASSWORD,
    googleJwksUrl: e.SSO_GOOGLE_JWKS_URL ?? "https://www.googleapis.com/oauth2/v3/certs",
    microsoftJwksUrl: e.SSO_MICROSOFT_JWKS_URL ?? "https://login.microsoftonline.com/common/discovery/v2.0/keys",
    googleClientIds: list(e.SSO_GOOGLE_CLIENT_IDS),
    microsoftClientIds: list(e.SSO_MICROSOFT_CLIENT_IDS),
    webhookAllowPrivate: truthy(e.SSO_WEBHOOK_ALLOW_PRIVATE),
    rateLimit: (e.SSO_RATE_LIMIT ?? "on") === "on",
    defaultMaxApplications: Number(e.SSO_DEFAULT_MAX_APPLICATIONS ?? 10),
    keyRotationDays: rotation,
    keyCheckSeconds: Number(e.SSO_KEY_CHECK_SECONDS ?? 60),
    hashConcurrency: Math.max(1, Number(e.SSO_HASH_CONCURRENCY ?? Math.max(2, navigator.hardwareConcurrency ?? 2))),
    dbPoolSize: Math.max(1, Number(e.SSO_DB_POOL_SIZE ?? 10)),
    logLevel: e.SSO_LOG_LEVEL ?? "info",
  };
}
