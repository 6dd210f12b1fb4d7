/**
 * Signing in at an organization's own SAML 2.0 identity provider (CONTRACT §16 "Upstream flows"),
 * as its service provider: SP-initiated, a signed AuthnRequest over HTTP-Redirect, the Response
 * over HTTP-POST at the connection's ACS URL. The XML signature work is @node-saml/node-saml's
 * (which reads only the bytes a verified signature references, over xml-crypto); the rules it
 * leaves to its caller are here.
 *
 * - `start`: a fresh request ID, kept with the journey handle as one single-use record in the
 *   primary store (`oneTimeTokens`, kind `fed_saml_request`, keyed by the SHA-256 of the ID,
 *   10 minutes); the AuthnRequest signed with our current signing key (the key and certificate the
 *   SAML IdP uses, features/tokens); the browser goes to the IdP's SSO URL.
 * - `acs` (the cross-site POST): the text is screened before any parser sees it (base64, size, no
 *   DOCTYPE or entity declaration, no processing instruction but the XML declaration); node-saml
 *   verifies the signature of the Response or of its one Assertion against the connection's
 *   certificates (exactly one Assertion, the signature's reference its parent, one element with
 *   that ID) and the Audience (our SP entity id). From the signed assertion only: its Issuer is the
 *   connection's entity id; a bearer SubjectConfirmation whose `Recipient` is our ACS URL,
 *   `InResponseTo` the request ID and `NotOnOrAfter` not passed; Conditions' `NotBefore` /
 *   `NotOnOrAfter` (60 s skew, our clock). The request record is consumed (once, on any instance),
 *   and the assertion's ID is counted in the shared counters (Redis or the store): an assertion is
 *   accepted once, across instances. The verified person is kept as a second single-use record
 *   (`fed_saml_result`, 2 minutes) and the browser is sent to `/continue` on a same-site redirect,
 *   where its `SameSite=Lax` cookies (its browser session, its device) are present again.
 * - `continue`: the account (features/connections: link or JIT) and the journey finished with
 *   `amr` `fed`, as for OIDC (outcomes.ts).
 * - A status response (the person cancelled, the IdP refused) goes back to the client as
 *   `access_denied`; every invalid answer is the error page.
 *
 * The subject is the NameID (a `transient` NameID, new at every sign-in, cannot key an account and
 * is refused). The email: the NameID when its format is emailAddress, else the first of the
 * attributes `email`, `mail`, `urn:oid:0.9.2342.19200300.100.1.3`,
 * `http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress`.
 */
import type { Profile } from "@node-saml/node-saml";
import { DOMParser } from "@xmldom/xmldom";
import type { KeyObject } from "node:crypto";
import type { Clock } from "../../kernel/clock";
import { randomToken, sha256Hex } from "../../kernel/secrets";
import type { Connection, ConnectionRepo, EnterpriseSignIn, UpstreamPerson } from "../../features/connections";
import { upstreamValues } from "../../features/connections";
import type { DomainEvent } from "../../features/events";
import type { BrowserContext, JourneyOutcome, JourneyService } from "../../features/journey";
import type { CounterStore } from "../../features/sessions";
import type { OneTimeTokenRepo } from "../../features/sessions/ports";
import type { XmlSigningKey } from "../../features/tokens";
import { finishVerified, invalid, startingAt } from "./outcomes";
import { sameBrowser, UPSTREAM_STATE_SECONDS } from "./binding";

/** The largest Response accepted, decoded: an assertion with a few certificates is far below. */
export const MAX_RESPONSE_BYTES = 256 * 1024;
/** Between the ACS and `/continue` (a same-site redirect). */
const RESULT_SECONDS = 120;
const SKEW_MS = 60_000;
/** The replay cache keeps an assertion ID at least this long (and until its NotOnOrAfter). */
const REPLAY_MIN_SECONDS = 600;
const REPLAY_MAX_SECONDS = 86_400;

