/**
 * Drift: per device, which parts of its site's standard it differs from, in the short words the Standard
 * column, `standard show`, `commission --dry-run` and the report use. Pure: facts in (device-facts.ts
 * gathers them), words out. A fact that could not be read is "not checked", never a guess.
 */
import type { Verdict } from '../../../shared/domain/acceptance-words';
import { PENDING_ACCEPTANCE_WORDS } from '../../../shared/domain/acceptance-words';
import type {
  DeviceDrift,
  DriftSummary,
  PartDrift,
  SiteStandard,
  StandardPart,
} from '../../../shared/domain/standard';
import { STANDARD_PARTS } from '../../../shared/domain/standard';

/** The device stores settings that apply only at its next mining restart / reboot (`/status`). */
export const RESTART_PENDING = 'restart pending';
export const REBOOT_PENDING = 'reboot pending';

/** One pool slot as configured or wanted: url and worker (the pool password is not compared). */
export interface SlotFact {
  url: string;
  user: string;
}

/** What is known of a device; an absent fact was not read (why: `unreadable`, else "not read"). */
export interface DeviceFacts {
  deviceId: string;
  address: string;
  /** Why the device could not be read now ("offline", "no credential"). */
  unreadable?: string;
  /** `site`: it runs the site password; `factory`: the vendor default; `other`: another one. */
  password?: 'site' | 'factory' | 'other';
  /** The firmware version it reports (`/info`). */
  firmware?: string;
  /** Its pools as read back, and the ones the standard gives it (its workers filled in). */
  pools?: { read: SlotFact[]; wanted: SlotFact[] };
  /** Its configured preset, and the one the standard's power rule gives it. */
  power?: { current: string | undefined; wanted: string };
  /** Read, but the power rule gives it no preset ("preset 3200 not offered"): it cannot be brought there. */
  powerUnavailable?: string;
  /**
   * What its `/status` says of settings it stores but does not use yet: `restart` (`restart_required`:
   * they apply at the next mining restart), `reboot` (`reboot_required`: at the next reboot). Absent: the
   * status was not read (nothing pending is claimed: the device said nothing).
   */
  applyPending?: { restart: boolean; reboot: boolean };
  /** Its latest acceptance verdict in the site. */
  acceptance?: Verdict | 'none';
}

/** Numeric parts compared as numbers ("1.10" after "1.9"), others as text. Negative: a is older. */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) =>
    v
      .trim()
      .replace(/^v/i, '')
      .split(/[.\-+_ ]/);
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i += 1) {
    const p = x[i] ?? '0';
    const q = y[i] ?? '0';
    const diff = /^\d+$/.test(p) && /^\d+$/.test(q) ? Number(p) - Number(q) : p.localeCompare(q, 'en');
    if (diff !== 0) return diff < 0 ? -1 : 1;
  }
  return 0;
}

