// One place decides which tokens reach which /api/** route: each route's declaration (src/http/guard.ts).
import { describe, expect, test } from "bun:test";
import { Elysia } from "elysia";
import { createApp } from "../../src/app";
import { createLogger, createMetrics } from "../../src/http/observability";
import { tokens } from "../../src/http/guard";
import { apiRoutes, SECURITY_MD, withTokenTable } from "../../scripts/token-table";

const base = () => ({ log: createLogger("silent"), metrics: createMetrics() });

describe("the token table", () => {
  test("every /api/** route declares its token rule", () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.filter((r) => !r.rule).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  test("docs/security.md's table is the one rendered from the declarations", async () => {
    const doc = await Bun.file(SECURITY_MD).text();
    if (withTokenTable(doc) !== doc)
      throw new Error(
        "docs/security.md's token table differs from the routes' declarations: run `npm run token:table` (bun scripts/token-table.ts --write)",
      );
  });

  test("an /api/** route without a declaration stops the app from being built", () => {
    const undeclared = new Elysia().get("/api/forgotten", () => "x", { detail: { summary: "no rule" } });
    expect(() => createApp(base(), undeclared)).toThrow("GET /api/forgotten declares no token rule");
    const declared = new Elysia().get("/api/declared", () => "x", { detail: { ...tokens("self") } });
    expect(() => createApp(base(), declared)).not.toThrow();
    // Routes outside /api/** (pages, /oauth2/**) answer by their own protocol's rules.
    expect(() =>
      createApp(
        base(),
        new Elysia().get("/pages/x", () => "x"),
      ),
    ).not.toThrow();
  });
});
