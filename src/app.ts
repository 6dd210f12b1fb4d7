/**
 * The root Elysia app: request ids, body limits, one error mapper (RFC 9457 for the API; a
 * protocol's own renderer on the paths it owns, src/http/protocol.ts), access logs, metrics,
 * OpenAPI, and every feature's and protocol's routes.
 */
import { openapi } from "@elysiajs/openapi";
import { Elysia } from "elysia";
import { beginRequestScope } from "./kernel/directory-cache";
import { DomainError } from "./kernel/errors";
import { answeredStatus, type Logger, type Metrics } from "./http/observability";
import { problemResponse } from "./http/problem";
import { readJsonBody } from "./http/body";
import { clientIp, createClientIpResolver } from "./http/context";
import { declaredRule, type TokenGate, type TokenRule } from "./http/guard";
import { corsHeaders, preflight } from "./http/cors";
import { finishOpenApi } from "./http/openapi";
import { docsRoutes } from "./http/docs";
import { faviconRoutes } from "./http/pages";
import type { EdgeFailure, ProtocolModule } from "./http/protocol";

const MiB = 1024 * 1024;
/** CONTRACT §1: 1 MiB bodies, 16 MiB for import (SSO_IMPORT_MAX_MIB raises the import limit). */
export const bodyLimitFor = (path: string, importMiB = 16) => (path.startsWith("/api/import") ? importMiB * MiB : MiB);

/** Driver messages can carry bound parameters (hashes, emails): log only their first line. */
const firstLine = (message: unknown) =>
  String(message ?? "")
    .split("\nparams:")[0]
    .split("\n")[0]
    .slice(0, 300);

interface Timing {
  t0: number;
  id: string;
  path: string;
  /** Status of an error response rendered by onError (set.status does not carry it). */
  status?: number;
}

