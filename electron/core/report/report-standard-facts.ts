/**
 * What the report reads of each device for the site's standard, the way `minerdeck commission --dry-run`
 * reads it (standard/device-facts.ts: its pools as configured against the standard's, workers filled in;
 * its preset against the power rule's; whether it accepted the site password this session) — so the
 * report and the Commission preview never disagree. Only devices that answered the report's own check are
 * read: the others are "not checked" with their state, not waited for a second time. Nothing is written.
 */
import { parseDeviceAddress } from '../../../shared/domain/device-address';
import type { InventoryDevice, Site } from '../../../shared/domain/inventory';
import type { CommissioningSnapshot } from '../../../shared/domain/report';
import type { SiteStandard } from '../../../shared/domain/standard';
import type { StoredVerdict } from '../../../shared/domain/acceptance';
import { workerFactsOf } from '../commission/pool-targets';
import type { PoolTarget } from '../commission/pool-plan';
import type { FactsDeps } from '../standard/device-facts';
import { gatherFacts } from '../standard/device-facts';
import type { DeviceFacts } from '../standard/drift';

export interface StandardFactsDeps extends FactsDeps {
  /** The site password the keychain holds, compared by the session manager (never put in the report). */
  sitePassword: (siteId: string) => Promise<string | undefined>;
}

export interface StandardFactsInput {
  site: Site;
  standard: SiteStandard;
  devices: readonly InventoryDevice[];
  /** The report's check: only the devices online in it are read. */
  snapshot: CommissioningSnapshot;
  verdicts: ReadonlyMap<string, StoredVerdict>;
  signal?: AbortSignal;
  concurrency?: number;
}

export async function readStandardFacts(
  deps: StandardFactsDeps,
  input: StandardFactsInput,
): Promise<Map<string, DeviceFacts>> {
  const online = new Set(input.snapshot.devices.filter((d) => d.state === 'online').map((d) => d.deviceId));
  const targets = input.devices.flatMap((device): PoolTarget[] => {
    if (!online.has(device.id)) return [];
    const address = parseDeviceAddress(device.address);
    if (!address.ok) return [];
    return [
      {
        deviceId: device.id,
        address: address.value,
        facts: workerFactsOf(address.value, undefined, device, input.site),
      },
    ];
  });
  if (targets.length === 0) return new Map();
  const sitePassword = input.standard.password ? await deps.sitePassword(input.site.id) : undefined;
  const facts = await gatherFacts(deps, targets, {
    standard: input.standard,
    sitePassword,
    // The firmware is the report's own (the last scan, or a rollout's verified version): build-report.ts.
    firmwareOf: () => undefined,
    offlineReason: () => undefined,
    verdicts: new Map([...input.verdicts].map(([id, v]) => [id, v.verdict] as const)),
    ...(input.signal !== undefined ? { signal: input.signal } : {}),
    ...(input.concurrency !== undefined ? { concurrency: input.concurrency } : {}),
  });
  return new Map(facts.map((f) => [f.deviceId, f]));
}
