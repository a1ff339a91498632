/**
 * Acceptance verdicts in a site export (exchange.ts) and merged by an import (merge.ts), so the hand-over
 * report of a site accepted on two laptops says what both proved.
 *
 * A file's verdict is hostile text like the rest of the file: it is taken only for a device the file
 * itself lists (a file cannot plant a verdict on a device it does not bring), its words are plain text
 * (shared/domain/plain-text.ts) of bounded size, it must agree with itself (a pass has no reason, a fail at
 * least one) and it cannot come from the future (it would then beat every run of ours).
 *
 * Merge rule, per device: the newest run wins (by when it ended), as a new run replaces a device's verdict
 * on one laptop; an older run of the file never replaces ours. When the two runs disagree (one passed, one
 * failed), the merge lists it as a conflict naming the run kept, never silently.
 */
import { z } from 'zod';
import type { StoredVerdict } from '../../../shared/domain/acceptance';
import { ACCEPTANCE_CHECKS, acceptanceVerdictSchema } from '../../../shared/domain/acceptance';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import type { MergeConflict } from '../../../shared/domain/inventory';
import { controlCharacterProblem } from '../../../shared/domain/plain-text';
import type { Inventory } from './schema';

/** A verdict without its site id (the import's site is it), with the laptop that ran it. */
export const exportedVerdictSchema = acceptanceVerdictSchema.extend({ by: z.string().max(200) });
export type ExportedVerdict = z.infer<typeof exportedVerdictSchema>;

/** A sentence of a verdict (a reason, a check's words, a failure) is a line, not a page. */
export const MAX_VERDICT_TEXT = 1000;
/** Lists in a verdict's evidence: far above any device (boards, fans, readings listed), bounded all the same. */
export const MAX_VERDICT_LIST = 64;
/** Two laptops' clocks may differ by a few minutes; a verdict ending later than that is from the future. */
export const VERDICT_CLOCK_SKEW_MS = 10 * 60_000;

/** Every text of a verdict a person reads, each named for the message. */
function textsOf(verdict: ExportedVerdict): [string, string][] {
  const { evidence } = verdict;
  return [
    ['the laptop that ran it', verdict.by],
    ...verdict.reasons.map((text): [string, string] => ['a reason', text]),
    ...verdict.checks.map((check): [string, string] => [`the words of check ${check.check}`, check.words]),
    ...(evidence.preset !== null ? [['the preset', evidence.preset] as [string, string]] : []),
    ...evidence.readings.failures.map((text): [string, string] => ['a reading failure', text]),
    ...evidence.boards.failing.flatMap((board): [string, string][] => [
      [`board ${board.board}'s state`, board.state],
      [`board ${board.board}'s message`, board.message ?? ''],
    ]),
    ...evidence.fans.stopped.map((fan): [string, string] => [`fan ${fan.id}'s status`, fan.status ?? '']),
  ];
}

function listsOf(verdict: ExportedVerdict): [string, number][] {
  const { evidence } = verdict;
  return [
    ['reasons', verdict.reasons.length],
    ['checks', verdict.checks.length],
    ['reading failures', evidence.readings.failures.length],
    ['missing boards', evidence.boards.missing.length],
    ['failing boards', evidence.boards.failing.length],
    ['boards with dead chips', evidence.deadChips.length],
    ['dead chips named', Math.max(0, ...evidence.deadChips.map((board) => board.chips.length))],
    ['stopped fans', evidence.fans.stopped.length],
  ];
}

/**
 * What is wrong with one verdict of a file, else undefined; canonicalises its address in place.
 * `deviceIds`: the devices the file lists; `now`: this laptop's clock (epoch ms).
 */
export function importedVerdictProblem(
  verdict: ExportedVerdict,
  deviceIds: ReadonlySet<string>,
  now: number,
): string | undefined {
  if (!deviceIds.has(verdict.deviceId))
    return 'the file does not list its device: a verdict is only taken with its device.';
  const address = parseDeviceAddress(verdict.address);
  if (!address.ok) return `its address: ${address.error.message}`;
  verdict.address = formatDeviceAddress(address.value);
  for (const [what, count] of listsOf(verdict)) {
    const max = what === 'reasons' || what === 'checks' ? ACCEPTANCE_CHECKS.length : MAX_VERDICT_LIST;
    if (count > max) return `it lists ${count} ${what}, more than the ${max} a verdict can have.`;
  }
  for (const [what, text] of textsOf(verdict)) {
    if (text.length > MAX_VERDICT_TEXT) return `${what} is longer than ${MAX_VERDICT_TEXT} characters.`;
    const problem = controlCharacterProblem(`${what.charAt(0).toUpperCase()}${what.slice(1)}`, text);
    if (problem !== undefined) return problem;
  }
  const failedChecks = verdict.checks.some((check) => !check.pass);
  if (verdict.verdict === 'pass' && (verdict.reasons.length > 0 || failedChecks)) {
    return 'it says pass but lists a failed check: a pass has no reason to fail.';
  }
  if (verdict.verdict === 'fail' && verdict.reasons.length === 0) {
    return 'it says fail without a reason: every failed verdict says why.';
  }
  const started = Date.parse(verdict.startedAt);
  const ended = Date.parse(verdict.endedAt);
  if (ended < started) return 'its run ends before it starts.';
  if (ended > now + VERDICT_CLOCK_SKEW_MS) {
    return `its run ends at ${verdict.endedAt}, later than this laptop's clock (${new Date(now).toISOString()}): check the clock of the laptop that ran it.`;
  }
  return undefined;
}

