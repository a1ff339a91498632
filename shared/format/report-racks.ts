/**
 * The report by rack (issue 34), the same in the printable HTML (core) and the app's preview (renderer):
 * the devices grouped by area and rack in the layout's order, each rack's devices by shelf then position,
 * the unplaced devices last as their own group; each rack as a grid of slots with the device's verdict in
 * words and a symbol (readable in black and white: never colour alone).
 */
import type { HandOverReport, ReportDevice, ReportRack } from '../domain/report';
import type { MessageId } from '../i18n/catalogs';
import { countText, reportTranslator } from './report-words';
import type { Translator } from './report-words';

export interface RackGroup {
  /** null: the devices not placed in any rack of the layout. */
  rack: ReportRack | null;
  /** "C2 · R07", or "Not placed in a rack". */
  title: string;
  devices: ReportDevice[];
}

const rackKey = (area: string, rack: string): string => JSON.stringify([area, rack]);

/** "C2 · R07": the area, then the rack. */
export const rackTitle = (rack: Pick<ReportRack, 'area' | 'name'>): string => `${rack.area} · ${rack.name}`;

/**
 * The report's devices by rack, or [] when the site has no layout (no rack, no placed device): then the
 * report is one table, as before racks existed. Each device appears exactly once.
 */
export function rackGroupsOf(
  report: Pick<HandOverReport, 'racks' | 'devices'>,
  tr?: Translator,
): RackGroup[] {
  const racks = report.racks ?? [];
  if (racks.length === 0) return [];
  const groups = new Map(
    racks.map((rack) => [
      rackKey(rack.area, rack.name),
      { rack, title: rackTitle(rack), devices: [] as ReportDevice[] },
    ]),
  );
  const unplaced: ReportDevice[] = [];
  for (const device of report.devices) {
    const group =
      device.area == null || device.rack == null ? undefined : groups.get(rackKey(device.area, device.rack));
    (group?.devices ?? unplaced).push(device);
  }
  const bySlot = (a: ReportDevice, b: ReportDevice): number =>
    (a.shelf ?? 0) - (b.shelf ?? 0) || (a.position ?? 0) - (b.position ?? 0);
  const placed = [...groups.values()].map((group) => ({ ...group, devices: group.devices.sort(bySlot) }));
  return unplaced.length === 0
    ? placed
    : [...placed, { rack: null, title: reportTranslator(tr).t('report.rack.unplaced'), devices: unplaced }];
}

export type SlotVerdict = 'accepted' | 'failed' | 'pending' | 'not-judged';

export const slotVerdictOf = (device: Pick<ReportDevice, 'acceptance'>): SlotVerdict =>
  device.acceptance === null
    ? 'not-judged'
    : device.acceptance.verdict === 'pass'
      ? 'accepted'
      : device.acceptance.verdict === 'fail'
        ? 'failed'
        : 'pending';

const SLOT_WORD_IDS: Readonly<Record<SlotVerdict, MessageId>> = {
  accepted: 'report.rack.slot.accepted',
  failed: 'report.rack.slot.failed',
  pending: 'report.rack.slot.pending',
  'not-judged': 'report.rack.slot.notJudged',
};

/** Words with a symbol, so a black-and-white print tells them apart without colour: "✓ accepted". */
export const slotVerdictWords = (verdict: SlotVerdict, tr?: Translator): string =>
  reportTranslator(tr).t(SLOT_WORD_IDS[verdict]);

/** The legend under each map, in the order a reader looks for them. */
export function slotLegend(translator?: Translator): { verdict: SlotVerdict | 'empty'; words: string }[] {
  const tr = reportTranslator(translator);
  const words = (verdict: SlotVerdict): string => slotVerdictWords(verdict, tr);
  return [
    { verdict: 'failed', words: tr.t('report.rack.legend.failed', { words: words('failed') }) },
    { verdict: 'pending', words: tr.t('report.rack.legend.pending', { words: words('pending') }) },
    { verdict: 'not-judged', words: tr.t('report.rack.legend.notJudged', { words: words('not-judged') }) },
    { verdict: 'accepted', words: tr.t('report.rack.legend.accepted', { words: words('accepted') }) },
    { verdict: 'empty', words: tr.t('report.rack.legend.empty') },
  ];
}

/** The rack's grid, shelf 1 at the top: each slot's device, or undefined for an empty slot. */
export function rackGrid(rack: ReportRack, devices: readonly ReportDevice[]): (ReportDevice | undefined)[][] {
  const grid = Array.from({ length: rack.shelves }, () =>
    Array.from({ length: rack.positions }, (): ReportDevice | undefined => undefined),
  );
  for (const device of devices) {
    const row = grid[(device.shelf ?? 0) - 1];
    if (row !== undefined && device.position != null && device.position <= rack.positions)
      row[device.position - 1] = device;
  }
  return grid;
}

/** "20 devices in 24 slots: 18 accepted, 2 failed" (only the verdicts present are counted). */
const COUNT_IDS: Readonly<Record<SlotVerdict, MessageId>> = {
  accepted: 'report.rack.verdict.accepted',
  failed: 'report.rack.verdict.failed',
  pending: 'report.rack.verdict.pending',
  'not-judged': 'report.rack.verdict.notJudged',
};

export function groupCountsText(group: RackGroup, translator?: Translator): string {
  const tr = reportTranslator(translator);
  const counts = new Map<SlotVerdict, number>();
  for (const device of group.devices) {
    const verdict = slotVerdictOf(device);
    counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  }
  const n = group.devices.length;
  const devices =
    group.rack === null
      ? tr.t('report.rack.counts', { count: n, n: countText(tr, n) })
      : tr.t('report.rack.countsInSlots', {
          count: n,
          n: countText(tr, n),
          slots: countText(tr, group.rack.shelves * group.rack.positions),
        });
  const verdicts = (['accepted', 'failed', 'pending', 'not-judged'] as const)
    .filter((v) => (counts.get(v) ?? 0) > 0)
    .map((v) => tr.t(COUNT_IDS[v], { n: countText(tr, counts.get(v) ?? 0) }));
  return verdicts.length === 0
    ? devices
    : tr.t('report.rack.countsWithVerdicts', { devices, verdicts: verdicts.join(', ') });
}

/** The devices in the report's order: rack by rack, slot by slot, the unplaced last; by address without a layout. */
export function devicesInReportOrder(report: Pick<HandOverReport, 'racks' | 'devices'>): ReportDevice[] {
  const groups = rackGroupsOf(report);
  return groups.length === 0 ? [...report.devices] : groups.flatMap((group) => group.devices);
}
