/** /api/organizations/{id}/domains: verified domains of an organization (ORG_MANAGE, org in reach; CONTRACT §16). */
import { Elysia, t } from "elysia";
import { iso, noContent200 } from "../../http/context";
import { managementCaller, tokens, type Guard } from "../../http/guard";
import { ok } from "../../http/responses";
import {
  AddDomainBody,
  DomainCheckView,
  DomainView,
  OrgDomainParams,
  OrgDomainsParams,
  VerifyDomainBody,
} from "./model";
import type { OrgDomain } from "./ports";
import { txtNameOf, txtValueOf, type DomainCheck, type DomainService } from "./service";

const view = (d: OrgDomain) => ({
  domain: d.domain,
  organizationId: d.organizationId,
  verified: d.verified,
  verifiedAt: iso(d.verifiedAt),
  txtName: txtNameOf(d.domain),
  txtValue: txtValueOf(d),
  createdAt: iso(d.createdAt),
});

export function domainRoutes({ domains, guard }: { domains: DomainService; guard: Guard }) {
  const tags = ["Enterprise sign-in"];
  const management = tokens("management");
  const caller = (request: Request) => managementCaller(guard, request);
  return new Elysia({ name: "domain-routes" })
    .get(
      "/api/organizations/:id/domains",
      async ({ params, request }) => (await domains.list(caller(request), params.id)).map(view),
      {
        params: OrgDomainsParams,
        response: ok(t.Array(DomainView)),
        detail: {
          tags,
          ...management,
          summary: "Domains of an organization",
          description:
            "ORG_MANAGE and the organization inside the token's reach. Each with its TXT proof and whether it is verified.",
        },
      },
    )
    .post(
      "/api/organizations/:id/domains",
      async ({ params, body, request }) => view(await domains.add(caller(request), params.id, body.domain)),
      {
        params: OrgDomainsParams,
        body: AddDomainBody,
        response: ok(DomainView),
        detail: {
          tags,
          ...management,
          summary: "Add a domain (unverified) and get its DNS TXT proof",
          description:
            "Publish a TXT record named `txtName` with the value `txtValue`, then call verify. A domain is recorded once per tenant (409 for a second time) and " +
            "belongs to one tenant at most: one another tenant verified is 409. Public mail domains (gmail.com, outlook.com, …) are 400. See docs/enterprise-sign-in.md.",
        },
      },
    )
    .post(
      "/api/organizations/:id/domains/:domain/verify",
      async ({ params, body, request }) => {
        const d: DomainCheck = await domains.verify(caller(request), params.id, params.domain, body?.force === true);
        return { ...view(d), ...(d.reason ? { reason: d.reason } : {}) };
      },
      {
        params: OrgDomainParams,
        body: VerifyDomainBody,
        response: ok(DomainCheckView),
        detail: {
          tags,
          ...management,
          summary: "Check the domain's DNS TXT proof",
          description:
            "Looks the TXT record up (the system's resolvers, or SSO_DNS_SERVERS) and answers 200 with `verified` true, or false with a `reason` when the record is not there yet. " +
            '`{ "force": true }` marks the domain verified without the proof: platform administrators only. 409 when another tenant verified the domain.',
        },
      },
    )
    .delete(
      "/api/organizations/:id/domains/:domain",
      async ({ params, request }) => {
        await domains.remove(caller(request), params.id, params.domain);
        return noContent200();
      },
      {
        params: OrgDomainParams,
        detail: {
          tags,
          ...management,
          summary: "Remove a domain",
          description: "409 while an identity-provider connection lists the domain (remove it there first).",
        },
      },
    );
}
