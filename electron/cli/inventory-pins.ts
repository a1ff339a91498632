/**
 * The certificates the technician trusted (`minerdeck trust`), for every device client a CLI command
 * creates, so an https device answers the CLI only with its pinned certificate. Read straight from the
 * inventory file, once, on the first https connection: plain-http commands never pay for it, and the
 * inventory's schemas (zod) are not loaded for a status call. Reading fails closed: a missing, unreadable
 * or odd file gives no pins, and an unpinned self-signed device is refused (TLS_UNTRUSTED), never trusted.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseDeviceAddress } from '../../shared/domain/device-address';
import type { TlsPins } from '../core/device/tls-pinning';
import { tlsPinKey } from '../core/device/tls-pinning';
import { defaultDataDir } from '../core/inventory/data-dir';
import type { CliContext } from './commands/context';

/** `INVENTORY_FILE` of core/inventory/store.ts, which is not imported: it loads the schemas (zod). */
const INVENTORY_FILE = 'inventory.json';

function readPins(dataDir: string): Map<string, string> {
  const pins = new Map<string, string>();
  let devices: unknown;
  try {
    devices = (JSON.parse(readFileSync(join(dataDir, INVENTORY_FILE), 'utf8')) as { devices?: unknown })
      .devices;
  } catch {
    return pins;
  }
  if (!Array.isArray(devices)) return pins;
  for (const device of devices as { address?: unknown; tlsPin?: unknown }[]) {
    if (typeof device.address !== 'string' || typeof device.tlsPin !== 'string') continue;
    const address = parseDeviceAddress(device.address);
    if (address.ok) pins.set(tlsPinKey(address.value), device.tlsPin);
  }
  return pins;
}

export function inventoryPins(dataDir: string): TlsPins {
  let pins: Map<string, string> | undefined;
  return { get: (hostPort) => (pins ??= readPins(dataDir)).get(hostPort) };
}

/** The pins of the command's data folder (`--data-dir`, else the app's own folder). */
export function cliPins(ctx: CliContext): TlsPins {
  // As `dataDirOf` in commands/inventory-context.ts, which would load the inventory services.
  const dataDir =
    ctx.dataDir ?? defaultDataDir({ env: process.env, platform: process.platform, home: homedir() });
  return inventoryPins(dataDir);
}

/** The context with every device client pinned to the inventory's trusted certificates. */
export function withInventoryPins(ctx: CliContext): CliContext {
  const tlsPins = cliPins(ctx);
  return { ...ctx, createClient: (options) => ctx.createClient({ tlsPins, ...options }) };
}
