/**
 * The caller's devices (CONTRACT §4, GET/DELETE /api/users/me/devices): the devices of device-mode
 * refresh families, and removing one, which ends its family.
 */
import { notFound } from "../../kernel/errors";
import type { Unit } from "../../kernel/unit";
import type { EventJournal } from "../events";
import type { Device, DeviceRepo, FamilyStore } from "./ports";

/** The caller of a `/api/users/me/devices` operation. */
export interface DeviceCaller {
  userId: number;
  tenantId: number;
  orgId: number;
  orgPath: string;
  /** The refresh family the caller's access token belongs to (`sid`). */
  sessionId?: string;
  ip: string | null;
}

export interface DeviceDeps {
  families: Pick<FamilyStore, "revokeDevice">;
  devices: DeviceRepo;
  unit: Unit<{ devices: DeviceRepo; events: EventJournal }>;
}

/** The caller's devices: list, and remove (its refresh family ends). */
export function createDeviceControl(deps: DeviceDeps) {
  /** The caller's devices, oldest first. */
  async function listDevices(caller: DeviceCaller): Promise<Device[]> {
    return deps.devices.listUser(caller.userId);
  }

  /** Logs one of the caller's devices out and forgets it; 404 when it is not the caller's. */
  async function removeDevice(caller: DeviceCaller, deviceId: string): Promise<void> {
    await deps.unit("devices.remove", ["devices", "events"], async ({ devices, events }) => {
      if (!(await devices.delete(caller.userId, deviceId))) throw notFound("Device");
      await events.record({
        type: "device.removed",
        tenantId: caller.tenantId,
        org: { id: caller.orgId, path: caller.orgPath },
        actor: { ip: caller.ip },
        target: { userId: caller.userId },
        data: { deviceId },
      });
    });
    // Families may live in Redis, outside the unit: end the device's sessions after the commit.
    await deps.families.revokeDevice(caller.userId, deviceId);
  }

  return { listDevices, removeDevice };
}
