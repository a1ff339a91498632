/**
 * The physical floor of the field benchmark's job for the same settings: no tool can beat it. Every image
 * has to cross the site link (all of them, one after another at the link's rate, or at the devices' own
 * rate when that is lower), and then the last device still has to install it, reboot, restart mining
 * with its settings and climb to its rate (the issue's "install, reboot, restart and settle"), and be
 * watched for the whole acceptance window. Means of the profile's ranges: the floor of a typical device,
 * not of the luckiest one.
 */
import type { SimRange } from '../../simulator';

export interface FloorInput {
  devices: number;
  imageBytes: number;
  siteMbps: number;
  deviceMbps: number;
  installSeconds: SimRange;
  rebootDownSeconds: SimRange;
  miningRestartSeconds: SimRange;
  hashClimbSeconds: SimRange;
  acceptMinutes: number;
}

export interface Floor {
  wireMinutes: number;
  lastDeviceMinutes: number;
  totalMinutes: number;
}

const mean = ([min, max]: SimRange): number => (min + max) / 2;

export function physicalFloor(input: FloorInput): Floor {
  const bits = input.devices * input.imageBytes * 8;
  // The link carries at most its rate; a single device could not even take that much.
  const rate = Math.min(input.siteMbps, input.devices * input.deviceMbps) * 1e6;
  const wireMinutes = bits / rate / 60;
  const lastDeviceMinutes =
    (mean(input.installSeconds) +
      mean(input.rebootDownSeconds) +
      mean(input.miningRestartSeconds) +
      mean(input.hashClimbSeconds)) /
      60 +
    input.acceptMinutes;
  return { wireMinutes, lastDeviceMinutes, totalMinutes: wireMinutes + lastDeviceMinutes };
}
