/**
 * A typed client generated from /openapi.json (openapi-typescript + openapi-fetch), as an API
 * consumer would use it. `test/http/openapi.test.ts` regenerates `api.d.ts` from the live document
 * and type-checks this file against it, so the document stays usable by client generators.
 *
 *   npx openapi-typescript http://localhost:3000/openapi.json -o examples/openapi-client/api.d.ts
 */
import createClient from "openapi-fetch";
import type { paths } from "./api";

export async function example(baseUrl: string, email: string, password: string) {
  const api = createClient<paths>({ baseUrl });
  const login = await api.POST("/api/auth/login", { body: { email, password } });
  if (login.error) throw new Error(`${login.error.code}: ${login.error.detail}`);
  if (!("accessToken" in login.data)) throw new Error("second factor required");
  const headers = { authorization: `Bearer ${login.data.accessToken}` };
  const memberships = await api.GET("/api/users/me/memberships", { headers });
  const orgId: number = memberships.data![0].organizationId;
  const created = await api.POST("/api/organizations", {
    headers,
    body: { name: "Sales", slug: "sales", parentId: orgId },
  });
  if (created.error) return created.error.status; // a typed RFC 9457 problem
  const users = await api.GET("/api/users", {
    headers,
    params: { query: { organizationId: created.data.id, size: 50 } },
  });
  return users.data?.map((u) => u.email);
}
