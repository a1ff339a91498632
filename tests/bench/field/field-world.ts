/**
 * The hall of the field benchmark: N simulated devices on the field clock (tests/simulator field profile,
 * README "Field clock"), sharing one site link, with field faults picked by a seed, on an aligned loopback
 * block so one CIDR scans them all.
 */
import { writeSimImage, S21 } from '../../support/firmware-world';
import type { Fleet } from '../../simulator';
import { FIELD_LINK, FIELD_TIMINGS, fieldProfile, startFleet } from '../../simulator';

export const FACTORY_PASSWORD = 'admin';
export const FROM_VERSION = '1.2.6';
export const TO_VERSION = '1.2.7';
/**
 * Devices arrive with their stock presets tuned at the factory; an untuned one would tune for 20–40 min
 * after its restart (the settle limit then says pending). The budget below picks among these.
 */
export const TUNED_PRESETS = ['2550', '2640', '2710', '2800'];
/** What a simulated S21 Pro draws on its default preset (2800 W). */
export const DEVICE_WATTS = 2800;

export interface FieldWorldOptions {
  devices: number;
  scale: number;
  imageMb: number;
  seed: string;
}

/** The smallest loopback CIDR from 127.77.0.0 that holds `devices` hosts (254 a /24: .0 and .255 skipped). */
export function hallCidr(devices: number): string {
  const blocks = Math.ceil(devices / 254);
  const bits = Math.ceil(Math.log2(Math.max(1, blocks)));
  return `127.77.0.0/${24 - bits}`;
}

export async function startHall(options: FieldWorldOptions): Promise<Fleet> {
  return startFleet({
    count: options.devices,
    hostBase: '127.77.0',
    recordRequests: false,
    timeScale: options.scale,
    seed: 33,
    link: { ...FIELD_LINK, chargeBytes: options.imageMb * 1024 * 1024 },
    fieldFaults: { seed: options.seed },
    defaults: fieldProfile({
      model: S21.model,
      firmwareVersion: FROM_VERSION,
      password: FACTORY_PASSWORD,
      tunedPresets: TUNED_PRESETS,
      timingJitter: 0,
    }),
  });
}

/** A small real image: the link counts it as `imageMb` (the simulator's `chargeBytes`). */
export function hallImage(dir: string): string {
  return writeSimImage(dir, TO_VERSION, S21.id, 256 * 1024);
}

export { FIELD_LINK, FIELD_TIMINGS };
