/**
 * Simulated devices as acceptance sees a healthy site. The simulator answers with the recorded S21 Pro
 * summary, taken while that device was `auto-tuning` at 88.5 % of its nominal hash rate (and each simulated
 * device varies ±5 % around it), so a simulated device would fail acceptance's default of 95 % of nominal for
 * that alone. A device that has finished tuning hashes at about nominal: these tests raise every device's
 * hash rate to 103–118 % of nominal through the simulator's public knob (`setMetrics`), so each hardware
 * fault — a low hash rate included — fails its device for its own reason, and healthy devices pass.
 */
import type { Fleet } from '../simulator';

/** Recorded real-time rate × this ≥ 95 % of nominal for every device's spread and wobble. */
export const HASHING_AT_NOMINAL = 1.25;

export function hashingAtNominal(fleet: Fleet): void {
  for (const device of fleet.devices) device.setMetrics({ hashRateFactor: HASHING_AT_NOMINAL });
}
