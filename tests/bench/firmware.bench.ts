/**
 * `npm run bench -- firmware`: a rollout of a 64 MB image to 100 simulated devices (canary 1, then batches
 * of 10, 5 uploads in flight), against a bare Node multipart upload of the same bytes to the same devices
 * in the same run. The simulated fleet runs in this process; each upload run in a child process of its
 * own, so its peak RSS is its own. Budgets: the rollout's upload-phase throughput (image bytes over the
 * time at least one upload was in flight) ≥ 0.8 × the bare upload's, and peak RSS ≤ 300 MB. Runs
 * alternate (bare, rollout, bare, rollout, …) and the ratio is the median of each pair's (the machine's
 * load drifts between pairs far more than within one); between runs the devices are put back on 1.2.6.
 * `FIRMWARE_BENCH_DEVICES` / `FIRMWARE_BENCH_MB` shrink it for a quick look; `FIRMWARE_BENCH_RUNS` sets the
 * pairs (default 3).
 */
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { startFleet } from '../simulator';
import { QUICK_UPDATE, S21, writeSimImage } from '../support/firmware-world';
import { REPO_ROOT } from '../support/run-cli';
import type { BenchReport } from './bench-kit';
import { median } from './bench-kit';
import type { UploadRunRequest, UploadRunResult } from './firmware/upload-run';

const DEVICES = Number(process.env.FIRMWARE_BENCH_DEVICES ?? 100);
const IMAGE_MB = Number(process.env.FIRMWARE_BENCH_MB ?? 64);
const RUNS = Number(process.env.FIRMWARE_BENCH_RUNS ?? 3);
const PASSWORD = 'bench-pw';
const RSS_BUDGET_MB = 300;
const RATIO_BUDGET = 0.8;

async function child(script: string, request: UploadRunRequest): Promise<UploadRunResult> {
  const process_ = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_NO_WARNINGS: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  }) as unknown as ChildProcessWithoutNullStreams;
  process_.stdin.end(JSON.stringify(request));
  const out = await text(process_.stdout);
  const line = out.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as UploadRunResult;
}

const mbps = (r: UploadRunResult): number => r.bytes / (1024 * 1024) / (r.uploadMs / 1000);

export async function run(): Promise<BenchReport> {
  const dir = mkdtempSync(join(tmpdir(), 'minerdeck-bench-firmware-'));
  const fleet = await startFleet({
    count: DEVICES,
    recordRequests: false,
    defaults: {
      model: S21.model,
      firmwareVersion: '1.2.6',
      password: PASSWORD,
      ...QUICK_UPDATE,
      rebootDownSeconds: 0.2,
      bootSeconds: 0.1,
    },
  });
  try {
    const image = writeSimImage(dir, '1.2.7', S21.id, IMAGE_MB * 1024 * 1024);
    const request: UploadRunRequest = {
      addresses: fleet.devices.map((d) => d.address),
      password: PASSWORD,
      image,
    };
    const reset = async () => {
      await Promise.all(fleet.devices.map((d) => d.waitUntilUp()));
      await new Promise((resolve) => setTimeout(resolve, 500));
      for (const device of fleet.devices) device.setFirmwareVersion('1.2.6');
    };
    const bare: UploadRunResult[] = [];
    const rollout: UploadRunResult[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      bare.push(await child('tests/bench/firmware/bare-upload.ts', request));
      await reset();
      rollout.push(await child('tests/bench/firmware/rollout-child.ts', request));
      await reset();
    }
    const bareMbps = median(bare.map(mbps));
    const rolloutMbps = median(rollout.map(mbps));
    const ratio = median(rollout.map((r, i) => mbps(r) / mbps(bare[i]!)));
    const rss = Math.max(...rollout.map((r) => r.maxRssMb));
    const failed = rollout.reduce((n, r) => n + r.failed, 0) + bare.reduce((n, r) => n + r.failed, 0);
    return {
      figures: [
        { name: 'rollout upload-phase throughput (median)', value: rolloutMbps, unit: 'MB/s' },
        { name: 'bare Node multipart upload throughput (median)', value: bareMbps, unit: 'MB/s' },
        { name: 'ratio rollout / bare (median of the pairs)', value: ratio, unit: '×' },
        {
          name: 'rollout wall time, preflight to last verdict (median)',
          value: median(rollout.map((r) => r.wallMs)) / 1000,
          unit: 's',
        },
        {
          name: 'rollout CPU per MB uploaded (median)',
          value: median(rollout.map((r) => r.cpuMs / (r.bytes / 1048576))),
          unit: 'ms',
        },
        {
          name: 'bare upload CPU per MB uploaded (median)',
          value: median(bare.map((r) => r.cpuMs / (r.bytes / 1048576))),
          unit: 'ms',
        },
        { name: 'rollout peak RSS (max)', value: rss, unit: 'MB' },
        { name: 'bare upload peak RSS (max)', value: Math.max(...bare.map((r) => r.maxRssMb)), unit: 'MB' },
      ],
      budgets: [
        {
          name: `upload-phase throughput ≥ ${RATIO_BUDGET} × a bare Node multipart upload`,
          met: ratio >= RATIO_BUDGET && failed === 0,
          detail: `${ratio.toFixed(2)}× (${rolloutMbps.toFixed(0)} vs ${bareMbps.toFixed(0)} MB/s)${failed > 0 ? `; ${failed} uploads failed` : ''}`,
        },
        {
          name: `peak RSS of the uploading process ≤ ${RSS_BUDGET_MB} MB`,
          met: rss <= RSS_BUDGET_MB,
          detail: `${rss.toFixed(0)} MB`,
        },
      ],
      notes: [
        `${DEVICES} simulated devices (one process, this one), a ${IMAGE_MB} MB image, 5 uploads in flight; rollout: canary 1, batches of 10, every device verified; ${RUNS} runs each, alternating.`,
        `rollout runs: ${rollout.map((r) => `${mbps(r).toFixed(0)} MB/s over ${(r.uploadMs / 1000).toFixed(1)} s of uploads (${(r.inFlight ?? 0).toFixed(1)} in flight on average), ${(r.wallMs / 1000).toFixed(1)} s in all, ${r.maxRssMb.toFixed(0)} MB`).join('; ')}`,
        `bare runs: ${bare.map((r) => `${mbps(r).toFixed(0)} MB/s over ${(r.uploadMs / 1000).toFixed(1)} s, ${r.maxRssMb.toFixed(0)} MB`).join('; ')}`,
        `host ${hostname()}, node ${process.version}`,
      ],
    };
  } finally {
    await fleet.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
