/**
 * The report by rack (issue 34): one page per rack of the site's layout — its name and counts, its map
 * (a grid of slots, shelf 1 at the top, each device's verdict in a symbol and words and its address,
 * black-and-white safe: a failed slot is drawn dark, a not judged one dashed, an empty one dotted) and
 * its devices' table — then the devices not placed in a rack, on a page of their own. The numbers of the
 * rows run on across the pages, as in one table.
 */
import type { HandOverReport, ReportDevice, ReportRack } from '../../../shared/domain/report';
import { shortAddress } from '../../../shared/format/acceptance-text';
import type { Translator } from '../../../shared/i18n/translate';
import type { RackGroup } from '../../../shared/format/report-racks';
import {
  groupCountsText,
  rackGrid,
  rackTitle,
  slotLegend,
  slotVerdictOf,
  slotVerdictWords,
} from '../../../shared/format/report-racks';
import { escapeHtml } from './html-text';
import { columnsOf, tableOf } from './report-device-table';

/** Print styles of the rack pages (report-html.ts adds them to the document's). */
export const RACK_STYLE = `
  .rack-page { break-before: page; page-break-before: always; }
  .rack-page h2 { font-size: 12pt; margin: 0 0 2px; }
  .rack-page .counts-line { margin: 0 0 4px; }
  table.rack-map { border-collapse: separate; border-spacing: 2px; table-layout: fixed; margin: 0 0 3px; }
  table.rack-map th { background: none; border: none; font-size: 7pt; text-align: center; padding: 0; }
  table.rack-map th.shelf { width: 22px; text-align: right; padding-right: 3px; }
  table.rack-map td { border: 1px solid #1b1f24; padding: 1px 3px; height: 24px; vertical-align: top;
    white-space: normal; overflow: visible; font-size: 7.5pt; line-height: 1.2; }
  table.rack-map td span { display: block; overflow-wrap: anywhere; }
  table.rack-map .slot-verdict { font-weight: 700; }
  table.rack-map td.slot-failed { background: #1b1f24; color: #fff; border-width: 2px; }
  table.rack-map td.slot-pending { border-style: dashed; border-width: 2px; }
  table.rack-map td.slot-not-judged { border-style: dashed; }
  table.rack-map td.slot-empty { border: 1px dotted #8c959f; color: #57606a; }
  .legend { display: flex; flex-wrap: wrap; gap: 2px 12px; margin: 0 0 6px; padding: 0; list-style: none;
    font-size: 7.5pt; }
  .legend i { display: inline-block; width: 14px; height: 9px; margin-right: 3px; vertical-align: -1px;
    border: 1px solid #1b1f24; }
  .legend i.slot-failed { background: #1b1f24; border-width: 2px; }
  .legend i.slot-pending { border-style: dashed; border-width: 2px; }
  .legend i.slot-not-judged { border-style: dashed; }
  .legend i.slot-empty { border: 1px dotted #8c959f; }
`;

function slotCell(device: ReportDevice | undefined, tr: Translator): string {
  if (device === undefined)
    return `<td class="slot-empty"><span>${escapeHtml(tr.t('report.rack.empty'))}</span></td>`;
  const verdict = slotVerdictOf(device);
  return `<td class="slot-${verdict}"><span class="slot-verdict">${escapeHtml(slotVerdictWords(verdict, tr))}</span><span class="slot-address">${escapeHtml(shortAddress(device.address))}</span></td>`;
}

/** The rack as a grid: positions across (P1 at the left), shelves down (S1 at the top). */
export function rackMap(rack: ReportRack, devices: readonly ReportDevice[], tr: Translator): string {
  const width = Math.min(100, 4 + rack.positions * 16);
  const head = Array.from({ length: rack.positions }, (_, p) => `<th scope="col">P${p + 1}</th>`).join('');
  const rows = rackGrid(rack, devices)
    .map(
      (shelf, s) =>
        `<tr><th scope="row" class="shelf">S${s + 1}</th>${shelf.map((device) => slotCell(device, tr)).join('')}</tr>`,
    )
    .join('\n');
  return `<table class="rack-map" style="width:${width}%" aria-label="${escapeHtml(tr.t('report.rack.map', { rack: rackTitle(rack) }))}"><colgroup><col style="width:22px">${'<col>'.repeat(rack.positions)}</colgroup>
<thead><tr><th></th>${head}</tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
}

const legend = (tr: Translator): string =>
  `<ul class="legend">${slotLegend(tr)
    .map(({ verdict, words }) => `<li><i class="slot-${verdict}"></i>${escapeHtml(words)}</li>`)
    .join('')}</ul>`;

function rackPage(report: HandOverReport, group: RackGroup, first: number, tr: Translator): string {
  const heading = escapeHtml(
    group.rack === null ? group.title : tr.t('report.rack.title', { rack: group.title }),
  );
  const map = group.rack === null ? '' : `${rackMap(group.rack, group.devices, tr)}${legend(tr)}`;
  const empty = tr.t(group.rack === null ? 'report.rack.noneOutside' : 'report.rack.noneInRack');
  const table = tableOf(columnsOf(report, true, tr), group.devices, first, empty, tr);
  return `<section class="rack-page devices"><h2>${heading}</h2><p class="counts-line muted">${escapeHtml(groupCountsText(group, tr))}</p>
${map}
${table}</section>`;
}

/** Every rack's page, then the unplaced devices' page. */
export function rackPages(report: HandOverReport, groups: readonly RackGroup[], tr: Translator): string {
  let first = 1;
  return groups
    .map((group) => {
      const page = rackPage(report, group, first, tr);
      first += group.devices.length;
      return page;
    })
    .join('\n');
}
