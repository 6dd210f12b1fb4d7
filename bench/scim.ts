/**
 * SCIM provisioning rate (issue 40 "Prove it"): users created through `POST /scim/v2/Users` one at a
 * time, as Entra ID and Okta send them (each preceded by the `userName eq` probe both providers
 * send), against the import API's per-user rate on the same store (`/api/import/commit` of the same
 * number of users in one payload, divided by its wall time).
 *
 *   bun bench/scim.ts [--users 500] [--postgres]
 */
import { importPayload } from "./import";
import { BENCH_ADMIN, json, withService } from "./sessions";

const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

export async function benchScim(store: "embedded" | "postgres", users: number, log: (l: string) => void = console.log) {
  return withService(store, { env: { SSO_LOG_LEVEL: "warn" } }, async (svc) => {
    const { accessToken: token } = await json(`${svc.url}/api/auth/login`, BENCH_ADMIN);
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const org = await (
      await fetch(`${svc.url}/api/organizations`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ name: "Scim", slug: "bench-scim" }),
      })
    ).json();
    const { token: scim } = await (
      await fetch(`${svc.url}/api/organizations/${org.id}/scim-tokens`, {
        method: "POST",
        headers: auth,
        body: '{"name":"bench"}',
      })
    ).json();
    const headers = { authorization: `Bearer ${scim}`, "content-type": "application/scim+json" };
    const t0 = performance.now();
    for (let i = 0; i < users; i++) {
      const userName = `s${i}@scim.bench`;
      const probe = await fetch(`${svc.url}/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`, {
        headers,
      });
      await probe.arrayBuffer();
      const r = await fetch(`${svc.url}/scim/v2/Users`, {
        method: "POST",
        headers,
        body: JSON.stringify({
          schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
          userName,
          name: { givenName: "S", familyName: String(i) },
          externalId: `ext-${i}`,
          active: true,
        }),
      });
      if (r.status !== 201) throw new Error(`SCIM create: ${r.status} ${await r.text()}`);
      await r.arrayBuffer();
    }
    const scimSeconds = (performance.now() - t0) / 1000;
    log(`  [${store}] SCIM: ${users} users one at a time in ${round(scimSeconds, 2)} s`);
    const [{ organizationId: root }] = await (
      await fetch(`${svc.url}/api/users/me/memberships`, { headers: auth })
    ).json();
    const payload = await importPayload(root, users, 10);
    const t1 = performance.now();
    const c = await fetch(`${svc.url}/api/import/commit`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify(payload),
    });
    if (c.status !== 200) throw new Error(`import: ${c.status} ${(await c.text()).slice(0, 300)}`);
    await c.arrayBuffer();
    const importSeconds = (performance.now() - t1) / 1000;
    const result = {
      store,
      users,
      scimUsersPerSecond: round(users / scimSeconds),
      importUsersPerSecond: round(users / importSeconds),
    };
    log(`  [${store}] ${JSON.stringify(result)}`);
    return result;
  });
}

if (import.meta.main) {
  const arg = (name: string, d: number) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : d;
  };
  await benchScim(process.argv.includes("--postgres") ? "postgres" : "embedded", arg("users", 500));
}