const BEARER = "urn:oasis:names:tc:SAML:2.0:cm:bearer";
const EMAIL_FORMAT = "urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress";
const TRANSIENT_FORMAT = "urn:oasis:names:tc:SAML:2.0:nameid-format:transient";
/** Attributes read for the email when the NameID is not an email address, in this order. */
export const EMAIL_ATTRIBUTES = [
  "email",
  "mail",
  "urn:oid:0.9.2342.19200300.100.1.3",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
];
/** Attributes read for the display name, in this order. */
export const NAME_ATTRIBUTES = [
  "displayName",
  "name",
  "urn:oid:2.16.840.1.113730.3.1.241",
  "http://schemas.microsoft.com/identity/claims/displayname",
];
/** AuthnContextClassRef values that name an RFC 8176 method, carried into our `amr`. */
const CONTEXT_METHODS: Record<string, string> = {
  "https://refeds.org/profile/mfa": "mfa",
  "http://schemas.microsoft.com/claims/multipleauthn": "mfa",
  "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport": "pwd",
  "urn:oasis:names:tc:SAML:2.0:ac:classes:Password": "pwd",
};

export interface SamlUpstreamDeps {
  issuer: string;
  clock: Clock;
  connections: Pick<ConnectionRepo, "get">;
  oneTimeTokens: Pick<OneTimeTokenRepo, "create" | "consume">;
  /** The replay cache: an atomic counter shared by every instance. */
  counters: Pick<CounterStore, "hit">;
  journey: Pick<JourneyService, "open" | "entryOf" | "finishUpstream" | "failUpstream" | "expired">;
  enterprise: Pick<EnterpriseSignIn, "resolveAccount">;
  /** Our current XML signing key and the certificates to publish (features/tokens). */
  xmlSigning(): Promise<{ current: XmlSigningKey; certificates: string[] }>;
  record(e: DomainEvent): Promise<void>;
  log: { warn(msg: string, fields?: Record<string, unknown>): void };
}

/** A string read from an xml2js node of node-saml's parse (`_` is the text, `$` the attributes). */
type X = { _?: string; $?: Record<string, string> } & Record<string, unknown>;
const first = (v: unknown): X | undefined => (Array.isArray(v) ? (v[0] as X) : undefined);
const all = (v: unknown): X[] => (Array.isArray(v) ? (v as X[]) : []);

/** A timestamp attribute as ms; NaN when absent or unreadable. */
const ms = (s: string | undefined) => (s ? Date.parse(s) : Number.NaN);

/**
 * Refuses, before any parser sees it, what no genuine Response carries: a DOCTYPE or entity
 * declaration (XXE, entity expansion), a processing instruction other than the XML declaration.
 */
export function screenResponse(base64: string | null): string {
  if (!base64) throw new Error("no SAMLResponse");
  // Line breaks some IdPs insert are dropped; a space is a `+` a form decoder turned into one.
  const clean = base64.replace(/[\r\n\t]/g, "").replace(/ /g, "+");
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean) || clean.length > (MAX_RESPONSE_BYTES * 4) / 3 + 4)
    throw new Error("SAMLResponse is not base64 or too large");
  const xml = Buffer.from(clean, "base64").toString("utf8");
  if (/<!DOCTYPE/i.test(xml) || /<!ENTITY/i.test(xml)) throw new Error("DOCTYPE refused");
  if (/<\?/.test(xml.replace(/^\uFEFF?\s*<\?xml\s[^?]*\?>/, ""))) throw new Error("processing instruction refused");
  return clean;
}

/**
 * node-saml, loaded at the first SAML connection's use: ~8 MiB resident that an instance whose
 * organizations sign in otherwise never holds (docs/performance.md "Memory").
 */
let nodeSaml: Promise<typeof import("@node-saml/node-saml")> | undefined;
const samlLib = () => (nodeSaml ??= import("@node-saml/node-saml"));

