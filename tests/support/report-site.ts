/**
 * A hand-over report of a large site built by the real report builder (no hand-made report object): `count`
 * devices with full identities (long serials, workers, firmware), live states, acceptance verdicts — some
 * failed for each reason acceptance gives — problems, alerts, notes and activity. Used where the printed
 * document is checked (tests/e2e/report-pdf.test.ts) and by the report's unit tests.
 */
import type { AcceptanceVerdict, StoredVerdict } from '../../shared/domain/acceptance';
import { defaultCriteria } from '../../shared/domain/acceptance';
import type { ActivityEntry } from '../../shared/domain/commission';
import type { InventoryDevice, Site } from '../../shared/domain/inventory';
import type { CommissioningSnapshot, HandOverReport } from '../../shared/domain/report';
import { newDevice } from '../../electron/core/inventory/devices';
import { buildReport } from '../../electron/core/report/build-report';
import type { ReportStandardInput } from '../../electron/core/report/report-standard';
import type { FixtureLayoutOptions } from './report-layout';
import { fixtureLayout } from './report-layout';

export const REPORT_AT = '2026-03-01T09:00:00.000Z';
const TH = 1e12;

export const REPORT_SITE: Site = {
  id: 'hall-7',
  name: 'Hall 7 – North wing',
  subnets: ['10.7.0.0/22'],
  passwordRef: 'site/hall-7/password',
  createdAt: REPORT_AT,
  updatedAt: REPORT_AT,
};

const hex = (n: number): string => n.toString(16).toUpperCase().padStart(2, '0');
const addressOf = (i: number): string => `http://10.7.${Math.floor(i / 250)}.${(i % 250) + 1}`;

/** Failed devices, each with its own reason (the rest pass). */
const FAILURES: Record<number, Partial<AcceptanceVerdict['evidence']> & { reasons: string[] }> = {
  3: {
    reasons: [
      '2 of 3 hash boards present (board 3 missing)',
      'average hash rate 64.8 % of nominal (127.40 of 196.52 TH/s), under 95 %',
    ],
    boards: { expected: 3, seen: 2, missing: [3], failing: [] },
    hashRate: { averageThs: 127.4, nominalThs: 196.52, percent: 64.8, lowestThs: 126.9 },
  },
  41: {
    reasons: ['4 chips not hashing (board 2: chips 12, 13, 40 and 41)'],
    deadChips: [{ board: 2, count: 4, chips: [12, 13, 40, 41] }],
  },
  117: {
    reasons: ['140 shares accepted, 31 rejected (22.1 %), over 2 %'],
    shares: { accepted: 140, rejected: 31, rejectedPercent: 22.1, restarted: false },
  },
};

/** The reason of a device failed by `failed` (beyond FAILURES' own): a hot chip. */
const hotChip = (i: number): Partial<AcceptanceVerdict['evidence']> & { reasons: string[] } => ({
  reasons: [`hottest chip ${86 + (i % 8)} °C, over 85 °C`],
  temperature: { hottestChipC: 86 + (i % 8), board: 1 + (i % 3), hottestBoardC: 61 },
});

function verdictOf(i: number, device: InventoryDevice, failed: number): StoredVerdict {
  const failure = FAILURES[i] ?? (i < failed ? hotChip(i) : undefined);
  const evidence: AcceptanceVerdict['evidence'] = {
    preset: i % 5 === 0 ? '3600' : '3200',
    readings: { taken: 31, failed: 0, failures: [] },
    boards: { expected: 3, seen: 3, missing: [], failing: [] },
    deadChips: [],
    chipsSeen: 195,
    hashRate: { averageThs: 199.8, nominalThs: 196.52, percent: 101.7, lowestThs: 197.2 },
    temperature: { hottestChipC: 66 + (i % 9), board: 1 + (i % 3), hottestBoardC: 52 },
    fans: { count: 4, slowestRpm: 5820, stopped: [] },
    shares: { accepted: 180 + (i % 7), rejected: i % 2, rejectedPercent: 0.5, restarted: false },
    ...failure,
  };
  const { reasons = [] } = failure ?? {};
  return {
    deviceId: device.id,
    address: device.address,
    siteId: REPORT_SITE.id,
    by: 'field-laptop-07',
    verdict: reasons.length === 0 ? 'pass' : 'fail',
    reasons,
    checks: [],
    evidence,
    criteria: defaultCriteria(),
    startedAt: '2026-03-01T08:20:00.000Z',
    endedAt: '2026-03-01T08:50:00.000Z',
  };
}

