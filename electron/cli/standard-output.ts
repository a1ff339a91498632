/**
 * What `standard show|set` and `commission` print: the standard in lines (never a secret: whether the site
 * password is stored, whether a pool has a password), the Commission preview per device, and each
 * device's outcome — as text, or one JSON object per line with `--json` (`address`, `steps` in words).
 */
import { pacingWords } from '../../shared/format/pacing-text';
import { ACCEPTANCE_DEFAULTS } from '../../shared/domain/acceptance-words';
import type { CommissionDevice, CommissionPlanEntry, StandardView } from '../../shared/domain/standard';
import { choiceText } from '../../shared/format/power-text';

export function standardLines(view: StandardView): string[] {
  const { standard } = view;
  if (standard === null) {
    return [
      `Site "${view.siteName}" has no standard yet: set it with minerdeck standard set --new-password-stdin --pool "<url>,<worker template>" …`,
    ];
  }
  const lines = [`Standard of site "${view.siteName}" (changed ${standard.updatedAt}):`];
  if (standard.password.required) {
    lines.push(
      standard.password.stored
        ? '  password: the site password (stored in the keychain)'
        : '  password: the site password — NOT stored in this keychain: set it with --new-password-stdin',
    );
  }
  for (const [i, pool] of (standard.pools ?? []).entries()) {
    lines.push(
      `  pool ${i + 1}: ${pool.url}  worker ${pool.worker}${pool.hasPassword ? '  (pool password set)' : ''}`,
    );
  }
  if (standard.firmware !== undefined) {
    const pacing = standard.firmware.pacing;
    lines.push(
      `  firmware: ${standard.firmware.version} (image ${standard.firmware.imagePath})${pacing !== undefined ? `; pacing: ${pacingWords(pacing)}` : ''}`,
    );
  }
  if (standard.power !== undefined) lines.push(`  power: ${choiceText(standard.power)}`);
  if (standard.acceptance !== undefined) {
    const a = standard.acceptance;
    lines.push(
      `  acceptance: ${a.minutes} min once settled (up to ${a.settleMinutes ?? ACCEPTANCE_DEFAULTS.settleMinutes} min to settle), hash rate ≥ ${a.minHashratePercent} % of nominal, chips ≤ ${a.maxChipTempC} °C, rejected ≤ ${a.maxRejectedPercent} %`,
    );
  }
  if (lines.length === 1) lines.push('  (no part yet: every device is at it)');
  return lines;
}

const stepWords = (entry: CommissionPlanEntry): string[] => entry.steps.map((s) => s.words);

export function planLine(entry: CommissionPlanEntry): string {
  if (entry.skip !== undefined) return `${entry.address || entry.deviceId}: skipped: ${entry.detail}`;
  if (entry.steps.length === 0) return `${entry.address}: no change`;
  return `${entry.address}: ${stepWords(entry).join(', ')}`;
}

export function planJson(entry: CommissionPlanEntry): string {
  return JSON.stringify({
    address: entry.address,
    deviceId: entry.deviceId,
    steps: stepWords(entry),
    ...(entry.skip !== undefined ? { skip: entry.skip } : {}),
    detail: entry.detail,
  });
}

export function deviceLine(device: CommissionDevice): string {
  const name = device.address || device.deviceId;
  if (device.outcome === 'done')
    return `${name}: at the standard (${device.steps.map((s) => s.words).join(', ')})`;
  if (device.outcome === 'unchanged') return `${name}: at the standard already, nothing sent`;
  if (device.outcome === 'skipped') return `${name}: skipped: ${device.message}`;
  return `${name}: ${device.outcome === 'unknown' ? 'UNKNOWN' : 'FAILED'}: ${device.message}`;
}

export function deviceJson(device: CommissionDevice): string {
  return JSON.stringify({
    address: device.address,
    deviceId: device.deviceId,
    outcome: device.outcome,
    steps: device.steps.map((s) => ({
      kind: s.kind,
      words: s.words,
      outcome: s.outcome,
      message: s.message,
      ...(s.startedAt !== undefined ? { startedAt: s.startedAt } : {}),
      ...(s.endedAt !== undefined ? { endedAt: s.endedAt } : {}),
    })),
    ...(device.failedStep !== undefined ? { failedStep: device.failedStep } : {}),
    message: device.message,
  });
}
