/**
 * `minerdeck firmware status`: the versions by model of a set of devices, from each one's anonymous
 * `/info` — read only, nothing sent. Kept apart from the rollout (firmware-service.ts), which it shares
 * only the device reading with.
 */
import type { FirmwareStatus, FirmwareStatusDevice } from '../../../shared/domain/firmware';
import { versionsByModel } from '../../../shared/domain/firmware';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import { runBulk } from '../credentials/bulk';
import type { SessionTarget } from '../credentials/session-target';
import type { FactsDeps } from './device-facts';
import { readInfo } from './device-facts';

export async function readFirmwareStatus(
  facts: FactsDeps,
  targets: readonly SessionTarget[],
  statusOptions: { signal?: AbortSignal; concurrency?: number } = {},
): Promise<FirmwareStatus> {
  const read = await runBulk(
    targets,
    async (target, signal) => ({
      target,
      info: await readInfo(facts, target, signal ? { signal } : {}),
    }),
    {
      ...(statusOptions.signal !== undefined ? { signal: statusOptions.signal } : {}),
      ...(statusOptions.concurrency !== undefined ? { concurrency: statusOptions.concurrency } : {}),
    },
  );
  const devices = read.map((outcome): FirmwareStatusDevice => {
    const address = formatDeviceAddress(outcome.item.address);
    if (!outcome.ok) return { address, ok: false, error: outcome.error.message };
    const { info } = outcome.value;
    if (!info.ok) return { address, ok: false, error: info.why };
    const { model, modelName, version } = info.identity;
    return {
      address,
      ok: true,
      ...(model !== undefined ? { model } : {}),
      ...(modelName !== undefined ? { modelName } : {}),
      ...(version !== undefined ? { version } : {}),
    };
  });
  return { devices, models: versionsByModel(devices.filter((d) => d.ok)) };
}
