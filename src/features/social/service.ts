/**
 * Social sign-in (SPEC 4.1 rule 4; CONTRACT §4, §11): a Google or Microsoft id_token, verified
 * against the provider's published keys (jose's remote key set: cached, refetched on an unknown
 * kid), resolved to a pre-provisioned user. The service never runs the provider's OAuth flow and
 * stores no provider secret. The first sign-in matches the provider's verified email and links
 * the provider account (provider + subject) to the user; later sign-ins follow the link, so a
 * later email change at the provider cannot move the account onto another user. A Microsoft email
 * whose domain owner Microsoft says is not verified (`xms_edov` false) never links an account.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from "jose";
import { ConflictError, DomainError, invalidToken, notFound } from "../../kernel/errors";
import { normalizeEmail } from "../../kernel/email";
import type { Clock } from "../../kernel/clock";
import { userEvent } from "../../kernel/event-shapes";
import type { Unit } from "../../kernel/unit";
import type { AudienceResolver } from "../apps";
import type { AuthService, MfaChallenge } from "../auth";
import type { EventJournal } from "../events";
import type { Org, OrgRepo } from "../orgs/ports";
import type { SessionRequest, TokenPair } from "../sessions";
import type { User, UserRepo } from "../../kernel/users";
import type { SocialIdentityRepo, SocialProvider } from "./ports";

export const PROVIDERS: readonly SocialProvider[] = ["google", "microsoft"];
const GOOGLE_ISSUERS = ["https://accounts.google.com", "accounts.google.com"];
/** Clock skew allowed on exp/nbf/iat. */
const SKEW_SECONDS = 60;

export interface SocialDeps {
  users: Pick<UserRepo, "get" | "findByEmail">;
  orgs: Pick<OrgRepo, "get">;
  socialIdentities: SocialIdentityRepo;
  unit: Unit<{ socialIdentities: SocialIdentityRepo; users: UserRepo; events: EventJournal }>;
  clock: Clock;
  jwksUrls: Record<SocialProvider, string>;
  /** Platform-default client ids, used when the application registers none (SSO_*_CLIENT_IDS). */
  defaultClientIds: Record<SocialProvider, string[]>;
  /** SSO_MICROSOFT_REQUIRE_VERIFIED_EMAIL: a first Microsoft sign-in links only with `xms_edov` true. */
  microsoftRequireVerifiedEmail?: boolean;
  audiences: AudienceResolver;
  /** The sign-in core: a proven first factor goes on to the second factor or the session. */
  auth: Pick<AuthService, "completeSignIn">;
}

const badToken = (why: string) => invalidToken(`The id_token was refused: ${why}.`);
const unknownUser = () =>
  new DomainError(
    "INVALID_CREDENTIALS",
    "No active account can sign in with this identity. Ask an administrator to create your account first.",
  );

