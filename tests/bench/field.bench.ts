/**
 * `npm run bench -- field` (issue 33): the whole job for a hall on the field's clock — the simulator's
 * field profile (installs, reboots, restarts, climbs, a shared 1 Gbit/s site link, field faults by a
 * seed) run `FIELD_BENCH_SCALE` times faster, and Minerdeck's own waits on the same scaled clock
 * (`MINERDECK_TIME_SCALE`, loopback only), so the run projects field time without changing what is done:
 * scan → the site's standard (password, firmware, a pool and a backup, a site power budget, acceptance)
 * → Commission → the report saved, each through the real `minerdeck` CLI as a child process (a private
 * keyring when none runs: `npm run bench` starts one).
 *
 * Prints per phase and in total the field minutes, the physical floor for the same settings and the ratio
 * to it, devices per outcome, the user actions the app needs for the same job, and Minerdeck's CPU (per
 * field second: what the laptop would spend on site) and peak memory. Budgets: ≤ 60 field minutes,
 * ≤ 10 actions, ≤ 1 core on average, ≤ 1 GB, the bench itself ≤ 10 real minutes.
 *
 * Knobs: FIELD_BENCH_DEVICES (1000), FIELD_BENCH_SCALE (10), FIELD_BENCH_IMAGE_MB (64),
 * FIELD_BENCH_ACCEPT_MIN (30), FIELD_BENCH_SEED ("field-bench"), FIELD_BENCH_TRUST ("batches": the standard's
 * `--trust`); FIELD_BENCH_KEEP_JSON=<file> keeps Commission's
 * --json (every device's steps with their field times).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchReport, Budget, Figure } from './bench-kit';
import type { ChildRun } from './field/cli-child';
import { runChild } from './field/cli-child';
import { physicalFloor } from './field/field-floor';
import type { UploadPace } from './field/upload-pace';
import { uploadPace } from './field/upload-pace';
import {
  APP_ACTIONS,
  commissionEdges,
  commissionPhases,
  ON_SITE_STANDARD_ACTIONS,
  outcomeCounts,
} from './field/field-outcomes';
import {
  DEVICE_WATTS,
  FACTORY_PASSWORD,
  FIELD_LINK,
  FIELD_TIMINGS,
  hallCidr,
  hallImage,
  startHall,
  TO_VERSION,
} from './field/field-world';

const DEVICES = Number(process.env.FIELD_BENCH_DEVICES ?? 1000);
const SCALE = Number(process.env.FIELD_BENCH_SCALE ?? 10);
const IMAGE_MB = Number(process.env.FIELD_BENCH_IMAGE_MB ?? 64);
const ACCEPT_MIN = Number(process.env.FIELD_BENCH_ACCEPT_MIN ?? 30);
const SEED = process.env.FIELD_BENCH_SEED ?? 'field-bench';
/** The standard's `--trust` (docs/commissioning.md): `batches`, the product's default, or `canary`. */
const TRUST = process.env.FIELD_BENCH_TRUST ?? 'batches';
const SITE_PASSWORD = 'hall-7-site-pw';
/** A site budget 3 % under what the hall draws on its default preset: some devices must step down. */
const SITE_KW = Math.floor((DEVICES * DEVICE_WATTS * 0.97) / 1000);

const minutes = (fieldMs: number): number => fieldMs / 60_000;

