/**
 * Verified domains on MongoDB (mirrors adapters/postgres/domains.ts). A record per (tenant, domain)
 * in `org_domains` (`_id` "tenant:domain"); the one-tenant-per-verified-domain rule is a document
 * per verified domain in `domain_owners` (`_id` the domain), so the store's unique `_id` settles
 * two tenants racing to verify one domain, on FerretDB too (no partial indexes needed).
 */
import type { DomainRepo, OrgDomain } from "../../src/features/domains/ports";
import { coll, deleteDocs, type Doc, insertDocs, modifyOne, type Ctx } from "./db";
import { C } from "./schema";

const idOf = (tenantId: number, domain: string) => `${tenantId}:${domain}`;
const toDomain = (x: Doc | null): OrgDomain | null =>
  x && {
    tenantId: x.tenantId,
    organizationId: x.organizationId,
    domain: x.domain,
    txtToken: x.txtToken,
    verified: x.verified,
    verifiedAt: x.verifiedAt ?? null,
    createdAt: x.createdAt,
  };

export function createMongoDomains(ctx: Ctx): DomainRepo {
  const domains = coll(ctx, C.domains);
  const owners = coll(ctx, C.domainOwners);
  const get = async (tenantId: number, domain: string) =>
    toDomain(await domains.findOne({ _id: idOf(tenantId, domain), tenantId }));
  return {
    async add(x) {
      const doc = { _id: idOf(x.tenantId, x.domain), ...x, verified: false, verifiedAt: null };
      await insertDocs(ctx, C.domains, [doc]);
      return toDomain(doc)!;
    },
    get,
    async listByOrg(tenantId, organizationId) {
      return (await domains.find({ tenantId, organizationId }).sort({ domain: 1 }).toArray()).map((x) => toDomain(x)!);
    },
    async listVerified(tenantId, organizationIds) {
      if (!organizationIds.length) return [];
      return (
        await domains
          .find({ tenantId, organizationId: { $in: organizationIds }, verified: true })
          .sort({ domain: 1 })
          .toArray()
      ).map((x) => toDomain(x)!);
    },
    async verifiedBy(domain) {
      const o = await owners.findOne({ _id: domain });
      return o ? (o.tenantId as number) : null;
    },
    async markVerified(tenantId, domain, at) {
      const current = await get(tenantId, domain);
      if (!current || current.verified) return current;
      const owner = await owners.findOne({ _id: domain });
      if (!owner || owner.tenantId !== tenantId) {
        // E11000 on `_id` when another tenant owns the domain → ConflictError (errors.ts).
        try {
          await insertDocs(ctx, C.domainOwners, [{ _id: domain, tenantId, at }]);
        } catch (e) {
          const again = await owners.findOne({ _id: domain });
          if (!again || again.tenantId !== tenantId) throw e;
        }
      }
      const next = await modifyOne(
        ctx,
        C.domains,
        { _id: idOf(tenantId, domain), tenantId },
        { $set: { verified: true, verifiedAt: at } },
      );
      return toDomain(next);
    },
    async remove(tenantId, domain) {
      const n = await deleteDocs(ctx, C.domains, { _id: idOf(tenantId, domain), tenantId });
      if (n) await deleteDocs(ctx, C.domainOwners, { _id: domain, tenantId });
      return n > 0;
    },
  };
}
