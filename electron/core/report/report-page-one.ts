/**
 * Page 1 of the printable report, the page a site owner reads and signs: the headline ("Accepted 197 of
 * 200 devices"), the site, date, technician and laptop, the counts, the failures by name with a one-line
 * reason, the activity in short, the pools and firmware in force, and the signature block. Every list is
 * capped so the page stays one page; what does not fit is counted and found later in the document.
 */
import type { HandOverReport } from '../../../shared/domain/report';
import {
  pageOneLists,
  pendingOf,
  headlineOf,
  PAGE_ONE_LIMITS,
  REPORT_FOOTER,
} from '../../../shared/format/report-document';
import { localTime } from '../../../shared/format/report-text';
import { cell, escapeHtml } from './html-text';
import { standardLineParts, standardPartsText } from '../../../shared/format/report-standard-text';

export const PAGE_ONE_FAILURES = PAGE_ONE_LIMITS.failures;
const PAGE_ONE_ACTIVITY = PAGE_ONE_LIMITS.activity;
const PAGE_ONE_POOLS = PAGE_ONE_LIMITS.pools;
const PAGE_ONE_FIRMWARE = PAGE_ONE_LIMITS.firmware;

const more = (n: number, what: string): string =>
  n > 0 ? `<li class="muted">and ${n} more ${escapeHtml(what)}</li>` : '';