const noPrefix = (url: string): string => url.trim().replace(/^stratum\+tcp:\/\//i, '');

/** "pools differ" when any slot's url differs, "workers differ" when only workers do. */
function poolsState(pools: NonNullable<DeviceFacts['pools']>): 'ok' | 'pools' | 'workers' {
  const slots = Math.max(pools.read.length, pools.wanted.length);
  let workers = false;
  for (let i = 0; i < slots; i += 1) {
    const read = pools.read[i] ?? { url: '', user: '' };
    const wanted = pools.wanted[i] ?? { url: '', user: '' };
    if (noPrefix(read.url) !== noPrefix(wanted.url)) return 'pools';
    if (read.user.trim() !== wanted.user.trim()) workers = true;
  }
  return workers ? 'workers' : 'ok';
}

/** The parts a standard has, in STANDARD_PARTS order ("workers" goes with "pools"). */
export function partsOf(standard: SiteStandard): StandardPart[] {
  return STANDARD_PARTS.filter((part) => {
    if (part === 'password') return standard.password;
    if (part === 'workers') return false;
    // A restart brings stored pools and presets into force: part of every standard that has them.
    if (part === 'restart') return standard.pools !== undefined || standard.power !== undefined;
    return standard[part] !== undefined;
  });
}

function partDrift(part: StandardPart, standard: SiteStandard, facts: DeviceFacts): PartDrift {
  const notChecked = (what: string): PartDrift => ({
    part,
    state: 'not-checked',
    words: `not checked: ${facts.unreadable ?? what}`,
  });
  const ok: PartDrift = { part, state: 'ok', words: 'ok' };
  const differs = (words: string, as: StandardPart = part): PartDrift => ({
    part: as,
    state: 'differs',
    words,
  });
  switch (part) {
    case 'password':
      if (facts.password === undefined) return notChecked('password not known');
      if (facts.password === 'site') return ok;
      return differs(facts.password === 'factory' ? 'factory password' : 'password differs');
    case 'firmware': {
      const wanted = standard.firmware?.version ?? '';
      if (facts.firmware === undefined) return notChecked('firmware version not read');
      const order = compareVersions(facts.firmware, wanted);
      if (order === 0) return ok;
      return differs(`firmware ${order < 0 ? 'older' : 'differs'} (${facts.firmware})`);
    }
    case 'pools':
    case 'workers': {
      if (facts.pools === undefined) return notChecked('pools not read');
      const state = poolsState(facts.pools);
      if (state === 'ok') return { ...ok, part: 'pools' };
      return state === 'pools' ? differs('pools differ', 'pools') : differs('workers differ', 'workers');
    }
    case 'power':
      if (facts.powerUnavailable !== undefined && facts.unreadable === undefined) {
        return differs(facts.powerUnavailable);
      }
      if (facts.power === undefined) return notChecked('preset not read');
      return facts.power.current === facts.power.wanted ? ok : differs('preset differs');
    case 'restart':
      if (facts.unreadable !== undefined) return notChecked('restart state not read');
      if (facts.applyPending?.restart === true) {
        return differs(facts.applyPending.reboot ? `${RESTART_PENDING}, ${REBOOT_PENDING}` : RESTART_PENDING);
      }
      return facts.applyPending?.reboot === true ? differs(REBOOT_PENDING) : ok;
    case 'acceptance':
      if (facts.acceptance === undefined) return notChecked('verdict not read');
      if (facts.acceptance === 'pass') return ok;
      if (facts.acceptance === 'pending') return differs(PENDING_ACCEPTANCE_WORDS);
      return differs(facts.acceptance === 'fail' ? 'acceptance failed' : 'not yet accepted');
  }
}

/** The device against the standard; `undefined` standard: every device is `no-standard`. */
export function driftOf(standard: SiteStandard | undefined, facts: DeviceFacts): DeviceDrift {
  const base = { deviceId: facts.deviceId, address: facts.address };
  if (standard === undefined) return { ...base, status: 'no-standard', parts: [], words: [] };
  const parts = partsOf(standard).map((part) => partDrift(part, standard, facts));
  const shown = parts.filter((p) => p.state !== 'ok');
  const status = parts.some((p) => p.state === 'differs')
    ? 'differs'
    : shown.length > 0
      ? 'not-checked'
      : 'at-standard';
  // One "not checked: offline" for a device that could not be read at all, not one per part.
  const words = [...new Set(shown.map((p) => p.words))];
  return { ...base, status, parts, words };
}

export function summarizeDrift(drifts: readonly DeviceDrift[]): DriftSummary {
  const byPart: DriftSummary['byPart'] = {};
  for (const drift of drifts) {
    for (const part of drift.parts) {
      if (part.state === 'differs') byPart[part.part] = (byPart[part.part] ?? 0) + 1;
    }
  }
  const count = (status: DeviceDrift['status']) => drifts.filter((d) => d.status === status).length;
  return {
    total: drifts.length,
    atStandard: count('at-standard'),
    differ: count('differs'),
    notChecked: count('not-checked'),
    byPart,
  };
}

/** "182 of 200 at the standard · 18 differ" (· "3 not checked"), for the CLI and the report. */
export function driftSummaryWords(summary: DriftSummary): string {
  const parts = [`${summary.atStandard} of ${summary.total} at the standard`];
  if (summary.differ > 0) parts.push(`${summary.differ} differ`);
  if (summary.notChecked > 0) parts.push(`${summary.notChecked} not checked`);
  return parts.join(' · ');
}
