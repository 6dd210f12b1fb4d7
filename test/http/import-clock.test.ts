/**
 * One clock for import jobs (issue 25, point 5): a job's `createdAt` and `completedAt` both come from
 * the injected clock, on every store, so `completedAt` is never before `createdAt` (MongoDB once
 * stamped `createdAt` with the adapter's own time).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { makeTestApp, type TestApp } from "../support/app";
import { manualClock } from "../support/clock";
import { ok, provisionTenant, uniq, type TenantFixture } from "./directory-fixtures";

// A fixed instant well away from the wall clock: a timestamp taken from any other clock would show.
const clock = manualClock(Date.now() - 3 * 86_400_000);
let t: TestApp;
let ten: TenantFixture;
beforeAll(async () => {
  t = await makeTestApp({ clock });
  ten = await provisionTenant(t);
});
afterAll(() => t.close());

const payload = (tag: string) => ({
  rootParentOrgId: ten.rootOrgId,
  organizations: [{ externalId: `${tag}-div`, name: "Division", slug: `${tag}-div` }],
  users: [{ externalId: `${tag}-u`, orgExternalId: `${tag}-div`, email: `${tag}@clock.test`, fullName: "U" }],
});

test("dry run, commit and rejected commit: createdAt and completedAt are the injected clock's instant", async () => {
  const tag = uniq("clk");
  const bad = { ...payload(`${tag}-x`), users: [{ ...payload(tag).users[0], orgExternalId: "nowhere" }] };
  const at: number[] = [];
  for (const [path, body] of [
    ["validate", payload(tag)],
    ["commit", payload(tag)],
    ["commit", bad],
  ] as const) {
    clock.advance(60);
    at.push(clock.now().getTime());
    await ok(t.call("POST", `/api/import/${path}`, { token: ten.token, body }));
  }
  const jobs = await ok(t.call("GET", "/api/import/jobs?limit=3", { token: ten.token }));
  expect(jobs.map((j: { status: string }) => j.status)).toEqual(["REJECTED", "COMPLETED", "VALID"]);
  jobs.reverse().forEach((j: { createdAt: string; completedAt: string }, i: number) => {
    expect(Date.parse(j.createdAt)).toBe(at[i]);
    expect(Date.parse(j.completedAt)).toBe(at[i]);
    expect(Date.parse(j.completedAt)).toBeGreaterThanOrEqual(Date.parse(j.createdAt));
  });
});
