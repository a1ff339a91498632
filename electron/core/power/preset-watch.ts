/**
 * The preset each fleet device runs, for the fleet row: read from `GET /perf-summary` (anonymous in the
 * vendor document; a device that guards it gets its credential: `sessions.read`)
 * (`current_preset`) only when due — not with every monitor poll, which stays as cheap as it was. An entry
 * is read when first asked for, then again after 10 minutes (the firmware's preset switcher may change it),
 * every 15 s while a preset this laptop set is configured but not yet running (until the mining restart),
 * and a minute after a failed read. Reads run a few at a time; a device asked for again while its read is
 * in flight shares that read.
 */
import type { DevicePresetView } from '../../../shared/domain/power-plan';
import { runBulk } from '../credentials/bulk';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import type { DeviceClient } from '../device/client';
import { readCurrentPreset } from '../device/preset-reader';

export const PRESET_TTL_MS = 10 * 60_000;
export const PENDING_TTL_MS = 15_000;
export const FAILED_TTL_MS = 60_000;
const CONCURRENCY = 16;
/** Entries of devices no longer asked for are dropped beyond this many. */
const MAX_ENTRIES = 50_000;

interface Entry {
  view: DevicePresetView;
  readAt: number;
  failed: boolean;
}

export interface PresetWatch {
  /** The preset views of these devices, reading the ones that are due first. */
  presetsOf(
    targets: readonly SessionTarget[],
    signal?: AbortSignal,
  ): Promise<Record<string, DevicePresetView>>;
  /** A preset this laptop configured (read back): shown until the device runs it. */
  configured(deviceId: string, preset: string): void;
}

export function createPresetWatch(options: {
  client: DeviceClient;
  /** The rule for reads the vendor lists as anonymous (a device may guard them). */
  sessions: Pick<SessionManager, 'read'>;
  now?: () => number;
}): PresetWatch {
  const { client, sessions } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<void>>();

  const ttlOf = (entry: Entry): number => {
    if (entry.failed) return FAILED_TTL_MS;
    const { configured, inUse } = entry.view;
    return configured !== undefined && configured !== inUse ? PENDING_TTL_MS : PRESET_TTL_MS;
  };
  const due = (deviceId: string): boolean => {
    const entry = entries.get(deviceId);
    return entry === undefined || now() - entry.readAt >= ttlOf(entry);
  };

  async function read(target: SessionTarget, signal: AbortSignal | undefined): Promise<void> {
    const before = entries.get(target.deviceId)?.view;
    // Kept across reads: what this laptop configured, until the device runs it.
    const configured = before?.configured;
    try {
      const call = signal === undefined ? {} : { signal };
      const body = await sessions.read(
        target,
        (credential) => client.getPerfSummary(target.address, credential, call),
        call,
      );
      const current = readCurrentPreset(body);
      const view: DevicePresetView = {
        ...(current !== undefined ? { inUse: current.name } : {}),
        ...(current?.status === 'untuned' ? { untuned: true } : {}),
        ...(configured !== undefined && configured !== current?.name ? { configured } : {}),
      };
      entries.set(target.deviceId, { view, readAt: now(), failed: false });
    } catch {
      entries.set(target.deviceId, { view: before ?? {}, readAt: now(), failed: true });
    }
  }

  function readOnce(target: SessionTarget, signal: AbortSignal | undefined): Promise<void> {
    const running = inFlight.get(target.deviceId);
    if (running !== undefined) return running;
    const reading = read(target, signal).finally(() => inFlight.delete(target.deviceId));
    inFlight.set(target.deviceId, reading);
    return reading;
  }

  return {
    async presetsOf(targets, signal) {
      const dueNow = targets.filter((t) => due(t.deviceId) || inFlight.has(t.deviceId));
      await runBulk(dueNow, (target, s) => readOnce(target, s), {
        concurrency: CONCURRENCY,
        ...(signal !== undefined ? { signal } : {}),
      });
      if (entries.size > MAX_ENTRIES) {
        const asked = new Set(targets.map((t) => t.deviceId));
        for (const id of entries.keys()) if (!asked.has(id)) entries.delete(id);
      }
      const views: Record<string, DevicePresetView> = {};
      for (const target of targets) {
        const entry = entries.get(target.deviceId);
        if (entry !== undefined) views[target.deviceId] = entry.view;
      }
      return views;
    },

    configured(deviceId, preset) {
      const { configured: _replaced, ...known } = entries.get(deviceId)?.view ?? {};
      const view: DevicePresetView = known.inUse === preset ? known : { ...known, configured: preset };
      // Read again at the next ask: the device may already run it (firmware that applies at once).
      entries.set(deviceId, { view, readAt: 0, failed: false });
    },
  };
}
