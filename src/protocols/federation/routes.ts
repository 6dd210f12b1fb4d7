/**
 * The federation protocol's wire (CONTRACT §16): `/federation/oidc/{id}/start` (where the journey
 * hands a browser to a connection) and `/federation/oidc/{id}/callback` (the upstream's answer).
 * Both are browser pages: every outcome is rendered by the journey's page kit (an error page,
 * never a 500 or a JSON body), and the end of the journey by its protocol's renderer.
 */
import { Elysia } from "elysia";
import type { JourneyPages } from "../../features/journey";
import { seeOther } from "../../http/page-answer";
import type { OidcUpstream } from "./oidc-upstream";

const idOf = (raw: string) => (/^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : 0);

export function federationRoutes({ oidc, pages }: { oidc: OidcUpstream; pages: JourneyPages }) {
  return new Elysia({ name: "federation-routes" })
    .get(
      "/federation/oidc/:id/start",
      ({ params, request, set }) =>
        pages.guarded(request, set, false, async () => {
          const r = await oidc.start(idOf(params.id), new URL(request.url).searchParams.get("interaction"));
          return "redirect" in r ? seeOther(r.redirect, []) : r;
        }),
      { detail: { hide: true } },
    )
    .get(
      "/federation/oidc/:id/callback",
      ({ params, request, server, set }) =>
        pages.guarded(request, set, false, () =>
          oidc.callback(idOf(params.id), new URL(request.url).searchParams, pages.browserOf(request, server)),
        ),
      { detail: { hide: true } },
    );
}
