/**
 * The plan of a power-profile request (docs/design.md, Commissioning actions, 1): per device the preset it
 * will get with its watts and expected hash rate — or why it is skipped — and the totals against the
 * budget. Computed from what each device says (its presets, configured preset and PSU) before anything is
 * written; nothing here writes.
 */
import type {
  PowerChoice,
  PowerPlan,
  PowerPlanEntry,
  PowerSkipReason,
} from '../../../shared/domain/power-plan';
import { presetNumbersText } from '../../../shared/format/power-text';
import type { AutotunePreset } from '../../../shared/domain/presets';
import { formatDeviceAddress } from '../../../shared/domain/device-address';
import type { Result } from '../../../shared/result';
import { message } from '../../../shared/i18n/message';
import { errWithText, ok } from '../../../shared/result';
import { runBulk } from '../credentials/bulk';
import { DeviceError } from '../device/device-error';
import type { SessionTarget } from '../credentials/session-target';
import type { CredentialVault } from '../credentials/vault';
import { planAction } from '../commission/action-bulk';
import { trimDot } from '../commission/action-write';
import { spreadSite } from './site-spread';
import type { PowerReadDeps, ReadFacts } from './power-read';
import { readPowerFacts } from './power-read';
import type { PresetPick } from './preset-choice';
import { allowedPresets, pickByMaxWatts, pickByName } from './preset-choice';

export interface PowerPlanDeps extends PowerReadDeps {
  vault: CredentialVault;
}

export interface PowerPlanOptions {
  /** Why a device cannot be reached now (the monitor's view, or a failed anonymous read), else undefined. */
  offlineReason?: (target: SessionTarget) => string | undefined;
  signal?: AbortSignal;
  concurrency?: number;
}

/** A device read for the plan (and for the preset chooser, preset-offers.ts): its facts, or why it is skipped. */
export type Read =
  | { target: SessionTarget; facts: ReadFacts }
  | { target: SessionTarget; skip: { reason: PowerSkipReason; detail: string; code?: string } };

/** What the choice gives one read device: a pick, or the note of why none (no facts: skipped anyway). */
type Choose = (facts: ReadFacts, index: number) => PresetPick | undefined;

/** The plan line of a chosen preset: its numbers, its state, what it replaces. */
function chosenDetail(preset: AutotunePreset, facts: ReadFacts, note = ''): string {
  const tuning = preset.status === 'tuned' ? 'tuned' : 'untuned: the device tunes itself for a while first';
  const from =
    facts.current === undefined
      ? ''
      : facts.current === preset.name
        ? '; already configured'
        : `; now ${facts.current}`;
  return `preset ${preset.name}: ${presetNumbersText(preset)} (${tuning})${from}${note}`;
}

/** `--max-watts`: names the untuned preset passed over for a tuned one, so the choice is never a mystery. */
function maxWattsNote(facts: ReadFacts, chosen: AutotunePreset, limitW: number): string {
  if (chosen.status !== 'tuned') return '';
  const higher = allowedPresets(facts)
    .filter(
      (p) =>
        p.status !== 'tuned' && p.watts !== undefined && p.watts <= limitW && p.watts > (chosen.watts ?? 0),
    )
    .sort((a, b) => (b.watts ?? 0) - (a.watts ?? 0))[0];
  return higher === undefined ? '' : `; the higher ${higher.name} is untuned, so the tuned one comes first`;
}

function entryFor(
  read: Read,
  index: number,
  choose: Choose,
  note: (facts: ReadFacts, p: AutotunePreset) => string,
): PowerPlanEntry {
  const base = { address: formatDeviceAddress(read.target.address), deviceId: read.target.deviceId };
  if ('skip' in read) return { ...base, send: false, skip: read.skip.reason, detail: read.skip.detail };
  const { facts } = read;
  const pick = choose(facts, index);
  const current = facts.current !== undefined ? { current: facts.current } : {};
  if (pick === undefined || !pick.ok) {
    const why =
      pick === undefined ? 'none of its presets has a watt figure and hash rate it may run' : pick.why;
    return { ...base, ...current, send: false, skip: 'no-choice', detail: why };
  }
  const unchanged = facts.current === pick.preset.name;
  return {
    ...base,
    ...current,
    send: true,
    detail: chosenDetail(pick.preset, facts, note(facts, pick.preset)),
    preset: pick.preset,
    ...(unchanged ? { unchanged: true } : {}),
  };
}

