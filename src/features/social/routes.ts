/** POST /api/auth/social/{provider}: sign in with a Google or Microsoft id_token. */
import { tokens } from "../../http/guard";
import { Elysia, t } from "elysia";
import { clientIp, refuseNonObjectDevice } from "../../http/context";
import { requireAllowedOrigin, signInAnswer, type CookiePolicy } from "../../http/session-cookie";
import { ok } from "../../http/responses";
import { MfaChallenge } from "../auth/model";
import { TokenPairResponse, WebQuery } from "../sessions/model";
import { ProviderParams, SocialBody } from "./model";
import type { SocialService } from "./service";

export function socialRoutes({ social, cookies }: { social: SocialService; cookies: CookiePolicy }) {
  return new Elysia({ name: "social-routes" }).post(
    "/api/auth/social/:provider",
    async ({ params, body, query, request, server, cookie, set }) => {
      if (query.web) requireAllowedOrigin(cookies, request, false);
      const r = await social.signIn(params.provider, { ...body, web: query.web }, clientIp(request, server));
      return signInAnswer(cookies, r, cookie, set);
    },
    {
      transform: refuseNonObjectDevice,
      params: ProviderParams,
      body: SocialBody,
      query: WebQuery,
      response: ok(t.Union([TokenPairResponse, MfaChallenge])),
      detail: {
        tags: ["Authentication"],
        ...tokens("public"),
        summary: "Sign in with a Google or Microsoft id_token",
        description:
          "The id_token is verified against the provider's published keys (RS256), its issuer, expiry and `aud` (one of the application's registered client ids, else the platform default). " +
          "The user must exist already: the first sign-in matches the provider's verified email and links the provider account; later ones follow the link. " +
          "A Microsoft token with `xms_edov` false never links an account (nor, with SSO_MICROSOFT_REQUIRE_VERIFIED_EMAIL=true, one without an `email` claim and `xms_edov` true). " +
          "Unknown provider: 404; bad, expired, wrongly addressed or unverified token: 401 INVALID_TOKEN (the detail says which); no active account: 401 INVALID_CREDENTIALS. MFA applies.",
      },
    },
  );
}
