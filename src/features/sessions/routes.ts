/** The caller's devices: GET /api/users/me/devices, DELETE /api/users/me/devices/{deviceId}. */
import { Elysia, t } from "elysia";
import { clientIp } from "../../http/context";
import type { Services } from "../../services";
import { DeviceView } from "../auth/model";

export function sessionRoutes(svc: Services) {
  const tags = ["Sessions"];
  const security = [{ bearer: [] }];
  const callerOf = async (request: Request, server: unknown) => {
    const ip = clientIp(request, server as Parameters<typeof clientIp>[1]);
    const p = await svc.guard.user(request.headers, ip);
    return { userId: p.userId, tenantId: p.tenantId, orgId: p.orgId, orgPath: p.orgPath, ip };
  };
  return new Elysia({ name: "session-routes" })
    .get(
      "/api/users/me/devices",
      async ({ request, server }) => {
        const devices = await svc.sessionService.listDevices(await callerOf(request, server));
        return devices.map((d) => ({ deviceId: d.deviceId, name: d.name, platform: d.platform, lastSeenAt: d.lastSeenAt.toISOString(), createdAt: d.createdAt.toISOString() }));
      },
      { response: { 200: t.Array(DeviceView) }, detail: { tags, security, summary: "The caller's devices", description: "Any user access token of this issuer, whatever its audience." } },
    )
    .delete(
      "/api/users/me/devices/:deviceId",
      async ({ params, request, server }) => {
        await svc.sessionService.removeDevice(await callerOf(request, server), params.deviceId);
        return new Response(null, { status: 200 });
      },
      {
        params: t.Object({ deviceId: t.String({ minLength: 1, maxLength: 128 }) }),
        detail: { tags, security, summary: "Log one of the caller's devices out", description: "Ends that device's session and forgets the device; other devices are untouched. 404 when the device is not the caller's." },
      },
    );
}
