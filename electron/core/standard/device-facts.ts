/**
 * Gathers what drift.ts compares, reusing the write services' own previews so the drift and the writes
 * agree: the pools preview gives each device's workers as the standard would set them, the power plan its
 * preset under the standard's rule; `readPools` what it has now; the session manager whether the device
 * accepted the site password (a comparison: the secret stays in the session manager); the firmware
 * version from `/info`; the site's acceptance verdicts. A read that fails leaves its fact out.
 */
import type { Verdict } from '../../../shared/domain/acceptance-words';
import type { PoolSpec } from '../../../shared/domain/pools';
import type { SiteStandard } from '../../../shared/domain/standard';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { CommissionServices } from '../commission/commission-services';
import type { PoolTarget } from '../commission/pool-plan';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import { FACTORY_PASSWORD } from '../credentials/vault-listing';
import type { ApplyPendingDeps } from './apply-pending';
import { readApplyPending } from './apply-pending';
import type { DeviceFacts, SlotFact } from './drift';

export interface FactsDeps {
  commission: Pick<CommissionServices, 'planPools' | 'readPools' | 'planPower'>;
  sessions: Pick<SessionManager, 'acceptedPasswordIs' | 'withCredential'>;
  /** `/status` (restart / reboot pending: apply-pending.ts). */
  client: ApplyPendingDeps['client'];
}

export interface FactsInput {
  standard: SiteStandard;
  /** The site password (keychain), when the standard asks for one and it is stored. */
  sitePassword: string | undefined;
  /** The firmware version each device reports, when known (`/info`). */
  firmwareOf: (target: PoolTarget) => string | undefined;
  /** Why a device cannot be reached now, else undefined. */
  offlineReason: (target: SessionTarget) => string | undefined;
  /** The site's latest verdict per device id. */
  verdicts: ReadonlyMap<string, Verdict>;
  signal?: AbortSignal;
  concurrency?: number;
}

const slotFacts = (slots: readonly { url: string; user: string }[]): SlotFact[] =>
  slots.map((s) => ({ url: s.url, user: s.user }));

/** Whether the device runs the site password, the factory one, or another, from this session's unlock. */
export function passwordFact(
  sessions: FactsDeps['sessions'],
  deviceId: string,
  sitePassword: string | undefined,
): DeviceFacts['password'] {
  if (sitePassword !== undefined && sessions.acceptedPasswordIs(deviceId, sitePassword) === true) {
    return 'site';
  }
  const factory = sessions.acceptedPasswordIs(deviceId, FACTORY_PASSWORD);
  if (factory === true) return 'factory';
  return factory === false ? 'other' : undefined;
}

export async function gatherFacts(
  deps: FactsDeps,
  targets: readonly PoolTarget[],
  input: FactsInput,
): Promise<DeviceFacts[]> {
  const { standard } = input;
  const bulk = {
    ...(input.signal !== undefined ? { signal: input.signal } : {}),
    ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
  };
  // Reading the pools unlocks each device (with its stored, site or given password): the password
  // evidence below comes from that unlock.
  const read = new Map((await deps.commission.readPools(targets, bulk)).map((p) => [p.deviceId, p] as const));
  // Only devices that answered: an offline one is not asked again.
  const pending = await readApplyPending(
    deps,
    targets.filter((t) => input.offlineReason(t) === undefined && read.get(t.deviceId)?.error === undefined),
    bulk,
  );
  const wantedPools = new Map<string, SlotFact[]>();
  if (standard.pools !== undefined) {
    const pools: PoolSpec[] = standard.pools;
    const planned = await deps.commission.planPools(targets, pools, { offlineReason: input.offlineReason });
    if (planned.ok) {
      for (const entry of planned.value) {
        if (entry.slots !== undefined) wantedPools.set(entry.deviceId, slotFacts(entry.slots));
      }
    }
  }
  const presets = new Map<string, { current: string | undefined; wanted: string }>();
  const unavailable = new Map<string, string>();
  if (standard.power !== undefined) {
    const planned = await deps.commission.planPower(targets, standard.power, {
      offlineReason: input.offlineReason,
      ...bulk,
    });
    if (planned.ok) {
      for (const entry of planned.value.entries) {
        if (entry.preset !== undefined) {
          presets.set(entry.deviceId, { current: entry.current, wanted: entry.preset.name });
        } else if (entry.skip === 'no-choice') {
          // Read, and its model has no preset the rule allows: said so, never "not checked".
          const power = standard.power;
          unavailable.set(
            entry.deviceId,
            power.kind === 'preset' ? `preset ${power.name} not offered` : `no preset fits: ${entry.detail}`,
          );
        }
      }
    }
  }
  return targets.map((target): DeviceFacts => {
    const pools = read.get(target.deviceId);
    const offline = input.offlineReason(target);
    const unreadable = offline ?? (pools?.error !== undefined ? pools.error.message : undefined);
    const wanted = wantedPools.get(target.deviceId);
    const password = passwordFact(deps.sessions, target.deviceId, input.sitePassword);
    const firmware = input.firmwareOf(target);
    const power = presets.get(target.deviceId);
    return {
      deviceId: target.deviceId,
      address: formatDeviceAddress(target.address),
      ...(unreadable !== undefined ? { unreadable } : {}),
      ...(password !== undefined ? { password } : {}),
      ...(firmware !== undefined ? { firmware } : {}),
      ...(pools?.slots !== undefined && wanted !== undefined
        ? { pools: { read: slotFacts(pools.slots), wanted } }
        : {}),
      ...(power !== undefined ? { power } : {}),
      ...(pending.has(target.deviceId) ? { applyPending: pending.get(target.deviceId) } : {}),
      ...(unavailable.has(target.deviceId)
        ? { powerUnavailable: unavailable.get(target.deviceId) ?? '' }
        : {}),
      acceptance: input.verdicts.get(target.deviceId) ?? 'none',
    };
  });
}
