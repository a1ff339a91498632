/**
 * After the table: one short block per failed device (its reasons, then the evidence: boards, dead chips
 * by board, hash rate over the window, temperatures, fans, pool shares), the problems and alerts seen —
 * grouped by what they say, each with the devices it was seen on — and the technician's notes.
 */
import type { HandOverReport, ReportDevice } from '../../../shared/domain/report';
import { criteriaText, shortAddress } from '../../../shared/format/acceptance-text';
import { evidenceTexts } from '../../../shared/i18n/evidence-text';
import { verdictReasons } from '../../../shared/i18n/local-text';
import type { Translator } from '../../../shared/i18n/translate';
import { addressesText, problemGroups } from '../../../shared/format/report-document';
import { countText } from '../../../shared/format/report-words';
import { devicesInReportOrder } from '../../../shared/format/report-racks';
import { escapeHtml } from './html-text';
import { namedWithSlot } from '../../../shared/format/device-place-text';

function block(device: ReportDevice, tr: Translator): string {
  const acceptance = device.acceptance;
  if (acceptance === null) return '';
  // Named by its slot first when placed (C1-R01-S1-P2 (10.7.0.2)), then its MAC and label.
  const title = [namedWithSlot(device.address, device.slot ?? undefined), device.mac ?? '', device.label]
    .filter((p) => p !== '')
    .join(' · ');
  return `<article class="evidence"><h3>${escapeHtml(tr.t('report.evidence.failed', { device: title }))}</h3><ul class="reasons">${verdictReasons(
    tr,
    acceptance,
  )
    .map((r) => `<li>${escapeHtml(r)}</li>`)
    .join('')}</ul><ul class="facts-list">${evidenceTexts(tr, acceptance)
    .map((line) => `<li>${escapeHtml(line)}</li>`)
    .join('')}</ul></article>`;
}

export function evidenceSection(report: HandOverReport, tr: Translator): string {
  const failed = devicesInReportOrder(report).filter((d) => d.acceptance?.verdict === 'fail');
  if (failed.length === 0) return '';
  const criteria = failed[0]?.acceptance?.criteria;
  const title = tr.t('report.evidence.title', { count: countText(tr, failed.length) });
  const standard =
    criteria === undefined
      ? ''
      : `<p class="muted">${escapeHtml(tr.t('report.standard.criteria', { criteria: criteriaText(criteria) }))}</p>`;
  return `<section class="evidence-section"><h2>${escapeHtml(title)}</h2>${standard}<div class="evidence-grid">${failed.map((d) => block(d, tr)).join('')}</div></section>`;
}

export function problemsSection(report: HandOverReport, tr: Translator): string {
  const groups = problemGroups(report, tr);
  if (groups.length === 0) return '';
  const items = groups.map(({ text, addresses }) => {
    const n = addresses.length;
    const noun = escapeHtml(tr.t('report.problems.devices', { count: n }));
    return `<li>${escapeHtml(text)} — <b>${countText(tr, n)}</b> ${noun}: <span class="mono">${escapeHtml(addressesText(addresses, tr))}</span></li>`;
  });
  return `<section class="problems"><h2>${escapeHtml(tr.t('report.problems.title'))}</h2><ul class="lines wrap">${items.join('')}</ul></section>`;
}

export function notesSection(report: HandOverReport, tr: Translator): string {
  const noted = report.devices.filter((d) => d.notes.trim() !== '');
  if (noted.length === 0) return '';
  const items = noted.map(
    (d) =>
      `<li><span class="mono">${escapeHtml(shortAddress(d.address))}</span>${d.label === '' ? '' : ` · ${escapeHtml(d.label)}`}: <span class="notes">${escapeHtml(d.notes)}</span></li>`,
  );
  return `<section class="notes-section"><h2>${escapeHtml(tr.t('report.notes.title'))}</h2><ul class="lines wrap">${items.join('')}</ul></section>`;
}
