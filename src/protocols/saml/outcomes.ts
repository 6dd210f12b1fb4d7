/** What the SAML endpoints answer through the journey's page kit (routes.ts renders `SamlAnswer`). */
import type { ErrorPageKind, JourneyOutcome } from "../../features/journey";
import type { EffectiveBrand } from "../../features/branding";

/** This protocol's own answers to its SP. */
export type SamlAnswer =
  | {
      kind: "saml_post";
      acsUrl: string;
      fields: [string, string][];
      appName: string;
      brand: EffectiveBrand;
    }
  | { kind: "saml_redirect"; url: string };

export const isSamlAnswer = (a: { kind: string }): a is SamlAnswer =>
  a.kind === "saml_post" || a.kind === "saml_redirect";

/** An error page (never a post); `check` and `value` are the operator's log line. */
export const samlError = (page: ErrorPageKind, check: string, description: string, value?: string): JourneyOutcome => ({
  kind: "error_page",
  page,
  error: { error: "saml_request_refused", description },
  check,
  value,
});

export const samlAnswer = (a: SamlAnswer, cookies?: JourneyOutcome["cookies"]): JourneyOutcome => ({
  kind: "protocol",
  answer: a,
  ...(cookies ? { cookies } : {}),
});

/** The HTTP-POST binding's fields: the base64 Response, and the RelayState when there is one. */
export const postFields = (xml: string, relayState?: string): [string, string][] => [
  ["SAMLResponse", Buffer.from(xml, "utf8").toString("base64")],
  ...(relayState ? [["RelayState", relayState] as [string, string]] : []),
];
