import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./adapters/postgres/schema.ts",
  out: "./adapters/postgres/migrations",
});
