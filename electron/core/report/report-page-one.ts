/**
 * Page 1 of the printable report, the page a site owner reads and signs: the headline ("Accepted 197 of
 * 200 devices"), the site, date, technician and laptop, the counts, the failures by name with a one-line
 * reason, the activity in short, the pools and firmware in force, and the signature block. Every list is
 * capped so the page stays one page; what does not fit is counted and found later in the document. Every
 * word in the reader's language (issue 35), through the report's Translator.
 */
import type { HandOverReport } from '../../../shared/domain/report';
import type { MessageId } from '../../../shared/i18n/catalogs';
import type { Translator } from '../../../shared/i18n/translate';
import {
  pageOneLists,
  pendingOf,
  headlineOf,
  PAGE_ONE_LIMITS,
  reportFooter,
} from '../../../shared/format/report-document';
import { countText, reportTime } from '../../../shared/format/report-words';
import { cell, escapeHtml } from './html-text';
import { standardLineText, standardPartsText } from '../../../shared/format/report-standard-text';

export const PAGE_ONE_FAILURES = PAGE_ONE_LIMITS.failures;
const PAGE_ONE_ACTIVITY = PAGE_ONE_LIMITS.activity;
const PAGE_ONE_POOLS = PAGE_ONE_LIMITS.pools;
const PAGE_ONE_FIRMWARE = PAGE_ONE_LIMITS.firmware;

/** "and 3 more pools": a plural message with `count` and the count as the reader writes it. */
const more = (tr: Translator, n: number, id: MessageId): string =>
  n > 0 ? `<li class="muted">${escapeHtml(tr.t(id, { count: n, n: countText(tr, n) }))}</li>` : '';