/** `count` devices; verdicts for all but the last `unaccepted` (which are not run yet). */
export function largeSiteReport(
  count = 200,
  options: {
    unaccepted?: number;
    standard?: ReportStandardInput;
    /** The first `failed` devices fail (a hot chip, unless FAILURES gives one its own reason). */
    failed?: number;
    /** The site's layout (report-layout.ts); absent: no layout. */
    layout?: FixtureLayoutOptions;
  } = {},
): HandOverReport {
  const devices = Array.from({ length: count }, (_, i) =>
    newDevice(
      {
        id: `mac:AC:1F:6B:00:${hex(Math.floor(i / 256))}:${hex(i % 256)}`,
        siteId: REPORT_SITE.id,
        address: addressOf(i),
        identity: {
          mac: `AC:1F:6B:00:${hex(Math.floor(i / 256))}:${hex(i % 256)}`,
          hostname: `antminer-hall7-rack${String(Math.floor(i / 20) + 1).padStart(2, '0')}-slot${String((i % 20) + 1).padStart(2, '0')}`,
          model: i % 5 === 0 ? 'Antminer S21 Pro Hydro' : 'Antminer S21 Pro',
          firmware: i % 50 === 7 ? 'Vnish 1.2.6' : 'Vnish 1.2.7',
          serial: `JYZZB4ABCJJBA${String(i).padStart(5, '0')}`,
        },
        label: `Rack ${Math.floor(i / 20) + 1} / slot ${(i % 20) + 1}`,
        notes:
          i === 12
            ? 'Fan 2 noisy at start-up; replaced the cable.\nCustomer asked to check again in a week.'
            : '',
        lastSeen: REPORT_AT,
      },
      REPORT_AT,
    ),
  );
  const snapshot: CommissioningSnapshot = {
    at: Date.parse(REPORT_AT),
    devices: devices.map((device, i) => ({
      deviceId: device.id,
      state: i === 150 ? 'offline' : 'online',
      reason: i === 150 ? 'no answer for 3 polls' : 'device reports mining',
      ...(i === 150
        ? {}
        : {
            reading: {
              minerState: 'mining',
              minerKind: 'mining' as const,
              hashRate: (196.52 + (i % 5)) * TH,
              nominalHashRate: 196.52 * TH,
              chipTempMax: 64 + (i % 10),
              boardTempMax: 50,
            },
            pools: [
              {
                url: 'stratum+tcp://btc.pool.example:3333',
                user: `hall7acct.r${Math.floor(i / 20) + 1}s${(i % 20) + 1}`,
                type: 'UserPool',
              },
              {
                url: 'stratum+tcp://backup.pool.example:443',
                user: `hall7acct.r${Math.floor(i / 20) + 1}s${(i % 20) + 1}`,
                type: 'UserPool',
              },
              { url: 'DevFee', user: 'DevFee', type: 'DevFee' },
            ],
          }),
      alerts:
        i % 40 === 9
          ? [
              {
                kind: 'temperature' as const,
                message: 'chip at 86 °C (limit 85 °C)',
                raisedAt: Date.parse(REPORT_AT) - 600_000,
                clearedAt: Date.parse(REPORT_AT) - 300_000,
              },
            ]
          : [],
    })),
  };
  const unaccepted = options.unaccepted ?? 0;
  const acceptance = new Map(
    devices
      .slice(0, count - unaccepted)
      .map((device, i) => [device.id, verdictOf(i, device, options.failed ?? 0)] as const),
  );
  const activity: ActivityEntry[] = [
    {
      id: 'a1',
      siteId: REPORT_SITE.id,
      at: '2026-03-01T07:10:00.000Z',
      by: 'field-laptop-07',
      action: 'password-change',
      what: "to the site's password",
      devices: devices.map((d) => ({
        deviceId: d.id,
        address: d.address,
        outcome: 'done' as const,
        message: 'changed',
      })),
    },
    {
      id: 'a2',
      siteId: REPORT_SITE.id,
      at: '2026-03-01T07:30:00.000Z',
      by: 'field-laptop-07',
      action: 'pools',
      what: 'pool 1: stratum+tcp://btc.pool.example:3333, worker hall7acct.r{rack}s{slot}; pool 2: stratum+tcp://backup.pool.example:443',
      devices: devices.map((d, i) => ({
        deviceId: d.id,
        address: d.address,
        outcome: i === 150 ? ('failed' as const) : ('done' as const),
        message: i === 150 ? 'no answer' : 'set and read back',
      })),
    },
    {
      id: 'a3',
      siteId: REPORT_SITE.id,
      at: '2026-03-01T07:40:00.000Z',
      by: 'field-laptop-07',
      action: 'restart-mining',
      what: 'mining restart after the pools',
      devices: devices.map((d) => ({
        deviceId: d.id,
        address: d.address,
        outcome: 'done' as const,
        message: 'restarted',
      })),
    },
  ];
  return buildReport({
    site: REPORT_SITE,
    devices,
    snapshot,
    credentials: new Map(
      devices.map((d) => [
        d.id,
        {
          apiKey: true,
          password: true,
          passwordStatus: { status: 'changed-here' as const, changedAt: '2026-03-01T07:10:00.000Z' },
        },
      ]),
    ),
    activity,
    acceptance,
    ...(options.standard !== undefined ? { standard: options.standard } : {}),
    ...(options.layout !== undefined
      ? {
          layout: fixtureLayout(
            REPORT_SITE.id,
            devices.map((d) => d.id),
            REPORT_AT,
            options.layout,
          ),
        }
      : {}),
    laptop: 'field-laptop-07',
    technician: 'Dana Okafor',
    app: { name: 'Minerdeck', version: '0.9.0' },
    now: new Date('2026-03-01T09:05:00.000Z'),
  });
}
