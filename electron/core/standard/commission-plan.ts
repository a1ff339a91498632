/**
 * The Commission preview: from a device's drift, the steps that bring it to the standard, in the order
 * they are taken — password → firmware → one settings write (pools and preset together) → restart →
 * acceptance. Pure. A part that differs gets its step; a part not checked gets none (never a write on a
 * guess); a device at the standard gets none ("no change").
 */
import type {
  CommissionPlan,
  CommissionPlanEntry,
  CommissionStep,
  DeviceDrift,
  SiteStandard,
} from '../../../shared/domain/standard';
import type { DeviceFacts } from './drift';
import { REBOOT_PENDING } from './drift';

/** The restart of a device that stores settings not in force yet: taken whatever a write answers. */
export const RESTART_STORED = 'restart to apply the stored settings';

/**
 * Why a reboot-pending device gets no reboot step: a reboot applies whatever the device stores, and
 * what asks for one is not what Commission writes (pools and presets ask for a mining restart) — network
 * settings, which can move the device off the address Minerdeck reaches it at. A person decides.
 */
export const REBOOT_NOT_TAKEN =
  'reboot pending: the device stores settings that apply only at a reboot (not pools or presets: ' +
  'those apply at a restart); Commission does not reboot it — check its settings, then reboot it yourself';

const differs = (drift: DeviceDrift, part: string): boolean =>
  drift.parts.some((p) => p.part === part && p.state === 'differs');

/** "set pools", "set workers", "set power preset 3200", "set pools and power preset 3200". */
function settingsWords(pools: 'pools' | 'workers' | undefined, preset: string | undefined): string {
  const what = [pools, preset !== undefined ? `power preset ${preset}` : undefined].filter(
    (w): w is string => w !== undefined,
  );
  return `set ${what.join(' and ')}`;
}

export function stepsFor(
  standard: SiteStandard,
  drift: DeviceDrift,
  facts: Pick<DeviceFacts, 'password' | 'power' | 'applyPending'>,
): CommissionStep[] {
  const steps: CommissionStep[] = [];
  if (differs(drift, 'password')) {
    steps.push({
      kind: 'password',
      words: facts.password === 'factory' ? 'replace the factory password' : 'set the site password',
    });
  }
  if (differs(drift, 'firmware') && standard.firmware !== undefined) {
    steps.push({ kind: 'firmware', words: `update firmware to ${standard.firmware.version}` });
  }
  const pools = differs(drift, 'pools') ? 'pools' : differs(drift, 'workers') ? 'workers' : undefined;
  const preset = differs(drift, 'power') ? facts.power?.wanted : undefined;
  // The device stores settings not in force (a write whose restart never came): the restart only.
  const pending = differs(drift, 'restart') && facts.applyPending?.restart === true;
  if (pools !== undefined || preset !== undefined) {
    steps.push({ kind: 'settings', words: settingsWords(pools, preset) });
    // Taken only when the write says the device needs it (restart_required); one for both parts.
    steps.push({ kind: 'restart', words: pending ? RESTART_STORED : 'restart' });
  } else if (pending) steps.push({ kind: 'restart', words: RESTART_STORED });
  if (standard.acceptance !== undefined && (steps.length > 0 || differs(drift, 'acceptance'))) {
    steps.push({ kind: 'acceptance', words: `acceptance (${standard.acceptance.minutes} min)` });
  }
  return steps;
}

/** Why a device that cannot be read is skipped, from its first "not checked" words. */
function skipOf(drift: DeviceDrift, facts: DeviceFacts): Pick<CommissionPlanEntry, 'skip' | 'detail'> {
  const why = facts.unreadable ?? drift.words[0] ?? 'not checked';
  const reason = /offline|unreachable|timed out|no answer|refused the connection/i.test(why)
    ? 'offline'
    : /locked/i.test(why)
      ? 'locked-out'
      : /password|credential|unlock/i.test(why)
        ? 'no-credential'
        : 'not-checked';
  return { skip: reason, detail: why.replace(/^not checked: /, '') };
}

export function planEntry(
  standard: SiteStandard,
  drift: DeviceDrift,
  facts: DeviceFacts,
): CommissionPlanEntry {
  const base = { deviceId: drift.deviceId, address: drift.address };
  if (facts.unreadable !== undefined) return { ...base, steps: [], ...skipOf(drift, facts) };
  const steps = stepsFor(standard, drift, facts);
  if (steps.length > 0) return { ...base, steps, detail: steps.map((s) => s.words).join(', ') };
  if (drift.status === 'not-checked') return { ...base, steps, ...skipOf(drift, facts) };
  // It differs in a part no step can bring (its model lacks the preset; a reboot pending): skipped, said which.
  if (drift.status === 'differs') {
    const words = drift.words.map((w) => (w === REBOOT_PENDING ? REBOOT_NOT_TAKEN : w));
    return { ...base, steps, skip: 'not-checked', detail: words.join(', ') };
  }
  return { ...base, steps, detail: 'no change' };
}

/** Devices with the same step words (or the same skip detail) together, biggest group first. */
export function groupPlan(entries: readonly CommissionPlanEntry[]): CommissionPlan['groups'] {
  const groups = new Map<string, CommissionPlan['groups'][number]>();
  for (const entry of entries) {
    const steps = entry.steps.map((s) => s.words);
    const key = `${steps.join('\n')}\u0000${entry.skip !== undefined ? entry.detail : ''}`;
    const group = groups.get(key);
    if (group !== undefined) group.count += 1;
    else groups.set(key, { count: 1, steps, detail: entry.detail });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}
