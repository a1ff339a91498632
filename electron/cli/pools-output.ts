/**
 * What `minerdeck pools …` prints: the pools of a request (passwords masked), the preview with each
 * device's workers, one outcome per device as it finishes, and a device's configured pools. With `--json`
 * one object per line per device (`address`, `ok`, `error: {code, message}` when not done, plus `workers`
 * and `restartRequired`). A pool password is never printed: plans, outcomes and read-backs carry only
 * whether a slot has one; a login inside a pool url is cut (shared/domain/pool-url.ts).
 */
import type {
  DevicePools,
  PoolPlanEntry,
  PoolSlot,
  PoolSpec,
  PoolWriteResult,
} from '../../shared/domain/pools';
import type { PoolPreset } from '../../shared/domain/pools';
import { withoutLogin } from '../../shared/domain/pool-url';
import type { Output } from './output';
import { errorOf } from './password-output';

export const MASK = '***';

const password = (has: boolean): string => (has ? `password ${MASK}` : 'no password');

/** "pool 1  stratum+tcp://…  worker acct.{mac6}  password ***" (a login in a url is never shown). */
export function poolLines(pools: readonly PoolSpec[], indent = '  '): string[] {
  return pools.map(
    (p, i) =>
      `${indent}pool ${i + 1}  ${withoutLogin(p.url)}  worker ${p.worker}  ${password(p.password !== '')}`,
  );
}

/** The workers of the slots in use, "acct.A1B2C3, acct.A1B2C3-b". */
const workersOf = (slots: readonly PoolSlot[]): string[] =>
  slots.filter((s) => s.url !== '').map((s) => s.user);

export function previewLines(pools: readonly PoolSpec[], plan: readonly PoolPlanEntry[]): string[] {
  const sending = plan.filter((p) => p.send).length;
  const skipped = plan.length - sending;
  const width = Math.max(...plan.map((p) => p.address.length));
  return [
    `Preview: ${sending} device${sending === 1 ? '' : 's'} will get these pools${skipped > 0 ? `, ${skipped} skipped` : ''}:`,
    ...poolLines(pools),
    ...plan.map(
      (p) =>
        `  ${p.address.padEnd(width)}  ${p.send && p.slots !== undefined ? `workers ${workersOf(p.slots).join(', ')}` : `skipped: ${p.detail}`}`,
    ),
  ];
}

/** The preview as JSON lines (`--dry-run`, or no `--yes`): nothing was sent, so there is no `ok` yet. */
export const previewJson = (p: PoolPlanEntry): string =>
  JSON.stringify({
    preview: true,
    address: p.address,
    deviceId: p.deviceId,
    send: p.send,
    ...(p.slots !== undefined ? { workers: p.slots.map((s) => s.user) } : {}),
    ...(p.skip !== undefined ? { skip: p.skip } : {}),
    detail: p.detail,
  });

export function printPoolResult(output: Output, result: PoolWriteResult): void {
  const error = errorOf(result);
  if (output.json) {
    output.out(
      JSON.stringify({
        address: result.address,
        ok: error === undefined,
        deviceId: result.deviceId,
        outcome: result.outcome,
        ...(result.workers !== undefined ? { workers: result.workers } : {}),
        ...(result.restartRequired !== undefined ? { restartRequired: result.restartRequired } : {}),
        ...(result.readBack !== undefined ? { readBack: result.readBack } : {}),
        ...(error === undefined ? { message: result.message } : { error }),
      }),
    );
    return;
  }
  if (error === undefined) {
    output.out(`${result.address}: ${result.message}`);
    return;
  }
  const host = result.address.replace(/^[a-z]+:\/\//, '');
  output.err(
    `minerdeck: ${error.message.includes(host) ? error.message : `${result.address}: ${error.message}`}`,
  );
}

/** `pools show`: a device's three slots, or why they could not be read. */
export function printDevicePools(output: Output, pools: DevicePools): void {
  if (output.json) {
    output.out(
      JSON.stringify(
        pools.slots !== undefined
          ? { address: pools.address, ok: true, deviceId: pools.deviceId, pools: pools.slots }
          : { address: pools.address, ok: false, deviceId: pools.deviceId, error: pools.error },
      ),
    );
    return;
  }
  if (pools.slots === undefined) {
    const message = pools.error?.message ?? 'could not be read';
    const host = pools.address.replace(/^[a-z]+:\/\//, '');
    output.err(`minerdeck: ${message.includes(host) ? message : `${pools.address}: ${message}`}`);
    return;
  }
  output.out(`${pools.address}:`);
  for (const [i, slot] of pools.slots.entries()) {
    output.out(
      slot.url === '' && slot.user === ''
        ? `  pool ${i + 1}  (empty)`
        : `  pool ${i + 1}  ${slot.url}  worker ${slot.user}  ${password(slot.hasPassword)}`,
    );
  }
}

/** `pools presets`: each preset of the site, its pools with passwords masked. */
export function printPresets(output: Output, siteName: string, presets: readonly PoolPreset[]): void {
  if (output.json) {
    for (const preset of presets) {
      output.out(
        JSON.stringify({
          name: preset.name,
          updatedAt: preset.updatedAt,
          pools: preset.pools.map((p) => ({
            url: withoutLogin(p.url),
            worker: p.worker,
            hasPassword: p.password !== '',
          })),
        }),
      );
    }
    return;
  }
  if (presets.length === 0) {
    output.err(`Site "${siteName}" has no pool presets yet (pools set … --save-preset NAME saves one).`);
    return;
  }
  for (const preset of presets) {
    output.out(`${preset.name}:`);
    for (const line of poolLines(preset.pools)) output.out(line);
  }
}