function facts(report: HandOverReport): string {
  const rows: [string, string][] = [
    ['Site', report.site.name],
    ['Date', localTime(report.generatedAt)],
    ['Technician', report.technician],
    ['Laptop', report.laptop],
    ['States read', report.checkedAt === null ? 'not read for this report' : localTime(report.checkedAt)],
    ['Produced by', `${report.app.name} ${report.app.version}`],
  ];
  return `<dl class="facts">${rows.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${cell(v)}</dd></div>`).join('')}</dl>`;
}

function counts(report: HandOverReport): string {
  const { devices, online, accepted, failed, factoryPasswords, withProblems } = report.counts;
  const pending = pendingOf(report).length;
  const items: [number, string, string][] = [
    [devices, 'devices', ''],
    [online, 'online', ''],
    [accepted, 'accepted', 'good'],
    [failed, 'failed', failed > 0 ? 'bad' : ''],
    ...(pending > 0
      ? [[pending, 'pending (still settling: judge again later)', ''] as [number, string, string]]
      : []),
    [devices - accepted - failed - pending, 'not accepted yet', ''],
    [withProblems, 'with problems or alerts', ''],
  ];
  if (factoryPasswords > 0) items.push([factoryPasswords, 'with the factory password', 'bad']);
  return `<ul class="counts">${items.map(([n, what, tone]) => `<li${tone === '' ? '' : ` class="${tone}"`}><b>${n}</b>${escapeHtml(what)}</li>`).join('')}</ul>`;
}

/**
 * "The site standard: 182 of 200 devices at the standard; 18 differ: …" and, below it, what the standard
 * asks (never a secret). A report made before the standard existed says nothing.
 */
function standard(report: HandOverReport): string {
  const section = report.standard;
  if (section === undefined) return '';
  const { label, rest } = standardLineParts(section.line);
  const line = `<p class="standard-line"><b>${escapeHtml(label)}:</b> ${escapeHtml(rest)}</p>`;
  if (section.parts === null) return line;
  const parts = standardPartsText(section.parts);
  return `${line}<p class="standard-parts muted">The standard: ${escapeHtml(parts.join(' · '))}</p>`;
}

const line = ({ name, reason }: { name: string; reason: string }): string =>
  `<li><b>${escapeHtml(name)}</b> — ${escapeHtml(reason)}</li>`;

/**
 * The failed devices by name with their reason, then the pending ones, within page 1's room
 * (pageOneLists): the rest counted, where they stand said in one line, every one in the evidence.
 */
function failures(report: HandOverReport): string {
  const lists = pageOneLists(report);
  const failedCount = lists.failures.length + lists.failuresLeft;
  if (failedCount === 0) {
    const none =
      report.counts.accepted > 0 ? 'No device failed its acceptance.' : 'No acceptance verdict yet.';
    return `<section class="failures"><h2>Failures</h2><p class="muted">${none}</p></section>${pendingList(lists)}`;
  }
  const byRack =
    lists.failedByRack === null ? '' : `<li class="muted">${escapeHtml(lists.failedByRack)}</li>`;
  return `<section class="failures"><h2>Failures (${failedCount})</h2><ul class="lines">${lists.failures.map(line).join('')}${more(lists.failuresLeft, 'failed devices: see Evidence')}${byRack}</ul></section>${pendingList(lists)}`;
}

/** The pending devices with their reason ("still tuning after 15 min …"): not failures, not judged yet. */
function pendingList(lists: ReturnType<typeof pageOneLists>): string {
  const count = lists.pending.length + lists.pendingLeft;
  if (count === 0) return '';
  return `<section class="pending"><h2>Pending: not judged yet (${count})</h2><ul class="lines">${lists.pending.map(line).join('')}${more(lists.pendingLeft, 'pending devices: see the table')}</ul></section>`;
}

function activity(report: HandOverReport): string {
  if (report.activity.length === 0) {
    return '<section><h2>Activity</h2><p class="muted">Nothing was written to the devices.</p></section>';
  }
  const recent = report.activity.slice(-PAGE_ONE_ACTIVITY);
  const lines = recent.map((a) => `<li>${escapeHtml(localTime(a.at))} · ${escapeHtml(a.summary)}</li>`);
  const earlier = report.activity.length - recent.length;
  return `<section class="activity"><h2>Activity</h2><ul class="lines">${earlier > 0 ? `<li class="muted">${earlier} earlier ${earlier === 1 ? 'entry' : 'entries'} in the CSV and JSON</li>` : ''}${lines.join('')}</ul></section>`;
}

function inForce(report: HandOverReport): string {
  const { pools, firmware } = report.inForce;
  const poolLines = pools.slice(0, PAGE_ONE_POOLS).map((pool) => {
    const workers =
      pool.workers.length === 0
        ? ''
        : ` <span class="muted">(workers ${escapeHtml(pool.workers.join(', '))}${pool.devices > pool.workers.length ? ', …' : ''})</span>`;
    return `<li>${escapeHtml(pool.url)} — ${pool.devices} ${pool.devices === 1 ? 'device' : 'devices'}${workers}</li>`;
  });
  const firmwareLines = firmware
    .slice(0, PAGE_ONE_FIRMWARE)
    .map(
      (f) => `<li>${escapeHtml(f.firmware)} — ${f.devices} ${f.devices === 1 ? 'device' : 'devices'}</li>`,
    );
  const poolList =
    poolLines.length === 0
      ? '<li class="muted">no pool read</li>'
      : poolLines.join('') + more(pools.length - PAGE_ONE_POOLS, 'pools');
  const firmwareList =
    firmwareLines.length === 0
      ? '<li class="muted">not known</li>'
      : firmwareLines.join('') + more(firmware.length - PAGE_ONE_FIRMWARE, 'firmware versions');
  return `<section class="in-force"><h2>Pools in force</h2><ul class="lines">${poolList}</ul><h2>Firmware in force</h2><ul class="lines">${firmwareList}</ul></section>`;
}

function signatures(report: HandOverReport): string {
  const box = (role: string, name: string) =>
    `<div class="sign"><div class="role">${escapeHtml(role)}</div><div class="line">${name === '' ? '&nbsp;' : escapeHtml(name)}</div><div class="hint">name</div><div class="line">&nbsp;</div><div class="hint">signature</div></div>`;
  return `<section class="signatures" aria-label="Signatures"><h2>Hand-over</h2><div class="sign-row">${box('Technician', report.technician)}${box('Site owner', '')}<div class="sign"><div class="role">Date</div><div class="line">&nbsp;</div><div class="hint">date of hand-over</div></div></div></section>`;
}

export function pageOne(report: HandOverReport): string {
  return `<section class="page-one">
<p class="kicker">Hand-over report · ${escapeHtml(report.site.name)}</p>
<h1>${escapeHtml(headlineOf(report))}</h1>
${facts(report)}
${counts(report)}
${standard(report)}
<div class="columns">${failures(report)}<div>${activity(report)}${inForce(report)}</div></div>
${signatures(report)}
<footer>${escapeHtml(REPORT_FOOTER)}</footer>
</section>`;
}