/** Reads every device the usual skips leave (offline, locked out, no credential), in input order. */
export async function readAll(
  deps: PowerPlanDeps,
  targets: readonly SessionTarget[],
  options: PowerPlanOptions,
): Promise<Read[]> {
  const checked = await planAction(deps, targets, '', options);
  const pairs = targets.map((target, i) => ({ target, check: checked[i] }));
  const outcomes = await runBulk<(typeof pairs)[number], Read>(
    pairs,
    async ({ target, check }, signal) => {
      if (check?.send === true) return { target, facts: await readPowerFacts(deps, target, signal) };
      const reason: PowerSkipReason =
        deps.sessions.state(target.deviceId).kind === 'locked-out'
          ? 'locked-out'
          : options.offlineReason?.(target) !== undefined
            ? 'offline'
            : 'no-credential';
      return { target, skip: { reason, detail: check?.detail ?? 'not planned' } };
    },
    {
      ...(options.signal !== undefined ? { signal: options.signal } : {}),
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
    },
  );
  return outcomes.map((outcome): Read => {
    if (outcome.ok) return outcome.value;
    // A cancel ends the plan: nothing may be sent after a plan nobody finished.
    if (outcome.error.code === 'CANCELLED') {
      const text = outcome.error.text;
      throw new DeviceError('CANCELLED', outcome.error.message, {}, text === undefined ? {} : { text });
    }
    return {
      target: outcome.item.target,
      skip: {
        reason: 'no-presets',
        detail: `its presets could not be read: ${trimDot(outcome.error.message)}`,
        // Why, as a code: the chooser counts a device that did not answer as offline.
        code: outcome.error.code,
      },
    };
  });
}

function totalsOf(
  entries: readonly PowerPlanEntry[],
  budgetW?: number,
  bestHashRateThs?: number,
): PowerPlan['totals'] {
  const planned = entries.filter((e) => e.preset !== undefined);
  return {
    devices: planned.length,
    skipped: entries.length - planned.length,
    watts: planned.reduce((sum, e) => sum + (e.preset?.watts ?? 0), 0),
    hashRateThs: planned.reduce((sum, e) => sum + (e.preset?.hashRateThs ?? 0), 0),
    unknownWatts: planned.filter((e) => e.preset?.watts === undefined).length,
    ...(budgetW !== undefined ? { budgetW } : {}),
    ...(bestHashRateThs !== undefined ? { bestHashRateThs } : {}),
  };
}

/**
 * The plan for `choice` over `targets`. INVALID_INPUT when a site budget cannot hold even the lowest
 * presets of the devices planned (nothing could be sent that keeps the site inside its power).
 */
export async function planPower(
  deps: PowerPlanDeps,
  targets: readonly SessionTarget[],
  choice: PowerChoice,
  options: PowerPlanOptions = {},
): Promise<Result<PowerPlan>> {
  const reads = await readAll(deps, targets, options);
  const none = () => '';
  const plan = (
    choose: Choose,
    note: (facts: ReadFacts, p: AutotunePreset) => string,
    budgetW?: number,
    bestHashRateThs?: number,
  ) => {
    const entries = reads.map((read, i) => entryFor(read, i, choose, note));
    return ok({ choice, entries, totals: totalsOf(entries, budgetW, bestHashRateThs) });
  };
  if (choice.kind === 'preset') return plan((facts) => pickByName(facts, choice.name), none);
  if (choice.kind === 'max-watts') {
    return plan(
      (facts) => pickByMaxWatts(facts, choice.watts),
      (facts, p) => maxWattsNote(facts, p, choice.watts),
    );
  }
  const budgetW = choice.kw * 1000;
  const spread = spreadSite(
    reads.flatMap((read) => ('skip' in read ? [] : [{ deviceId: read.target.deviceId, facts: read.facts }])),
    budgetW,
  );
  if (!spread.ok) {
    const n = spread.devices;
    return errWithText(
      'INVALID_INPUT',
      `a site budget of ${choice.kw} kW is too small: the lowest presets the ${n} device${n === 1 ? '' : 's'} planned may run need ${(spread.minWatts / 1000).toLocaleString('en-US')} kW together. Raise --site-kw, or plan fewer devices.`,
      message('errors.power.budgetTooSmall', {
        budget: choice.kw,
        count: n,
        need: spread.minWatts / 1000,
      }),
    );
  }
  // Picks are by index among the devices read (not skipped).
  const readIndex = new Map<number, number>();
  reads.forEach((read, i) => {
    if (!('skip' in read)) readIndex.set(i, readIndex.size);
  });
  // The bound is named only when the spread is not proven the best (too many devices for the exact DP).
  return plan(
    (_facts, i) => {
      const preset = spread.picks.get(readIndex.get(i) ?? -1);
      return preset === undefined ? undefined : { ok: true, preset };
    },
    none,
    budgetW,
    spread.bestHashRateThs,
  );
}
