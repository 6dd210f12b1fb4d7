/** The caller's consents to third-party applications: list and withdraw (CONTRACT §13). */
import { Elysia, t } from "elysia";
import { noContent200 } from "../../http/context";
import { selfCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import { ConsentView } from "./model";
import type { ConsentService } from "./service";

export function consentRoutes({ consents, guard }: { consents: ConsentService; guard: Guard }) {
  const tags = ["Sessions"];
  const callerOf = (request: Request) => selfCaller(guard, request);
  return new Elysia({ name: "consent-routes" })
    .get(
      "/api/users/me/consents",
      async ({ request }) => {
        const list = await consents.listConsents(await callerOf(request));
        return list.map((c) => ({ ...c, grantedAt: c.grantedAt.toISOString() }));
      },
      {
        response: ok(t.Array(ConsentView)),
        detail: {
          tags,
          ...tokens("self"),
          summary: "The caller's consents to third-party applications",
          description:
            "One entry per client the caller consented to on the hosted pages, with every scope granted so far.",
        },
      },
    )
    .delete(
      "/api/users/me/consents/:clientId",
      async ({ params, request }) => {
        await consents.withdrawConsent(await callerOf(request), params.clientId);
        return noContent200();
      },
      {
        params: t.Object({ clientId: t.String({ pattern: "^[A-Za-z0-9_-]{1,128}$" }) }),
        detail: {
          tags,
          ...tokens("self"),
          summary: "Withdraw a consent",
          description:
            "The client's next authorization asks again; the caller's refresh families of that client end (the client gets a back-channel logout token). 404 when there is no such consent. Audited as `consent.withdrawn`.",
        },
      },
    );
}
