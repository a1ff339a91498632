/**
 * The report as one printable HTML page (PDF through Electron's `printToPDF` in the app). Self-contained
 * and inert on purpose — the customer may open it anywhere, years later, offline:
 * - inline CSS only, no script, no link, no image, no font, no remote anything; a CSP meta tag says so to
 *   any browser that opens it;
 * - every value from a device or a person is HTML-escaped (a host name like `<img onerror=…>` is text);
 * - A4 landscape when printed, table header repeated on each page, rows never split across pages.
 */
import type { HandOverReport, ReportDevice, ReportState } from '../../../shared/domain/report';
import {
  alertText,
  apiKeyText,
  hashRateText,
  localTime,
  stateNotes,
  temperatureText,
} from '../../../shared/format/report-text';
import { passwordStatusText } from '../../../shared/format/password-status-text';
import { lastRestartText, ledText, poolsText } from '../../../shared/format/setup-text';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text and attribute values alike. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);

const STYLE = `
  @page { size: A4 landscape; margin: 12mm; }
  * { box-sizing: border-box; }
  body { font: 10pt/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    color: #1b1f24; margin: 0; padding: 16px; }
  h1 { font-size: 18pt; margin: 0 0 4px; }
  .facts { display: flex; flex-wrap: wrap; gap: 4px 24px; margin: 0 0 12px; color: #444; }
  .facts dt { font-weight: 600; display: inline; }
  .facts dd { display: inline; margin: 0 0 0 4px; }
  .counts { display: flex; flex-wrap: wrap; gap: 8px; margin: 0 0 16px; padding: 0; list-style: none; }
  .counts li { border: 1px solid #c9d1d9; border-radius: 4px; padding: 4px 10px; }
  .counts b { font-size: 13pt; margin-right: 4px; }
  table { border-collapse: collapse; width: 100%; }
  thead { display: table-header-group; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  th, td { border: 1px solid #d0d7de; padding: 3px 5px; vertical-align: top; text-align: left; }
  th { background: #f0f3f6; font-weight: 600; }
  td.num { text-align: right; white-space: nowrap; }
  .state { font-weight: 600; white-space: nowrap; }
  .state-online { color: #116329; }
  .state-offline, .state-error, .state-auth-failed, .state-locked-out, .state-needs-password { color: #a40e26; }
  .state-locked, .state-not-checked, .state-discovered, .state-unlocking { color: #6e5b00; }
  .password-factory-default { color: #a40e26; font-weight: 600; }
  h2 { font-size: 12pt; margin: 16px 0 6px; }
  ul.activity { margin: 0 0 12px; padding-left: 18px; }
  .muted { color: #57606a; }
  ul.items { margin: 0; padding-left: 14px; }
  .notes { white-space: pre-wrap; }
  .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 9pt; }
  footer { margin-top: 12px; color: #57606a; font-size: 8pt; }
  @media print { body { padding: 0; } }
`;

const text = (value: string | null | undefined): string =>
  value === null || value === undefined || value === '' ? '<span class="muted">–</span>' : escapeHtml(value);

