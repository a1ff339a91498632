/**
 * The plan's devices as the rollout runs them: each with its session target and what it was before the
 * update (its version, whether it mined), and for a device an earlier run left mid-update, when that run's
 * reboot began (from the activity log) and whether it has surely rebooted since.
 */
import { historyOf, tookTheImage } from './history';
import type { PreparedRollout, RolloutDevice } from './rollout-types';
import { USUAL_AFTER_SECONDS } from './send-image';
import { isMining } from './verdict';

export function rolloutDevices(prepared: PreparedRollout, nowMs: number): RolloutDevice[] {
  const byId = new Map(prepared.preflight.map((p) => [p.deviceId, p]));
  const targets = new Map(prepared.targets.map((t) => [t.deviceId, t]));
  const deadlineMs = prepared.plan.settings.deadlineMinutes * 60_000;
  return prepared.plan.devices.flatMap((device): RolloutDevice[] => {
    const target = targets.get(device.deviceId);
    if (target === undefined) return [];
    const seen = byId.get(device.deviceId);
    if (device.role === 'canary' || device.role === 'batch') {
      const before = seen?.identity.version;
      return [
        {
          target,
          plan: device,
          ...(before !== undefined
            ? { before: { version: before, mining: isMining(seen?.minerState) } }
            : {}),
        },
      ];
    }
    if (device.role !== 'verify') return [{ target, plan: device }];
    const record = historyOf(prepared.history, device);
    const at = record === undefined ? nowMs : Date.parse(record.at);
    const tookIt = tookTheImage(record);
    const from = record?.from ?? seen?.identity.version;
    const changed =
      from !== undefined && seen?.identity.version !== undefined && seen.identity.version !== from;
    const downAt = tookIt ? at + USUAL_AFTER_SECONDS * 1000 : nowMs;
    return [
      {
        target,
        plan: device,
        // What it mined before is not in the log: a commissioning fleet mines, so it must mine again.
        ...(from !== undefined ? { before: { version: from, mining: true } } : {}),
        resume: {
          downAt,
          deadlineAt: (tookIt ? at : nowMs) + deadlineMs,
          alreadyRebooted: changed || (tookIt && nowMs >= at + deadlineMs),
        },
      },
    ];
  });
}