export async function run(): Promise<BenchReport> {
  const dir = mkdtempSync(join(tmpdir(), 'minerdeck-bench-field-'));
  const realStart = performance.now();
  const fleet = await startHall({ devices: DEVICES, scale: SCALE, imageMb: IMAGE_MB, seed: SEED });
  const env = {
    MINERDECK_TIME_SCALE: String(SCALE),
    // Minerdeck's field time and the devices' read the same.
    MINERDECK_TIME_ORIGIN_MS: String(fleet.clockStartMs),
    MINERDECK_KEYCHAIN_SERVICE: `minerdeck-bench-field-${process.pid}`,
    DISPLAY: undefined,
    WAYLAND_DISPLAY: undefined,
  };
  const runs: { name: string; run: ChildRun; fieldMs: number; fromMs: number }[] = [];
  const cli = async (name: string, args: string[], stdin?: string): Promise<ChildRun> => {
    const from = fleet.now();
    const run = await runChild([...args, '--data-dir', join(dir, 'data')], {
      env,
      ...(stdin !== undefined ? { stdin } : {}),
      onStderr: (line) => {
        if (/left|stopped|batch|canary|not started/.test(line)) console.error(`  [${name}] ${line}`);
      },
    });
    runs.push({ name, run, fieldMs: fleet.now() - from, fromMs: from });
    if (run.code !== 0 && run.code !== 1 && run.code !== 3) {
      throw new Error(`${name} exited ${run.code}: ${run.stderr.slice(-2000)}`);
    }
    return run;
  };
  try {
    const image = hallImage(dir);
    const jobStart = fleet.now();
    await cli('site', ['site', 'create', 'Hall 7', '--use']);
    const [host] = fleet.devices.map((d) => new URL(d.address));
    await cli('scan', ['scan', hallCidr(DEVICES), '--port', host!.port, '--save', '--yes']);
    await cli(
      'standard',
      [
        'standard',
        'set',
        '--new-password-stdin',
        '--pool',
        'stratum+tcp://pool.example:3333,hall7.{mac6}',
        '--pool',
        'stratum+tcp://backup.example:3333,hall7.{mac6}',
        '--site-kw',
        String(SITE_KW),
        '--firmware',
        image,
        '--firmware-version',
        TO_VERSION,
        '--accept-minutes',
        String(ACCEPT_MIN),
        '--trust',
        TRUST,
      ],
      SITE_PASSWORD,
    );
    const commission = await cli(
      'commission',
      ['commission', '--all', '--password-stdin', '--yes', '--json'],
      FACTORY_PASSWORD,
    );
    // For a closer look at where the time goes: every device's steps as Commission's --json told them.
    if (process.env.FIELD_BENCH_KEEP_JSON) {
      writeFileSync(process.env.FIELD_BENCH_KEEP_JSON, commission.stdout);
      writeFileSync(
        `${process.env.FIELD_BENCH_KEEP_JSON}.uploads.json`,
        JSON.stringify(fleet.linkTimeline()),
      );
    }
    const commissionFrom = runs.at(-1)?.fromMs ?? jobStart;
    const pace = uploadPace(fleet.linkTimeline(), commission.json, commissionFrom);
    const reportPath = join(dir, 'hall-7-report.html');
    await cli('report', ['report', '--format', 'html', '--out', reportPath]);
    const jobFieldMs = fleet.now() - jobStart;
    const realMs = performance.now() - realStart;
    return report({
      runs,
      commission,
      jobFieldMs,
      realMs,
      reportBytes: statSync(reportPath).size,
      faults: fleet.fieldFaults().length,
      faultHosts: fleet.fieldFaults().map((f) => f.host),
      link: fleet.linkStats(),
      pace,
    });
  } finally {
    await fleet.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Measured {
  runs: { name: string; run: ChildRun; fieldMs: number; fromMs: number }[];
  commission: ChildRun;
  jobFieldMs: number;
  realMs: number;
  reportBytes: number;
  faults: number;
  /** The hosts the seed gave a field fault: every one should be named failed, no other. */
  faultHosts: string[];
  link: ReturnType<Awaited<ReturnType<typeof startHall>>['linkStats']>;
  /** What spaced the uploads: the link's idle gaps, each device's upload end → verdict. */
  pace: UploadPace;
}

function report(m: Measured): BenchReport {
  const floor = physicalFloor({
    devices: DEVICES,
    imageBytes: IMAGE_MB * 1024 * 1024,
    siteMbps: FIELD_LINK.siteMbps,
    deviceMbps: FIELD_LINK.deviceMbps,
    installSeconds: FIELD_TIMINGS.installSeconds,
    rebootDownSeconds: FIELD_TIMINGS.rebootDownSeconds,
    miningRestartSeconds: FIELD_TIMINGS.miningRestartSeconds,
    hashClimbSeconds: FIELD_TIMINGS.hashClimbSeconds,
    acceptMinutes: ACCEPT_MIN,
  });
  const total = minutes(m.jobFieldMs);
  const cpuMs = m.runs.reduce((sum, r) => sum + r.run.cpuMs, 0);
  const cores = cpuMs / m.jobFieldMs;
  const coresReal = cpuMs / m.runs.reduce((sum, r) => sum + r.run.realMs, 0);
  const peak = Math.max(...m.runs.map((r) => r.run.peakRssMb));
  const outcomes = outcomeCounts(m.commission.json);
  const failedHosts = m.commission.json
    .filter((l) => l.outcome === 'failed' && typeof l.address === 'string')
    .map((l) => new URL(String(l.address)).hostname);
  const faultsNamed = failedHosts.filter((h) => m.faultHosts.includes(h)).length;
  const phases = commissionPhases(m.commission.json);
  const commissionRun = m.runs.find((r) => r.name === 'commission');
  const edges =
    commissionRun === undefined
      ? undefined
      : commissionEdges(
          m.commission.json,
          commissionRun.fromMs,
          commissionRun.fromMs + commissionRun.fieldMs,
        );
  const figures: Figure[] = [
    ...m.runs.map((r) => ({ name: `${r.name}: field time`, value: minutes(r.fieldMs), unit: 'min' })),
    ...phases.map((p) => ({
      name: `commission · ${p.step}: first start → last end`,
      value: p.spanMinutes,
      unit: 'min',
    })),
    ...(edges === undefined
      ? []
      : [
          {
            name: 'commission · start → first step (reads, preview, unlocks)',
            value: edges.beforeFirstStep,
            unit: 'min',
          },
          { name: 'commission · last step → exit', value: edges.afterLastStep, unit: 'min' },
        ]),
    { name: 'firmware uploads: link idle while devices waited', value: m.pace.idleMinutes, unit: 'min' },
    ...m.pace.verifyMedians.map((v, q) => ({
      name: `firmware · upload end → verdict, median, uploads' quarter ${q + 1}`,
      value: v,
      unit: 'min',
    })),
    { name: 'firmware · upload end → verdict, longest', value: m.pace.verifyMax, unit: 'min' },
    { name: 'the whole job, scan to saved report: field time', value: total, unit: 'min' },
    { name: 'physical floor (wire + last device + window)', value: floor.totalMinutes, unit: 'min' },
    { name: 'ratio to the floor', value: total / floor.totalMinutes, unit: '×' },
    ...Object.entries(outcomes).map(([k, v]) => ({ name: `devices ${k}`, value: v, unit: '' })),
    {
      name: 'failed devices that are the seed’s faulted ones',
      value: faultsNamed,
      unit: `of ${m.faultHosts.length}`,
    },
    { name: 'failed devices with no field fault', value: failedHosts.length - faultsNamed, unit: '' },
    { name: 'Minerdeck CPU per field second (cores)', value: cores, unit: 'cores' },
    { name: 'Minerdeck CPU per real second while running (cores)', value: coresReal, unit: 'cores' },
    { name: 'Minerdeck peak memory (largest process)', value: peak, unit: 'MB' },
    { name: 'app user actions, the standard made beforehand', value: APP_ACTIONS.length, unit: '' },
    {
      name: 'app user actions, the standard set up on site',
      value: APP_ACTIONS.length + ON_SITE_STANDARD_ACTIONS.length,
      unit: '',
    },
    { name: 'bench real time', value: m.realMs / 60_000, unit: 'min' },
  ];
  const budgets: Budget[] = [
    {
      name: `≤ 60 field minutes at ${DEVICES} devices`,
      met: total <= 60,
      detail: `${total.toFixed(1)} min (floor ${floor.totalMinutes.toFixed(1)})`,
    },
    {
      name: '≤ 10 user actions (the standard made beforehand)',
      met: APP_ACTIONS.length <= 10,
      detail: APP_ACTIONS.join(' → '),
    },
    {
      name: 'Minerdeck ≤ 1 core on average (field time)',
      met: cores <= 1,
      detail: `${cores.toFixed(3)} cores`,
    },
    { name: 'Minerdeck ≤ 1 GB', met: peak <= 1024, detail: `${peak.toFixed(0)} MB` },
    {
      name: 'bench ≤ 10 real minutes',
      met: m.realMs <= 600_000,
      detail: `${(m.realMs / 60_000).toFixed(1)} min`,
    },
  ];
  return {
    figures,
    budgets,
    notes: [
      `${DEVICES} devices on the field profile ×${SCALE}, a ${IMAGE_MB} MB image on a ${FIELD_LINK.siteMbps} Mbit/s site link (${FIELD_LINK.deviceMbps} Mbit/s a device), acceptance ${ACCEPT_MIN} min, site budget ${SITE_KW} kW, rollout trust "${TRUST}", field faults seeded "${SEED}": ${m.faults} devices.`,
      `floor: ${floor.wireMinutes.toFixed(1)} min of wire + ${floor.lastDeviceMinutes.toFixed(1)} min for the last device (install, reboot, restart, climb, window).`,
      `link: ${JSON.stringify(m.link)}`,
      `link idle (field min from Commission's start): ${m.pace.gaps.map((g) => `${g.from.toFixed(1)}–${g.to.toFixed(1)}`).join(', ')}`,
      `commission exit ${m.commission.code}; report ${m.reportBytes} bytes; host ${hostname()}, node ${process.version}`,
      `last commission stderr: ${m.commission.stderr.trim().split('\n').slice(-3).join(' | ')}`,
    ],
  };
}