const list = (items: readonly string[]): string =>
  items.length === 0
    ? '<span class="muted">none</span>'
    : `<ul class="items">${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;

const STATE_ORDER: readonly ReportState[] = [
  'online',
  'rebooting',
  'restarting',
  'offline',
  'needs-password',
  'auth-failed',
  'locked-out',
  'error',
  'locked',
  'unlocking',
  'discovered',
  'not-checked',
];

function counts(report: HandOverReport): string {
  const items = [`<li><b>${report.counts.devices}</b>devices</li>`];
  for (const state of STATE_ORDER) {
    const count = report.counts.byState[state];
    if (count !== undefined)
      items.push(`<li class="state-${state}"><b>${count}</b>${escapeHtml(state)}</li>`);
  }
  items.push(`<li><b>${report.counts.apiKeys}</b>with an API key</li>`);
  items.push(`<li><b>${report.counts.factoryPasswords}</b>with the factory password</li>`);
  items.push(`<li><b>${report.counts.withProblems}</b>with problems or alerts</li>`);
  return `<ul class="counts">${items.join('')}</ul>`;
}

function deviceRow(device: ReportDevice, index: number): string {
  const where = [
    `<span class="mono">${escapeHtml(device.address)}</span>`,
    device.label === '' ? '' : `<br>${escapeHtml(device.label)}`,
  ].join('');
  const state = [
    `<span class="state state-${escapeHtml(device.state)}">${escapeHtml(device.state)}</span>`,
    ...stateNotes(device).map((note) => `<br><span class="muted">${escapeHtml(note)}</span>`),
  ].join('');
  const temps = [
    device.chipTempMax === null ? '' : `chip ${escapeHtml(temperatureText(device.chipTempMax))}`,
    device.boardTempMax === null ? '' : `board ${escapeHtml(temperatureText(device.boardTempMax))}`,
  ]
    .filter((t) => t !== '')
    .join('<br>');
  const cells = [
    `<td class="num">${index + 1}</td>`,
    `<td>${where}</td>`,
    `<td class="mono">${text(device.mac)}</td>`,
    `<td>${text(device.hostname)}</td>`,
    `<td>${text(device.model)}</td>`,
    `<td>${text(device.firmware)}</td>`,
    `<td>${state}</td>`,
    `<td class="num">${text(hashRateText(device))}</td>`,
    `<td class="num">${temps === '' ? text('') : temps}</td>`,
    `<td>${escapeHtml(apiKeyText(device.apiKey))}</td>`,
    `<td class="password-${escapeHtml(device.password.status)}">${escapeHtml(passwordStatusText(device.password))}</td>`,
    `<td>${escapeHtml(poolsText(device.pools))}</td>`,
    `<td>LED ${escapeHtml(ledText(device.led))}${device.lastRestart === null ? '' : `<br>${escapeHtml(lastRestartText(device.lastRestart))}`}</td>`,
    `<td>${list([...device.problems, ...device.alerts.map(alertText)])}</td>`,
    `<td class="notes">${text(device.notes)}</td>`,
  ];
  return `<tr>${cells.join('')}</tr>`;
}

const HEADINGS = [
  '#',
  'Address',
  'MAC',
  'Host name',
  'Model',
  'Firmware',
  'Final state',
  'Hash rate vs nominal',
  'Max temperatures',
  'API key',
  'Password',
  'Pools and workers',
  'LED, last restart',
  'Problems and alerts',
  'Notes',
];

/** The site's writes, oldest first, one line each ("pools set on 198 of 200 devices; 2 failed: …"). */
function activity(report: HandOverReport): string {
  if (report.activity.length === 0) return '';
  const items = report.activity.map(
    (a) =>
      `<li>${escapeHtml(localTime(a.at))} · ${escapeHtml(a.by)}: ${escapeHtml(a.summary)} <span class="muted">(${escapeHtml(a.what)})</span></li>`,
  );
  return `<h2>Activity</h2>\n<ul class="activity">${items.join('')}</ul>`;
}

export function reportHtml(report: HandOverReport): string {
  const facts: [string, string][] = [
    ['Date', localTime(report.generatedAt)],
    ['Laptop', report.laptop],
    ['States read', report.checkedAt === null ? 'not read for this report' : localTime(report.checkedAt)],
    ['Produced by', `${report.app.name} ${report.app.version}`],
  ];
  const rows =
    report.devices.length === 0
      ? `<tr><td colspan="${HEADINGS.length}" class="muted">No devices in this site.</td></tr>`
      : report.devices.map(deviceRow).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="referrer" content="no-referrer">
<title>Hand-over report – ${escapeHtml(report.site.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>Hand-over report: ${escapeHtml(report.site.name)}</h1>
<dl class="facts">${facts.map(([k, v]) => `<div><dt>${escapeHtml(k)}:</dt><dd>${escapeHtml(v)}</dd></div>`).join('')}</dl>
${counts(report)}
${activity(report)}
<table>
<thead><tr>${HEADINGS.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
</table>
<footer>API keys are listed as provisioned or not; the keys themselves are kept in the commissioning laptop's keychain and are not part of this report. Passwords are described (factory default, changed here, set elsewhere, unknown), never shown; pool passwords are not read.</footer>
</body>
</html>
`;
}
