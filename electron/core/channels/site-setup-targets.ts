/**
 * The fleet devices a site-setup request from the window names, as the commissioning services take them:
 * their current address, and for pools what the worker templates may use — the identity the fleet knows
 * (else what the monitor's last `/info` said), the inventory label, the site. Also the monitor's word on which devices cannot be written to now, and
 * how each request's outcomes stream to the window as `commission:*` events (metadata only).
 */
import type { WriteResult } from '../../../shared/domain/commission';
import type { CommissionOperation } from '../../../shared/ipc/events';
import type { PoolTarget } from '../commission/pool-plan';
import type { SessionTarget } from '../credentials/session-target';
import type { EventHub } from '../events/event-hub';
import type { FleetService } from '../fleet/fleet-service';
import type { InventoryServices } from '../inventory/inventory-services';

export const NOT_IN_FLEET = 'this device is no longer in the fleet';

/** An id given twice must not make two writes on one device. */
export const distinct = (ids: readonly string[]): string[] => [...new Set(ids)];

/** The fleet devices among `deviceIds` (no siteId: the keychain's membership decides, as unlock does). */
export function sessionTargets(fleet: FleetService, deviceIds: readonly string[]): SessionTarget[] {
  const targets: SessionTarget[] = [];
  for (const deviceId of deviceIds) {
    const entry = fleet.entry(deviceId);
    if (entry !== undefined) targets.push({ deviceId, address: entry.address });
  }
  return targets;
}

/** The same devices with their worker-template facts; the inventory adds labels and the site's id. */
export async function poolTargets(
  fleet: FleetService,
  inventory: Pick<InventoryServices, 'devices'>,
  deviceIds: readonly string[],
): Promise<PoolTarget[]> {
  const listed = await inventory.devices(fleet.siteId());
  const known = new Map(listed.ok ? listed.value.devices.map((d) => [d.id, d]) : []);
  const site = listed.ok ? listed.value.site.id : (fleet.siteId() ?? null);
  const targets: PoolTarget[] = [];
  for (const deviceId of deviceIds) {
    const entry = fleet.entry(deviceId);
    if (entry === undefined) continue;
    const { identity } = entry;
    // A device added by its address alone: what the monitor's last `/info` said fills the gaps.
    const missing = identity.mac === null || identity.hostname === null || identity.serial === null;
    const said = missing ? fleet.readIdentity(deviceId) : undefined;
    targets.push({
      deviceId,
      address: entry.address,
      facts: {
        host: entry.address.host,
        mac: identity.mac ?? said?.mac ?? null,
        hostname: identity.hostname ?? said?.hostname ?? null,
        serial: identity.serial ?? said?.serial ?? null,
        label: known.get(deviceId)?.label ?? null,
        site,
      },
    });
  }
  return targets;
}

/**
 * Why the monitor says a device cannot take a write now: offline, or rebooting (its web server is down);
 * undefined for every other state. A device restarting its mining still answers its API.
 */
export async function unreachableReasons(
  fleet: FleetService,
): Promise<(target: SessionTarget) => string | undefined> {
  const snapshot = await fleet.snapshot();
  const views = new Map(snapshot.devices.map((d) => [d.deviceId, d.view]));
  return (target) => {
    const view = views.get(target.deviceId);
    return view?.state === 'offline' || view?.state === 'rebooting' ? view.reason : undefined;
  };
}

/** Every device asked for, in that order; one that left the fleet meanwhile is reported skipped. */
export function inAskedOrder<R extends WriteResult>(
  deviceIds: readonly string[],
  results: readonly R[],
  missing: (result: WriteResult) => void,
): (R | WriteResult)[] {
  const byId = new Map(results.map((r) => [r.deviceId, r]));
  return deviceIds.map((deviceId) => {
    const found = byId.get(deviceId);
    if (found !== undefined) return found;
    const skipped: WriteResult = {
      address: '',
      deviceId,
      outcome: 'skipped',
      message: `Skipped: ${NOT_IN_FLEET}.`,
    };
    missing(skipped);
    return skipped;
  });
}

/** Streams one request's outcomes: a `commission:device` per device, then the running counts. */
export function outcomeTeller(
  events: EventHub,
  operation: CommissionOperation,
  total: number,
): (result: WriteResult & { restartRequired?: boolean; ledOn?: boolean }) => void {
  const counts = { done: 0, total, changed: 0, failed: 0, skipped: 0 };
  return (result) => {
    counts.done += 1;
    if (result.outcome === 'done') counts.changed += 1;
    else if (result.outcome === 'skipped') counts.skipped += 1;
    else counts.failed += 1;
    events.emit({
      type: 'commission:device',
      payload: {
        operation,
        deviceId: result.deviceId,
        address: result.address,
        outcome: result.outcome,
        message: result.message,
        ...(result.restartRequired !== undefined ? { restartRequired: result.restartRequired } : {}),
        ...(result.ledOn !== undefined ? { ledOn: result.ledOn } : {}),
      },
    });
    events.emit({ type: 'commission:progress', payload: { operation, ...counts } });
  };
}
