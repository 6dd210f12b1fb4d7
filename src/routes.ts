/**
 * Feature route plugins mounted by createApp. Each feature owns its routes.ts; add its plugin here.
 */
import { Elysia } from "elysia";
import type { Services } from "./services";

export function extraRoutes(svc: Services) {
  void svc;
  return new Elysia({ name: "feature-routes" });
}