/** The site's verdicts as an export carries them: only of the devices exported, without the site id. */
export function exportedVerdicts(
  inventory: Inventory,
  siteId: string,
  deviceIds: ReadonlySet<string>,
): ExportedVerdict[] {
  return inventory.acceptance
    .filter((verdict) => verdict.siteId === siteId && deviceIds.has(verdict.deviceId))
    .map(({ siteId: _siteId, ...verdict }) => structuredClone(verdict));
}

export interface VerdictMergeCounts {
  /** Devices that had no verdict here and took the file's. */
  added: number;
  /** Devices whose verdict here was older than the file's, replaced by it. */
  replaced: number;
  /** Devices whose verdict here is as new or newer than the file's: ours kept. */
  keptOurs: number;
  /** The file's verdicts of devices not in the site (held back until accepted): not taken. */
  waiting: number;
}

/** "fail, ended 2026-03-01 08:50 UTC on laptop-b: 2 of 3 hash boards present": a run in one line. */
export function verdictLine(verdict: Pick<StoredVerdict, 'verdict' | 'endedAt' | 'by' | 'reasons'>): string {
  const ended = `${verdict.endedAt.slice(0, 16).replace('T', ' ')} UTC`;
  const reason = verdict.reasons[0];
  return `${verdict.verdict}, ended ${ended} on ${verdict.by}${reason !== undefined ? `: ${reason}` : ''}`;
}

/** The same run (it travelled back in a file): nothing to merge. */
const sameRun = (a: ExportedVerdict, b: ExportedVerdict): boolean =>
  a.by === b.by && a.startedAt === b.startedAt && a.endedAt === b.endedAt;

/**
 * Merges the file's verdicts into `siteId` by the rule above; only devices now in the site take one.
 * Answers the counts and the conflicts (runs that disagree).
 */
export function mergeVerdicts(
  inventory: Inventory,
  siteId: string,
  incoming: readonly ExportedVerdict[],
): { counts: VerdictMergeCounts; conflicts: MergeConflict[] } {
  const counts: VerdictMergeCounts = { added: 0, replaced: 0, keptOurs: 0, waiting: 0 };
  const conflicts: MergeConflict[] = [];
  const inSite = new Set(inventory.devices.filter((d) => d.siteId === siteId).map((d) => d.id));
  for (const theirs of incoming) {
    if (!inSite.has(theirs.deviceId)) {
      counts.waiting += 1;
      continue;
    }
    const index = inventory.acceptance.findIndex(
      (v) => v.siteId === siteId && v.deviceId === theirs.deviceId,
    );
    const ours = inventory.acceptance[index];
    const stored: StoredVerdict = { ...structuredClone(theirs), siteId };
    if (ours === undefined) {
      inventory.acceptance.push(stored);
      counts.added += 1;
      continue;
    }
    if (sameRun(ours, theirs)) continue;
    const theirsIsNewer = theirs.endedAt > ours.endedAt;
    if (theirsIsNewer) {
      inventory.acceptance[index] = stored;
      counts.replaced += 1;
    } else counts.keptOurs += 1;
    if (ours.verdict !== theirs.verdict) {
      conflicts.push({
        deviceId: ours.deviceId,
        address: ours.address,
        field: 'acceptance',
        local: verdictLine(ours),
        incoming: verdictLine(theirs),
        kept: theirsIsNewer ? 'incoming' : 'local',
      });
    }
  }
  return { counts, conflicts };
}

/** A planned device known by its address became a MAC-identified one: its verdict follows it. */
export function renameVerdicts(inventory: Inventory, siteId: string, from: string, to: string): void {
  const inSite = (id: string) => (v: StoredVerdict) => v.siteId === siteId && v.deviceId === id;
  // One verdict per device: one the new id already has stays (the site cannot hold two).
  if (inventory.acceptance.some(inSite(to))) return;
  for (const verdict of inventory.acceptance.filter(inSite(from))) verdict.deviceId = to;
}
