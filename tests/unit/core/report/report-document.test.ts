/**
 * The report as a document to sign, built by the real builder from a 200-device site with acceptance
 * verdicts (tests/support/report-site.ts): page 1 (headline, facts, counts, failures by name, activity,
 * pools and firmware in force, signature block), the one-line device table, one evidence block per failed
 * device, and the verdicts in the CSV and JSON. How it prints is checked in Chromium (tests/e2e/report-pdf).
 */
import { describe, expect, it } from 'vitest';
import { handOverReportSchema } from '../../../../shared/domain/report';
import { readCsvTable } from '../../../../shared/domain/targets/csv-table';
import { renderReport } from '../../../../electron/core/report/render-report';
import { PAGE_ONE_FAILURES } from '../../../../electron/core/report/report-page-one';
import { largeSiteReport } from '../../../support/report-site';

const report = largeSiteReport(200, { unaccepted: 5 });
const html = renderReport(report, 'html').content;
const pageOne = html.slice(
  html.indexOf('<section class="page-one">'),
  html.indexOf('<section class="devices">'),
);

describe('the report’s content for a signed hand-over', () => {
  it('counts the verdicts kept in the site, and who hands over', () => {
    expect(report.counts).toMatchObject({ devices: 200, online: 199, accepted: 192, failed: 3 });
    expect(report.technician).toBe('Dana Okafor');
    expect(report.inForce).toEqual({
      pools: [
        {
          url: 'stratum+tcp://backup.pool.example:443',
          devices: 199,
          workers: ['hall7acct.r1s1', 'hall7acct.r1s2', 'hall7acct.r1s3'],
        },
        {
          url: 'stratum+tcp://btc.pool.example:3333',
          devices: 199,
          workers: ['hall7acct.r1s1', 'hall7acct.r1s2', 'hall7acct.r1s3'],
        },
      ],
      firmware: [
        { firmware: 'Vnish 1.2.7', devices: 196 },
        { firmware: 'Vnish 1.2.6', devices: 4 },
      ],
    });
    const failed = report.devices.find((d) => d.address === 'http://10.7.0.42');
    expect(failed).toMatchObject({
      worker: 'hall7acct.r3s2',
      acceptance: {
        verdict: 'fail',
        reasons: ['4 chips not hashing (board 2: chips 12, 13, 40 and 41)'],
        by: 'field-laptop-07',
      },
    });
    expect(report.devices.at(-1)?.acceptance).toBeNull();
    expect(handOverReportSchema.safeParse(report).success).toBe(true);
  });
});

describe('page 1', () => {
  it('has the headline, the site, date, technician and laptop, and the counts', () => {
    expect(pageOne).toContain('<h1>Accepted 192 of 200 devices</h1>');
    for (const fact of [
      '<dt>Site</dt><dd>Hall 7 – North wing</dd>',
      '<dt>Technician</dt><dd>Dana Okafor</dd>',
      '<dt>Laptop</dt><dd>field-laptop-07</dd>',
    ]) {
      expect(pageOne).toContain(fact);
    }
    expect(pageOne).toMatch(/<dt>Date<\/dt><dd>2026-03-01 \d\d:05 \(UTC[+-]\d\d:\d\d\)<\/dd>/);
    for (const count of [
      '<b>200</b>devices',
      '<b>199</b>online',
      '<b>192</b>accepted',
      '<b>3</b>failed',
      '<b>5</b>not accepted yet',
    ]) {
      expect(pageOne).toContain(count);
    }
  });

  it('names each failure with its one-line reason', () => {
    expect(pageOne).toContain('<h2>Failures (3)</h2>');
    expect(pageOne).toContain(
      '<li><b>10.7.0.4 · Rack 1 / slot 4</b> — 2 of 3 hash boards present (board 3 missing) (+1 more)</li>',
    );
    expect(pageOne).toContain(
      '<li><b>10.7.0.118 · Rack 6 / slot 18</b> — 140 shares accepted, 31 rejected (22.1 %), over 2 %</li>',
    );
  });

  it('summarises the activity and what is in force, and ends with the signature block', () => {
    expect(pageOne).toContain('pools set on 199 of 200 devices; 1 failed: 10.7.0.151');
    expect(pageOne).toContain('<li>stratum+tcp://btc.pool.example:3333 — 199 devices');
    expect(pageOne).toContain('<li>Vnish 1.2.6 — 4 devices</li>');
    expect(pageOne).toMatch(/<section class="signatures"[^>]*><h2>Hand-over<\/h2>/);
    for (const role of ['Technician', 'Site owner', 'Date'])
      expect(pageOne).toContain(`<div class="role">${role}</div>`);
    expect(pageOne).toContain('<div class="line">Dana Okafor</div>');
  });

  it('names at most a page of failures and counts the rest', () => {
    const many = largeSiteReport(40);
    for (const device of many.devices.slice(0, 20)) {
      device.acceptance = { ...device.acceptance!, verdict: 'fail', reasons: ['no fan reported'] };
    }
    const first = renderReport(many, 'html').content;
    expect((first.match(/ — no fan reported<\/li>/g) ?? []).length).toBe(PAGE_ONE_FAILURES);
    expect(first).toContain(`and ${20 - PAGE_ONE_FAILURES} more failed devices: see Evidence`);
  });
});