export function createSamlUpstream(deps: SamlUpstreamDeps) {
  /** Our private key in PEM for node-saml, per signing key. */
  const pems = new Map<string, string>();
  const pemOf = (k: { kid: string; privateKey: KeyObject }) => {
    let pem = pems.get(k.kid);
    if (!pem) pems.set(k.kid, (pem = k.privateKey.export({ type: "pkcs8", format: "pem" }).toString()));
    return pem;
  };

  /** A node-saml service provider for connection `c` (cheap: it holds options only). */
  async function spOf(c: Connection, requestId?: string) {
    const values = upstreamValues(deps.issuer, c);
    const { current } = await deps.xmlSigning();
    const { SAML } = await samlLib();
    return new SAML({
      issuer: values.spEntityId!,
      callbackUrl: values.acsUrl!,
      audience: values.spEntityId!,
      entryPoint: c.saml!.ssoUrl,
      idpCert: c.saml!.certificates,
      idpIssuer: c.saml!.entityId,
      privateKey: pemOf(current),
      signatureAlgorithm: "sha256",
      digestAlgorithm: "sha256",
      // The IdP's configured format (Entra, Okta and Google pick one per application).
      identifierFormat: null,
      // No AuthnContext asked: the organization's provider decides how its people sign in.
      disableRequestedAuthnContext: true,
      // The Response or its Assertion signed (at least one, whichever the IdP signs).
      wantAssertionsSigned: false,
      wantAuthnResponseSigned: false,
      // InResponseTo, the timestamps and the Recipient are checked below, against our records and our clock.
      validateInResponseTo: "never" as never,
      acceptedClockSkewMs: -1,
      ...(requestId ? { generateUniqueId: () => requestId } : {}),
    });
  }

  /**
   * `GET /federation/saml/{id}/start?interaction=`: the signed AuthnRequest for the IdP's SSO URL
   * (HTTP-Redirect: its query parameters), its ID kept with the journey for the ACS.
   */
  async function start(
    connectionId: number,
    handle: string | null,
    binding: string,
  ): Promise<JourneyOutcome | { endpoint: string; params: [string, string][]; name: string }> {
    const at = await startingAt(deps, "saml", connectionId, handle);
    if ("outcome" in at) return at.outcome;
    const c = at.c as Connection & { saml: NonNullable<Connection["saml"]> };
    const requestId = `_${sha256Hex(randomToken(32)).slice(0, 40)}`;
    await deps.oneTimeTokens.create(sha256Hex(requestId), {
      kind: "fed_saml_request",
      tenantId: c.tenantId,
      userId: 0,
      data: { h: handle, c: c.id, b: binding },
      attempts: 0,
      expiresAt: new Date(deps.clock.now().getTime() + UPSTREAM_STATE_SECONDS * 1000),
    });
    let url: URL;
    try {
      url = new URL(await (await spOf(c, requestId)).getAuthorizeUrlAsync("", undefined, {}));
    } catch (e) {
      deps.log.warn("SAML AuthnRequest failed", { connectionId, error: String((e as Error)?.message ?? e) });
      return invalid("authn request", c.saml.ssoUrl);
    }
    // A GET form drops its action's query: every parameter (the SSO URL's own too) is a field.
    const params = [...url.searchParams] as [string, string][];
    return { endpoint: `${url.origin}${url.pathname}`, params, name: c.name };
  }

  /** The Response's own InResponseTo (unsigned in a status response), read after the screen. */
  function responseInResponseTo(base64: string): string | null {
    try {
      const doc = new DOMParser({ onError: () => {} }).parseFromString(
        Buffer.from(base64, "base64").toString("utf8"),
        "text/xml",
      );
      return doc?.documentElement?.getAttribute("InResponseTo") || null;
    } catch {
      return null;
    }
  }

  /**
   * The checks node-saml leaves to its caller, on the signed assertion only (its xml2js form):
   * the Issuer, a bearer confirmation for our ACS URL and this request, the time windows. Answers
   * what failed, or null.
   */
  function checkAssertion(c: Connection, profile: Profile, requestId: string, now: number): string | null {
    const assertion = (profile.getAssertion?.() as { Assertion?: X } | undefined)?.Assertion;
    if (!assertion) return "no signed assertion";
    if (first(assertion.Issuer)?._?.trim() !== c.saml!.entityId) return "assertion Issuer";
    const acs = upstreamValues(deps.issuer, c).acsUrl!;
    const subject = first(assertion.Subject);
    const confirmed = all(subject?.SubjectConfirmation).some((sc) => {
      if (sc.$?.Method !== BEARER) return false;
      const d = first(sc.SubjectConfirmationData)?.$;
      if (!d) return false;
      const notOnOrAfter = ms(d.NotOnOrAfter);
      return (
        d.Recipient === acs &&
        d.InResponseTo === requestId &&
        Number.isFinite(notOnOrAfter) &&
        now < notOnOrAfter + SKEW_MS &&
        (!d.NotBefore || ms(d.NotBefore) <= now + SKEW_MS)
      );
    });
    if (!confirmed) return "SubjectConfirmation (bearer, Recipient, InResponseTo, NotOnOrAfter)";
    const conditions = all(assertion.Conditions);
    if (conditions.length !== 1) return "Conditions";
    const w = conditions[0].$ ?? {};
    if (w.NotBefore && !(ms(w.NotBefore) <= now + SKEW_MS)) return "Conditions NotBefore";
    if (w.NotOnOrAfter && !(now < ms(w.NotOnOrAfter) + SKEW_MS)) return "Conditions NotOnOrAfter";
    if (!assertion.$?.ID) return "assertion ID";
    return null;
  }

  /**
   * `POST /federation/saml/{id}/acs` (HTTP-POST binding): the Response verified, the request
   * record consumed, the assertion counted once; answers the same-site continuation or a page.
   */
  async function acs(connectionId: number, form: URLSearchParams): Promise<JourneyOutcome | { continueAt: string }> {
    const c = await deps.connections.get("any", connectionId);
    if (!c || !c.enabled || c.kind !== "saml" || !c.saml) return invalid("connection", String(connectionId));
    let body: string;
    try {
      body = screenResponse(form.get("SAMLResponse"));
    } catch (e) {
      return invalid("response", (e as Error).message);
    }
    const sp = await spOf(c);
    let profile: Profile | null;
    try {
      ({ profile } = await sp.validatePostResponseAsync({ SAMLResponse: body }));
    } catch (e) {
      if (e instanceof (await samlLib()).SamlStatusError) {
        // The IdP answered an error (the person cancelled, or it refused): back to the client.
        const id = responseInResponseTo(body);
        const rec = id ? await deps.oneTimeTokens.consume(sha256Hex(id), "fed_saml_request", deps.clock.now()) : null;
        if (!rec || rec.data.c !== c.id) return invalid("status response", "unknown, used or expired InResponseTo");
        return deps.journey.failUpstream(
          String(rec.data.h),
          "access_denied",
          "The organization's identity provider refused the sign-in.",
        );
      }
      return invalid("response", String((e as Error)?.message ?? e));
    }
    if (!profile) return invalid("response", "no assertion");
    const now = deps.clock.now();
    // The request this answers: the signed confirmation's InResponseTo (and the Response's, when it names one).
    const assertion = (profile.getAssertion?.() as { Assertion?: X } | undefined)?.Assertion;
    const requestId = all(first(assertion?.Subject)?.SubjectConfirmation)
      .map((sc) => first(sc.SubjectConfirmationData)?.$?.InResponseTo)
      .find((v): v is string => !!v);
    if (!requestId) return invalid("InResponseTo", "(none)");
    const outer = responseInResponseTo(body);
    if (outer && outer !== requestId) return invalid("InResponseTo", "the Response's and the assertion's differ");
    const failed = checkAssertion(c, profile, requestId, now.getTime());
    if (failed) return invalid("assertion", failed);
    // Accepted once: the assertion's ID, counted in the counters every instance shares.
    const assertionId = String(assertion!.$!.ID);
    const until = Math.ceil((ms(first(assertion!.Conditions)?.$?.NotOnOrAfter) - now.getTime()) / 1000);
    const window = Math.min(REPLAY_MAX_SECONDS, Math.max(REPLAY_MIN_SECONDS, Number.isFinite(until) ? until + 60 : 0));
    const seen = await deps.counters.hit(`fed:saml:assertion:${c.id}:${sha256Hex(assertionId)}`, window, now);
    if (seen.count > 1) return invalid("assertion replayed", assertionId);
    const rec = await deps.oneTimeTokens.consume(sha256Hex(requestId), "fed_saml_request", now);
    if (!rec || rec.data.c !== c.id) return invalid("InResponseTo", "unknown, used or expired request");
    const subject = typeof profile.nameID === "string" ? profile.nameID : "";
    if (!subject) return invalid("NameID", "(none)");
    if (profile.nameIDFormat === TRANSIENT_FORMAT) return invalid("NameID", "transient (cannot key an account)");
    const attributes = (profile.attributes ?? {}) as Record<string, unknown>;
    const attr = (names: string[]) => {
      for (const n of names) {
        const v = attributes[n];
        const s = Array.isArray(v) ? v.find((x) => typeof x === "string") : v;
        if (typeof s === "string" && s.trim()) return s.trim();
      }
      return null;
    };
    const person: UpstreamPerson = {
      subject,
      email: profile.nameIDFormat === EMAIL_FORMAT ? subject : attr(EMAIL_ATTRIBUTES),
      // An assertion signed by the organization's own, bound IdP vouches for its people's addresses.
      emailVerified: true,
      name: attr(NAME_ATTRIBUTES),
    };
    const classRef = first(first(assertion!.AuthnStatement)?.AuthnContext)?.AuthnContextClassRef;
    const method = CONTEXT_METHODS[first(classRef)?._?.trim() ?? ""];
    const key = randomToken(32);
    await deps.oneTimeTokens.create(sha256Hex(key), {
      kind: "fed_saml_result",
      tenantId: c.tenantId,
      userId: 0,
      data: { h: String(rec.data.h), c: c.id, b: rec.data.b, p: person, m: method ? [method] : [] },
      attempts: 0,
      expiresAt: new Date(now.getTime() + RESULT_SECONDS * 1000),
    });
    return { continueAt: `/federation/saml/${c.id}/continue?${new URLSearchParams({ r: key })}` };
  }

  /** `GET /federation/saml/{id}/continue?r=`: the verified person's account, and the journey finished. */
  async function resume(
    connectionId: number,
    key: string | null,
    browser: BrowserContext,
    boundTo: string | null | undefined,
  ): Promise<JourneyOutcome> {
    if (!key) return invalid("continuation", "(none)");
    const rec = await deps.oneTimeTokens.consume(sha256Hex(key), "fed_saml_result", deps.clock.now());
    if (!rec || rec.data.c !== connectionId) return invalid("continuation", "unknown, used or expired");
    if (!sameBrowser(boundTo, rec.data.b)) return invalid("browser", "the sign-in was started in another browser");
    const c = await deps.connections.get(rec.tenantId, connectionId);
    if (!c || !c.enabled || c.kind !== "saml") return invalid("connection", String(connectionId));
    return finishVerified(deps, c, String(rec.data.h), rec.data.p as UpstreamPerson, rec.data.m, browser);
  }

  /** `GET /federation/saml/{id}/metadata`: our SP metadata for this connection (null: no such SAML connection). */
  async function metadata(connectionId: number): Promise<string | null> {
    const c = await deps.connections.get("any", connectionId);
    if (!c || c.kind !== "saml" || !c.saml) return null;
    const values = upstreamValues(deps.issuer, c);
    const { current, certificates } = await deps.xmlSigning();
    const { generateServiceProviderMetadata } = await samlLib();
    return generateServiceProviderMetadata({
      // Our signing key's certificates (the current key's, then the next one's): AuthnRequestsSigned.
      privateKey: pemOf(current),
      issuer: values.spEntityId!,
      callbackUrl: values.acsUrl!,
      identifierFormat: null,
      wantAssertionsSigned: true,
      publicCerts: certificates,
    });
  }

  return { start, acs, resume, metadata };
}

export type SamlUpstream = ReturnType<typeof createSamlUpstream>;
