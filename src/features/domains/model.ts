/** Wire shapes of the verified-domain endpoints (CONTRACT §16). */
import { t } from "elysia";
import { Int, QueryInt } from "../../http/wire";

export const OrgDomainsParams = t.Object({ id: QueryInt({ minimum: 1 }) });
export const OrgDomainParams = t.Object({
  id: QueryInt({ minimum: 1 }),
  domain: t.String({ minLength: 1, maxLength: 300, description: "the domain name (any case, Unicode or IDNA form)" }),
});

export const AddDomainBody = t.Object({
  domain: t.String({
    minLength: 1,
    maxLength: 300,
    description:
      "a domain the organization owns, such as example.com; stored lower-case in IDNA ASCII form. Public mail domains (gmail.com, outlook.com, …) are refused",
  }),
});

export const VerifyDomainBody = t.Optional(
  t.Object({
    force: t.Optional(
      t.Boolean({
        description:
          "true marks the domain verified without the DNS proof: platform administrators only (403 otherwise)",
      }),
    ),
  }),
);

export const DomainView = t.Object({
  domain: t.String(),
  organizationId: Int(),
  verified: t.Boolean(),
  verifiedAt: t.Union([t.String({ format: "date-time" }), t.Null()]),
  txtName: t.String({ description: "publish a TXT record under this name…" }),
  txtValue: t.String({ description: "…with exactly this value, then call verify" }),
  createdAt: t.String({ format: "date-time" }),
});

export const DomainCheckView = t.Composite([
  DomainView,
  t.Object({
    reason: t.Optional(t.String({ description: "why the domain is not verified yet (the proof was not found)" })),
  }),
]);