describe('the device table', () => {
  const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
  const rows = body.split('\n').filter((line) => line.startsWith('<tr'));

  it('has one line per device with the ten facts, and no sentence or time in a cell', () => {
    const head = html.slice(html.indexOf('<thead>'), html.indexOf('</thead>'));
    expect([...head.matchAll(/<th>([^<]*)<\/th>/g)].map((m) => m[1])).toEqual([
      '#',
      'Address',
      'MAC',
      'Serial',
      'Model',
      'Firmware',
      'Preset',
      'Hash rate, % of nominal',
      'Hottest chip',
      'Worker',
      'Verdict',
    ]);
    expect(rows).toHaveLength(200);
    expect(body).not.toMatch(/<br|<ul|UTC|\d{4}-\d\d-\d\d/);
    expect(rows[41]).toBe(
      '<tr class="verdict-fail"><td class="num">42</td><td class="id">10.7.0.42</td><td class="mono id">AC:<wbr>1F:<wbr>6B:<wbr>00:<wbr>00:<wbr>29</td><td class="mono id">JYZZB4ABCJJBA00041</td><td>Antminer S21 Pro</td><td>Vnish 1.2.7</td><td>3200</td><td class="num">101.7 %</td><td class="num">71 °C</td><td>hall7acct.r3s2</td><td>Failed</td></tr>',
    );
    expect(rows[150]).toContain('<td>Accepted · offline</td>');
    expect(rows[199]).toContain('<td>not run</td>');
  });

  it('fixes every column’s width, adding up to the page', () => {
    const widths = [...html.matchAll(/<col style="width:([\d.]+)%">/g)].map((m) => Number(m[1]));
    expect(widths).toHaveLength(11);
    expect(widths.reduce((a, b) => a + b, 0)).toBeCloseTo(100, 5);
    expect(html).toContain('table-layout: fixed');
  });
});

describe('the evidence', () => {
  it('has one short block per failed device: boards, dead chips by board, hash rate, temperatures, shares', () => {
    const blocks = [...html.matchAll(/<article class="evidence">(.*?)<\/article>/g)].map((m) => m[1] ?? '');
    expect(blocks).toHaveLength(3);
    const chips = blocks.find((b) => b.includes('10.7.0.42'))!;
    expect(chips).toContain('<h3>10.7.0.42 · AC:1F:6B:00:00:29 · Rack 3 / slot 2 — Failed</h3>');
    for (const line of [
      'Boards: 3 of 3 present',
      'Dead chips: board 2: 4 (chips 12, 13, 40, 41)',
      'Hash rate over the window: 199.80 TH/s average of 196.52 TH/s nominal (101.7 %), lowest 197.20 TH/s',
      'Temperatures: hottest chip 71 °C (board 3), hottest board 52 °C',
      'Fans: 4, slowest 5,820 rpm',
      'Pool shares over the window: 186 accepted, 1 rejected (0.5 %)',
    ]) {
      expect(chips).toContain(`<li>${line}</li>`);
    }
    expect(blocks.find((b) => b.includes('10.7.0.4 '))).toContain(
      '<li>Boards: 2 of 3 present (missing: 3)</li>',
    );
  });
});

describe('CSV and JSON', () => {
  it('carry each device’s verdict, its reasons and its window figures', () => {
    const table = readCsvTable(renderReport(report, 'csv').content, ',');
    const cells = table.ok ? table.rows.map((r) => r.cells) : [];
    expect(cells).toContainEqual(['technician', 'Dana Okafor']);
    expect(cells).toContainEqual(['accepted', '192']);
    const header = cells.find((r) => r[0] === 'address')!;
    const row = Object.fromEntries(
      header.map((c, i) => [c, cells.find((r) => r[0] === 'http://10.7.0.4')![i]]),
    );
    expect(row).toMatchObject({
      verdict: 'fail',
      verdict_reasons:
        '2 of 3 hash boards present (board 3 missing); average hash rate 64.8 % of nominal (127.40 of 196.52 TH/s), under 95 %',
      boards_seen: '2',
      boards_expected: '3',
      window_hash_rate_percent_of_nominal: '64.8',
      worker: 'hall7acct.r1s4',
    });
    const json = handOverReportSchema.parse(JSON.parse(renderReport(report, 'json').content));
    expect(json.devices[3]?.acceptance?.evidence.boards.missing).toEqual([3]);
  });
});