function validationProblem(error: unknown): Response {
  // Elysia names the part that failed (body, query, params, headers); a root-level failure has no path.
  const type = String((error as { type?: string }).type ?? "body");
  const where = ["body", "query", "params", "headers", "cookie"].includes(type) ? type : "request";
  const all = (
    (error as { all?: { path?: string; message?: string; summary?: string; schema?: { error?: string } }[] }).all ?? []
  ).map((e) => ({
    field: (e.path ?? "").replace(/^\//, "").replace(/\//g, ".") || where,
    message: e.summary ?? e.message ?? "is invalid",
  }));
  const seen = new Set<string>();
  const errors = all.filter((e) => (seen.has(e.field + e.message) ? false : (seen.add(e.field + e.message), true)));
  const detail = errors.length
    ? `Invalid request: ${errors.map((e) => `${e.field} ${e.message}`.trim()).join("; ")}.`
    : "The request is invalid.";
  return problemResponse(
    new DomainError("VALIDATION_FAILED", detail, {
      errors: errors.length ? errors : [{ field: "body", message: "is invalid" }],
    }),
  );
}

/**
 * The root app around `routes`. Every error body is rendered by `renderError` below: on a path a
 * protocol owns, by that protocol's `renderError` (which builds it through src/http), else (and
 * when the protocol leaves it) as RFC 9457 through src/http/problem.ts.
 */
export function createApp(
  svc: {
    log: Logger;
    metrics: Metrics;
    trustedProxies?: string[];
    importMaxMiB?: number;
    corsOrigins?: string[];
    issuer?: string;
    /** Admits each `/api/**` request under the token rule its route declares (src/http/guard.ts). */
    gate?: TokenGate;
    /** The protocols whose routes `routes` mounts: each renders the errors of the paths it owns. */
    protocols?: readonly ProtocolModule[];
  },
  routes: Elysia<any, any, any, any, any, any, any>,
) {
  let finished: Record<string, unknown> | null = null;
  const cors = { origins: svc.corsOrigins ?? [] };
  /** Methods each route pattern answers, for 405; built on first use from the mounted routes. */
  let table: { re: RegExp; method: string; fixed: boolean }[] | null = null;
  const methodsOf = (path: string) => {
    table ??= (app.routes as { method: string; path: string }[]).map((r) => ({
      method: r.method,
      fixed: !r.path.includes(":"),
      re: new RegExp(`^${r.path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\/:[^/]+/g, "/[^/]+")}$`),
    }));
    const hits = table.filter((r) => r.re.test(path));
    // A fixed path (/api/applications/quota) is its own resource, not an id of a parameterized one.
    const own = hits.some((r) => r.fixed) ? hits.filter((r) => r.fixed) : hits;
    return [...new Set(own.map((r) => r.method))].filter((m) => m !== "HEAD").sort();
  };
  const limitFor = (path: string) => bodyLimitFor(path, svc.importMaxMiB);
  const resolveIp = createClientIpResolver(svc.trustedProxies ?? []);
  const timings = new WeakMap<Request, Timing>();
  /** The request's path, parsed once per request (onRequest stores it). */
  const pathOf = (request: Request) => timings.get(request)?.path ?? new URL(request.url).pathname;
  const protocols = svc.protocols ?? [];
  /** The protocol that owns the request's path, if one does. */
  const protocolOf = (request: Request) => protocols.find((p) => pathOf(request).startsWith(p.pathPrefix));

  function renderError(code: unknown, error: unknown, request: Request): Response {
    const protocol = protocolOf(request);
    /** The owning protocol's answer to `failure`, or null when none owns the path (or it leaves it). */
    const own = (failure: EdgeFailure) => protocol?.renderError(failure) ?? null;
    // The protocol's own refusals, from its routes, services or body parsers.
    const refusal = own({ kind: "thrown", error });
    if (refusal) return refusal;
    // Our capped body reader (413, or 400 for bad JSON); Elysia wraps it in ParseError.
    if (code === "PARSE" && (error as { cause?: unknown })?.cause instanceof DomainError)
      return problemResponse((error as { cause: DomainError }).cause);
    if (error instanceof DomainError) {
      if (error.code === "INTERNAL" || error.code === "UNAVAILABLE")
        svc.log.warn("request failed", {
          code: error.code,
          requestId: timings.get(request)?.id,
          cause: firstLine((error.cause as Error)?.message),
        });
      return (
        (error.code === "UNAVAILABLE" && own({ kind: "unavailable", detail: error.detail })) || problemResponse(error)
      );
    }
    if (code === "VALIDATION") return own({ kind: "invalid_body" }) ?? validationProblem(error);
    if (code === "PARSE") {
      return (
        own({ kind: "unparsable_body" }) ??
        problemResponse(
          new DomainError(
            "VALIDATION_FAILED",
            "The request body is not valid JSON (or does not match its Content-Type).",
            { errors: [{ field: "body", message: "could not be parsed" }] },
          ),
        )
      );
    }
    if (code === "NOT_FOUND") {
      // RFC 9110 §15.5.6: a path that exists with other methods is 405 with Allow.
      const allowed = methodsOf(pathOf(request));
      if (allowed.length)
        return (
          own({ kind: "method_not_allowed", allow: allowed }) ??
          problemResponse(new DomainError("METHOD_NOT_ALLOWED", `This endpoint takes ${allowed.join(", ")}.`), {
            allow: allowed.join(", "),
          })
        );
      return problemResponse(new DomainError("NOT_FOUND", "No such endpoint. See /openapi.json for the API."));
    }
    const msg = firstLine((error as Error)?.message);
    svc.log.error("unhandled error", {
      requestId: timings.get(request)?.id,
      code: String(code),
      error: msg,
      stack: (error as Error)?.stack
        ?.split("\n")
        .filter((l) => l.trim().startsWith("at "))
        .slice(0, 6)
        .join(" | "),
    });
    return (
      own({ kind: "internal" }) ??
      problemResponse(
        new DomainError(
          "INTERNAL",
          "An unexpected error occurred. It has been logged; quote the x-request-id header when reporting it.",
        ),
      )
    );
  }

  /** `METHOD path` → the token rule each `/api/**` route declares; filled once the routes are mounted. */
  const rules = new Map<string, TokenRule>();
  const gate = svc.gate;

  const app = new Elysia({ normalize: true })
    .onRequest(({ request, set, server }) => {
      beginRequestScope();
      resolveIp(request, server);
      const id = request.headers.get("x-request-id")?.slice(0, 128) || crypto.randomUUID();
      const path = new URL(request.url).pathname;
      timings.set(request, { t0: performance.now(), id, path });
      set.headers["x-request-id"] = id;
      const len = Number(request.headers.get("content-length") ?? 0);
      const pre = preflight(cors, request, path);
      if (pre) return pre;
      Object.assign(set.headers, corsHeaders(cors, request, path));
      if (len > limitFor(path)) {
        const limit = limitFor(path) / MiB;
        return (
          protocolOf(request)?.renderError({ kind: "too_large", limitMiB: limit }) ??
          problemResponse(new DomainError("PAYLOAD_TOO_LARGE", `The request body is larger than ${limit} MiB.`))
        );
      }
    })
    // Every JSON body is read here (src/http/body.ts): size cap, media type (415), strict keys.
    // A protocol's endpoints and the hosted pages under /pages/ read their own forms.
    .onParse(({ request }) =>
      protocolOf(request) || pathOf(request).startsWith("/pages/")
        ? undefined
        : readJsonBody(request, limitFor(pathOf(request))),
    )
    // CONTRACT §2: the token rule the matched route declares, checked before its body is validated.
    .onTransform(({ request, route, server }) => {
      if (!gate || !route?.startsWith("/api/")) return;
      const method = request.method === "HEAD" ? "GET" : request.method;
      return gate.admit(request, rules.get(`${method} ${route}`) ?? "management", clientIp(request, server));
    })
    .onError((ctx) => {
      const res = renderError(ctx.code, ctx.error, ctx.request);
      for (const [k, v] of Object.entries(corsHeaders(cors, ctx.request, pathOf(ctx.request)))) res.headers.set(k, v);
      const t = timings.get(ctx.request);
      if (t) t.status = res.status;
      return res;
    })
    .onAfterResponse((ctx) => {
      const t = timings.get(ctx.request);
      if (!t) return;
      const ms = performance.now() - t.t0;
      const rv = (ctx as { responseValue?: unknown }).responseValue;
      const status = answeredStatus(t.status, rv, ctx.set.status);
      const route = (ctx as { route?: string }).route || "unmatched";
      svc.metrics.observe(ctx.request.method, route, status, ms / 1000);
      svc.log.info("request", {
        method: ctx.request.method,
        route,
        status,
        ms: Math.round(ms * 100) / 100,
        requestId: t.id,
      });
    })
    // The generated document is finished once (src/http/openapi.ts) before it leaves.
    .mapResponse(({ request, responseValue }) => {
      if (
        pathOf(request) !== "/openapi.json" ||
        !responseValue ||
        typeof responseValue !== "object" ||
        responseValue instanceof Response
      )
        return;
      finished ??= finishOpenApi(
        responseValue as Record<string, unknown>,
        app.routes as never,
        svc.issuer ?? new URL(request.url).origin,
      );
      return Response.json(finished, { headers: { "cache-control": "public, max-age=60" } });
    })
    .use(
      openapi({
        path: "/docs",
        specPath: "/openapi.json",
        // The UI is served by src/http/docs.ts from the pinned npm package, not from a CDN.
        provider: null,
        exclude: { paths: [/^\/docs/, "/openapi.json"] },
        documentation: {
          openapi: "3.1.0",
          info: {
            title: "Identity and Access Service",
            version: "v1",
            description: "Single sign-on: people and machines, RS256 tokens verified offline from the JWKS.",
            license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
          },
          components: {
            securitySchemes: {
              bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
              basic: { type: "http", scheme: "basic" },
            },
          },
        },
      }),
    )
    .use(docsRoutes("Identity and Access Service: API reference"))
    .use(faviconRoutes())
    .use(routes);
  // One place decides which tokens a route takes: a `/api/**` route without a declaration is a bug
  // that stops the app here, so no route is ever left to check tokens on its own.
  for (const r of app.routes as { method: string; path: string; hooks?: { detail?: Record<string, unknown> } }[]) {
    if (!r.path.startsWith("/api/")) continue;
    const rule = declaredRule(r);
    if (!rule) throw new Error(`${r.method} ${r.path} declares no token rule: add ...tokens(rule) to its detail`);
    rules.set(`${r.method} ${r.path}`, rule);
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
