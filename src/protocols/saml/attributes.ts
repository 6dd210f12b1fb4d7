/**
 * The attribute values an SP gets (CONTRACT §17 `attributes`): the SPEC 2.15 sources plus `email`
 * and `name`, for the signed-in person at the chosen organization; `roles` and `permissions` are
 * those of the SP's application there.
 */
import type { User } from "../../kernel/users";
import type { RoleRepo } from "../../features/roles";
import type { SamlProvider } from "../../features/saml-providers";

/** The attribute values of the SP's configuration for this person at this organization. */
export async function attributeValues(
  roles: Pick<RoleRepo, "effectiveGrants">,
  sp: SamlProvider,
  user: User,
  org: { id: number; name: string; path: string },
): Promise<{ name: string; values: string[] }[]> {
  const needsGrants = sp.attributes.some((a) => ["roles", "permissions", "scope_subtree"].includes(a.from));
  const grants = needsGrants ? await roles.effectiveGrants(user.id, org.path) : [];
  const ofApp = grants.filter((g) => g.permissions.some((p) => p.applicationId === sp.applicationId));
  const values = (from: string): string[] => {
    switch (from) {
      case "email":
        return [user.email];
      case "name":
        return user.fullName ? [user.fullName] : [];
      case "uid":
      case "sub":
        return [String(user.id)];
      case "tenant_id":
        return [String(user.tenantId)];
      case "org_id":
        return [String(org.id)];
      case "org_name":
        return [org.name];
      case "org_path":
      case "scope_self":
        return [org.path];
      case "scope_subtree":
        return grants.some((g) => g.scope === "SUBTREE") ? [org.path] : [];
      case "roles":
        return [...new Set(ofApp.map((g) => g.roleName))].sort();
      case "permissions":
        return [
          ...new Set(
            grants.flatMap((g) => g.permissions.filter((p) => p.applicationId === sp.applicationId).map((p) => p.code)),
          ),
        ].sort();
      default:
        return [];
    }
  };
  return sp.attributes.map((a) => ({ name: a.name, values: values(a.from) }));
}
