/**
 * The AuthnRequest's checks (CONTRACT §17), in order: one parser, a registered SP of the tenant
 * by its Issuer, a registered ACS URL (before either is known, an error page: never a post), the
 * HTTP-POST binding, the signature the SP requires, Destination, IssueInstant, and the request ID
 * taken once per SP. What passes is the `Checked` request a journey carries.
 */
import type { Clock } from "../../kernel/clock";
import { sha256Hex } from "../../kernel/secrets";
import type { JourneyOutcome } from "../../features/journey";
import { idpUrls, type SamlProviderRepo } from "../../features/saml-providers";
import type { CounterStore } from "../../features/sessions";
import { samlError as errorPage } from "./outcomes";
import { authnAsk, type Incoming, readMessage, type ReadMessage } from "./request";
import { SamlMessageError } from "./xml";

/** An AuthnRequest older (or further ahead) than this is refused; its ID is remembered longer. */
const REQUEST_SKEW_SECONDS = 600;
export const REQUEST_ID_SECONDS = 2 * REQUEST_SKEW_SECONDS + 60;

/** The checked request a journey carries (its `q`, as JSON). */
export interface Checked {
  t: number;
  sp: number;
  /** The AuthnRequest's ID (absent: IdP-initiated). */
  id?: string;
  acs: string;
  rs?: string;
  /** ForceAuthn. */
  f?: 1;
  /** IsPassive. */
  p?: 1;
  /** The REFEDS MFA profile asked. */
  m?: 1;
}

export interface AuthnCheckDeps {
  issuer: string;
  clock: Clock;
  samlProviders: Pick<SamlProviderRepo, "findByEntityId">;
  counters: Pick<CounterStore, "hit">;
}

export function createAuthnCheck(deps: AuthnCheckDeps) {
  const now = () => deps.clock.now();
  const idp = (tenantId: number) => idpUrls(deps.issuer, tenantId);
  /**
   * The AuthnRequest's checks in order; the checked request, or the error page (never a post
   * before the SP and its ACS URL are known).
   */
  async function check(tenantId: number, incoming: Incoming): Promise<Checked | JourneyOutcome> {
    let m: ReadMessage;
    try {
      m = readMessage(incoming, "AuthnRequest");
    } catch (e) {
      const reason = e instanceof SamlMessageError ? e.reason : "unreadable";
      return errorPage("bad_request", "AuthnRequest readable", reason);
    }
    const sp = await deps.samlProviders.findByEntityId(tenantId, m.issuer);
    if (!sp) return errorPage("unknown_client", "Issuer is a registered SP of the tenant", "Unknown SP.", m.issuer);
    const ask = authnAsk(m);
    const acs = ask.acsUrl ?? sp.acsUrls[0];
    if (!sp.acsUrls.includes(acs))
      return errorPage("bad_redirect", "AssertionConsumerServiceURL registered", "ACS URL not registered.", acs);
    if (!ask.bindingOk)
      return errorPage("bad_request", "ProtocolBinding is HTTP-POST", "Only the HTTP-POST binding answers.");
    if (sp.signAuthnRequests && (!sp.certificate || !m.signed(sp.certificate)))
      return errorPage(
        "bad_request",
        "AuthnRequest signed by the SP",
        "The request's signature is missing or invalid.",
      );
    if (m.destination && m.destination !== idp(tenantId).ssoUrl)
      return errorPage("bad_request", "Destination is this SSO endpoint", "Wrong Destination.", m.destination);
    if (m.issueInstant && Math.abs(now().getTime() - m.issueInstant.getTime()) > REQUEST_SKEW_SECONDS * 1000)
      return errorPage("bad_request", "IssueInstant is recent", "The request is too old or from the future.");
    // CONTRACT §17: an AuthnRequest ID is taken once per SP (a replayed request is refused here).
    const seen = await deps.counters.hit(
      `saml:request:${tenantId}:${sp.id}:${sha256Hex(m.id)}`,
      REQUEST_ID_SECONDS,
      now(),
    );
    if (seen.count > 1) return errorPage("bad_request", "AuthnRequest ID unseen", "The request was replayed.", m.id);
    return {
      t: tenantId,
      sp: sp.id,
      id: m.id,
      acs,
      ...(incoming.relayState ? { rs: incoming.relayState } : {}),
      ...(ask.force ? { f: 1 as const } : {}),
      ...(ask.passive ? { p: 1 as const } : {}),
      ...(ask.mfa ? { m: 1 as const } : {}),
    };
  }

  return check;
}