function facts(report: HandOverReport, tr: Translator): string {
  const rows: [string, string][] = [
    [tr.t('report.fact.site'), report.site.name],
    [tr.t('report.fact.date'), reportTime(tr, report.generatedAt)],
    [tr.t('report.fact.technician'), report.technician],
    [tr.t('report.fact.laptop'), report.laptop],
    [
      tr.t('report.fact.statesRead'),
      report.checkedAt === null ? tr.t('report.fact.notRead') : reportTime(tr, report.checkedAt),
    ],
    [tr.t('report.fact.producedBy'), `${report.app.name} ${report.app.version}`],
  ];
  return `<dl class="facts">${rows.map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${cell(v)}</dd></div>`).join('')}</dl>`;
}

function counts(report: HandOverReport, tr: Translator): string {
  const { devices, online, accepted, failed, factoryPasswords, withProblems } = report.counts;
  const pending = pendingOf(report).length;
  const items: [number, MessageId, string][] = [
    [devices, 'report.count.devices', ''],
    [online, 'report.count.online', ''],
    [accepted, 'report.count.accepted', 'good'],
    [failed, 'report.count.failed', failed > 0 ? 'bad' : ''],
    ...(pending > 0 ? [[pending, 'report.count.pending', ''] as [number, MessageId, string]] : []),
    [devices - accepted - failed - pending, 'report.count.notAccepted', ''],
    [withProblems, 'report.count.withProblems', ''],
  ];
  if (factoryPasswords > 0) items.push([factoryPasswords, 'report.count.factoryPassword', 'bad']);
  return `<ul class="counts">${items.map(([n, what, tone]) => `<li${tone === '' ? '' : ` class="${tone}"`}><b>${countText(tr, n)}</b>${escapeHtml(tr.t(what))}</li>`).join('')}</ul>`;
}

/**
 * "The site standard: 182 of 200 devices at the standard; 18 differ: …" and, below it, what the standard
 * asks (never a secret). A report made before the standard existed says nothing.
 */
function standard(report: HandOverReport, tr: Translator): string {
  const section = report.standard;
  if (section === undefined) return '';
  const { label, rest } = standardLineText(section, tr);
  const line = `<p class="standard-line"><b>${escapeHtml(label)}:</b> ${escapeHtml(rest)}</p>`;
  if (section.parts === null) return line;
  const parts = standardPartsText(section.parts, tr).join(' · ');
  return `${line}<p class="standard-parts muted">${escapeHtml(tr.t('report.standard.asks', { parts }))}</p>`;
}

const line = ({ name, reason }: { name: string; reason: string }): string =>
  `<li><b>${escapeHtml(name)}</b> — ${escapeHtml(reason)}</li>`;

/**
 * The failed devices by name with their reason, then the pending ones, within page 1's room
 * (pageOneLists): the rest counted, where they stand said in one line, every one in the evidence.
 */
function failures(report: HandOverReport, tr: Translator): string {
  const lists = pageOneLists(report, tr);
  const failedCount = lists.failures.length + lists.failuresLeft;
  if (failedCount === 0) {
    const none = tr.t(report.counts.accepted > 0 ? 'report.failures.none' : 'report.failures.noVerdict');
    return `<section class="failures"><h2>${escapeHtml(tr.t('report.failures.title'))}</h2><p class="muted">${escapeHtml(none)}</p></section>${pendingList(lists, tr)}`;
  }
  const byRack =
    lists.failedByRack === null ? '' : `<li class="muted">${escapeHtml(lists.failedByRack)}</li>`;
  const title = tr.t('report.failures.titleCount', { count: countText(tr, failedCount) });
  return `<section class="failures"><h2>${escapeHtml(title)}</h2><ul class="lines">${lists.failures.map(line).join('')}${more(tr, lists.failuresLeft, 'report.failures.more')}${byRack}</ul></section>${pendingList(lists, tr)}`;
}

/** The pending devices with their reason ("still tuning after 15 min …"): not failures, not judged yet. */
function pendingList(lists: ReturnType<typeof pageOneLists>, tr: Translator): string {
  const count = lists.pending.length + lists.pendingLeft;
  if (count === 0) return '';
  const title = tr.t('report.pending.title', { count: countText(tr, count) });
  return `<section class="pending"><h2>${escapeHtml(title)}</h2><ul class="lines">${lists.pending.map(line).join('')}${more(tr, lists.pendingLeft, 'report.pending.more')}</ul></section>`;
}

function activity(report: HandOverReport, tr: Translator): string {
  const heading = `<h2>${escapeHtml(tr.t('report.activity.title'))}</h2>`;
  if (report.activity.length === 0) {
    return `<section>${heading}<p class="muted">${escapeHtml(tr.t('report.activity.nothing'))}</p></section>`;
  }
  const recent = report.activity.slice(-PAGE_ONE_ACTIVITY);
  const lines = recent.map((a) => `<li>${escapeHtml(reportTime(tr, a.at))} · ${escapeHtml(a.summary)}</li>`);
  const earlier = report.activity.length - recent.length;
  const earlierLine =
    earlier > 0
      ? `<li class="muted">${escapeHtml(tr.t('report.activity.earlier', { count: earlier, n: countText(tr, earlier) }))}</li>`
      : '';
  return `<section class="activity">${heading}<ul class="lines">${earlierLine}${lines.join('')}</ul></section>`;
}

const devicesText = (tr: Translator, n: number): string =>
  tr.t('report.inForce.devices', { count: n, n: countText(tr, n) });

function inForce(report: HandOverReport, tr: Translator): string {
  const { pools, firmware } = report.inForce;
  const poolLines = pools.slice(0, PAGE_ONE_POOLS).map((pool) => {
    const id = pool.devices > pool.workers.length ? 'report.inForce.workersMore' : 'report.inForce.workers';
    const workers =
      pool.workers.length === 0
        ? ''
        : ` <span class="muted">${escapeHtml(tr.t(id, { list: pool.workers.join(', ') }))}</span>`;
    return `<li>${escapeHtml(pool.url)} — ${escapeHtml(devicesText(tr, pool.devices))}${workers}</li>`;
  });
  const firmwareLines = firmware
    .slice(0, PAGE_ONE_FIRMWARE)
    .map((f) => `<li>${escapeHtml(f.firmware)} — ${escapeHtml(devicesText(tr, f.devices))}</li>`);
  const poolList =
    poolLines.length === 0
      ? `<li class="muted">${escapeHtml(tr.t('report.inForce.noPool'))}</li>`
      : poolLines.join('') + more(tr, pools.length - PAGE_ONE_POOLS, 'report.inForce.morePools');
  const firmwareList =
    firmwareLines.length === 0
      ? `<li class="muted">${escapeHtml(tr.t('report.inForce.notKnown'))}</li>`
      : firmwareLines.join('') + more(tr, firmware.length - PAGE_ONE_FIRMWARE, 'report.inForce.moreFirmware');
  return `<section class="in-force"><h2>${escapeHtml(tr.t('report.inForce.pools'))}</h2><ul class="lines">${poolList}</ul><h2>${escapeHtml(tr.t('report.inForce.firmware'))}</h2><ul class="lines">${firmwareList}</ul></section>`;
}

function signatures(report: HandOverReport, tr: Translator): string {
  const words = (id: MessageId): string => escapeHtml(tr.t(id));
  const box = (role: MessageId, name: string) =>
    `<div class="sign"><div class="role">${words(role)}</div><div class="line">${name === '' ? '&nbsp;' : escapeHtml(name)}</div><div class="hint">${words('report.sign.name')}</div><div class="line">&nbsp;</div><div class="hint">${words('report.sign.signature')}</div></div>`;
  return `<section class="signatures" aria-label="${words('report.sign.label')}"><h2>${words('report.sign.title')}</h2><div class="sign-row">${box('report.sign.technician', report.technician)}${box('report.sign.siteOwner', '')}<div class="sign"><div class="role">${words('report.sign.date')}</div><div class="line">&nbsp;</div><div class="hint">${words('report.sign.dateHint')}</div></div></div></section>`;
}

export function pageOne(report: HandOverReport, tr: Translator): string {
  return `<section class="page-one">
<p class="kicker">${escapeHtml(tr.t('report.kicker', { site: report.site.name }))}</p>
<h1>${escapeHtml(headlineOf(report, tr))}</h1>
${facts(report, tr)}
${counts(report, tr)}
${standard(report, tr)}
<div class="columns">${failures(report, tr)}<div>${activity(report, tr)}${inForce(report, tr)}</div></div>
${signatures(report, tr)}
<footer>${escapeHtml(reportFooter(tr))}</footer>
</section>`;
}