export function createSocialService(deps: SocialDeps) {
  const keySets = new Map<SocialProvider, ReturnType<typeof createRemoteJWKSet>>();
  const keysOf = (p: SocialProvider) => {
    let k = keySets.get(p);
    if (!k)
      keySets.set(
        p,
        (k = createRemoteJWKSet(new URL(deps.jwksUrls[p]), {
          cooldownDuration: 30_000,
          cacheMaxAge: 3_600_000,
          timeoutDuration: 5_000,
        })),
      );
    return k;
  };

  /**
   * Verifies signature, algorithm, audience, expiry and issuer; answers the subject, the email, and
   * why that email may not link an account on a first sign-in (null when it may).
   */
  async function verifyIdToken(
    provider: SocialProvider,
    idToken: string,
    clientIds: string[],
  ): Promise<{ subject: string; email: string | null; unlinkable: string | null; emailVerified: boolean }> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, keysOf(provider), {
        algorithms: ["RS256"],
        audience: clientIds,
        clockTolerance: SKEW_SECONDS,
        currentDate: deps.clock.now(),
        requiredClaims: ["iss", "sub", "aud", "exp", "iat"],
        ...(provider === "google" ? { issuer: GOOGLE_ISSUERS } : {}),
      }));
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw badToken("it has expired");
      if (e instanceof joseErrors.JWTClaimValidationFailed) {
        if (e.claim === "aud")
          throw badToken(
            "it was issued for another client (its aud is none of this application's registered client ids)",
          );
        if (e.claim === "iss") throw badToken(`its issuer is not ${provider === "google" ? "Google" : "Microsoft"}`);
        throw badToken(`its ${e.claim} claim is missing or invalid`);
      }
      if (e instanceof joseErrors.JWSSignatureVerificationFailed || e instanceof joseErrors.JWKSNoMatchingKey)
        throw badToken(`it is not signed by one of ${provider === "google" ? "Google" : "Microsoft"}'s published keys`);
      if (e instanceof joseErrors.JOSEAlgNotAllowed) throw badToken("it is not signed with RS256");
      if (
        e instanceof joseErrors.JWKSTimeout ||
        (e as { code?: string }).code === "ERR_JOSE_GENERIC" ||
        e instanceof TypeError
      )
        throw new DomainError("UNAVAILABLE", "The provider's signing keys could not be fetched. Retry shortly.", {
          cause: e,
        });
      throw badToken("it is not a well-formed signed JWT");
    }
    if (provider === "google") {
      if (payload.email_verified !== true && payload.email_verified !== "true")
        throw badToken("Google has not verified its email address");
      return {
        subject: String(payload.sub),
        email: typeof payload.email === "string" ? payload.email : null,
        unlinkable: null,
        // Checked above: Google verified the address.
        emailVerified: true,
      };
    }
    // Microsoft: the issuer names the token's tenant; the object id is the user's stable id there.
    const tid = typeof payload.tid === "string" ? payload.tid : "";
    if (!tid || payload.iss !== `https://login.microsoftonline.com/${tid}/v2.0`)
      throw badToken("its issuer is not the Microsoft identity platform v2.0 of its tenant");
    const fromEmail = typeof payload.email === "string";
    const email = fromEmail
      ? (payload.email as string)
      : typeof payload.preferred_username === "string"
        ? payload.preferred_username
        : null;
    // Any Entra tenant's admin can put any address in `email` (and `preferred_username`); the
    // optional claim `xms_edov` says whether Microsoft verified that the tenant owns the domain.
    const edov = payload.xms_edov;
    const verified = edov === true || edov === "true" || edov === 1 || edov === "1";
    let unlinkable: string | null = null;
    if (edov !== undefined && !verified)
      unlinkable =
        "Microsoft has not verified that its tenant owns the email's domain (xms_edov is false), so the email cannot link an account";
    else if (deps.microsoftRequireVerifiedEmail && !(fromEmail && verified))
      unlinkable =
        "a first Microsoft sign-in needs an email whose domain owner Microsoft verified (the optional claim xms_edov true) on this service";
    return {
      subject: `${tid}:${typeof payload.oid === "string" ? payload.oid : payload.sub}`,
      email,
      unlinkable,
      // Only an `email` claim whose domain owner Microsoft verified is evidence (never preferred_username).
      emailVerified: fromEmail && verified,
    };
  }

  /**
   * Signs in with a provider's id_token: 404 for an unknown provider; 401 INVALID_TOKEN for a bad,
   * expired, wrongly addressed or unverified token; 401 INVALID_CREDENTIALS when no active account
   * matches. MFA applies as for a password sign-in.
   */
  async function signIn(
    providerName: string,
    input: { idToken: string } & SessionRequest,
    ip: string | null,
  ): Promise<TokenPair | MfaChallenge> {
    if (!(PROVIDERS as readonly string[]).includes(providerName))
      throw notFound(`Social provider "${providerName.slice(0, 40)}"`);
    const provider = providerName as SocialProvider;
    const app = await deps.audiences.resolveAudience(input.audience);
    const registered = provider === "google" ? app.googleClientIds : app.microsoftClientIds;
    const clientIds = registered.length ? registered : deps.defaultClientIds[provider];
    if (!clientIds.length)
      throw badToken(`no ${provider} client id is registered for this application (nor a platform default)`);
    const { subject, email, unlinkable, emailVerified } = await verifyIdToken(provider, input.idToken, clientIds);

    const linked = await deps.socialIdentities.find(provider, subject);
    let user: User | null = null;
    if (linked) user = await deps.users.get(linked.tenantId, linked.userId);
    // Said whether or not an account has the email: it depends on the token alone.
    else if (unlinkable) throw badToken(unlinkable);
    else if (email) {
      const candidate = await deps.users.findByEmail(normalizeEmail(email));
      // An account already linked to another account of this provider is not taken over by a second one with the same email.
      if (
        candidate &&
        candidate.status === "ACTIVE" &&
        !(await deps.socialIdentities.listUser(candidate.id)).some((l) => l.provider === provider)
      ) {
        const org: Org | null = await deps.orgs.get(candidate.tenantId, candidate.organizationId);
        try {
          await deps.unit("social.link", ["socialIdentities", "events"], async ({ socialIdentities, events }) => {
            await socialIdentities.link({ provider, subject, tenantId: candidate.tenantId, userId: candidate.id });
            await events.record(userEvent(candidate, org, "auth.social.linked", { ip }, { provider }));
          });
          user = candidate;
        } catch (e) {
          if (!(e instanceof ConflictError)) throw e;
          // Linked meanwhile by a concurrent sign-in: follow the link.
          const again = await deps.socialIdentities.find(provider, subject);
          user = again ? await deps.users.get(again.tenantId, again.userId) : null;
        }
      }
    }
    if (!user || user.status !== "ACTIVE") throw unknownUser();
    // A provider that verified this very address is evidence the person controls it (CONTRACT §19).
    if (emailVerified && email && !user.emailVerified && normalizeEmail(email) === user.email) {
      const verified = user;
      const org: Org | null = await deps.orgs.get(verified.tenantId, verified.organizationId);
      await deps.unit("users.email_verified", ["users", "events"], async ({ users, events }) => {
        await users.update(verified.tenantId, verified.id, { emailVerified: true });
        await events.record(
          userEvent(verified, org, "user.email_verified", { userId: verified.id, ip }, { via: provider }),
        );
      });
    }
    return deps.auth.completeSignIn(
      { user, methods: [`social:${provider}`], at: deps.clock.now() },
      { audience: app.identifier, web: input.web, device: input.device },
      ip,
    );
  }

  return { signIn };
}

export type SocialService = ReturnType<typeof createSocialService>;
