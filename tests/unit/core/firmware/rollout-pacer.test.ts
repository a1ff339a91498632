/**
 * The pacer (rollout-pacer.ts) with fake uploads and verifications on short real delays: uploads stay
 * busy across batch boundaries within 5 in flight, `maxOffline` and the turn rule; a failure stops every
 * upload not begun and cuts those of later batches. The real rollout over the simulator:
 * tests/integration/firmware-pacing.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { PacedStep, PacerHooks } from '../../../../electron/core/firmware/rollout-pacer';
import { runPacer } from '../../../../electron/core/firmware/rollout-pacer';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Options {
  sizes: number[];
  uploadMs?: (id: string) => number;
  verifyMs?: (id: string) => number;
  fails?: ReadonlySet<string>;
  /** How long telling step N finished takes (the activity log's flush behind other writes). */
  finishMs?: (step: number) => number;
  limits?: {
    uploadsInFlight: number;
    maxOffline: number;
    tolerated?: (step: number) => number;
    trust?: 'batches' | 'canary';
  };
}

/** Runs the pacer over steps of the given sizes (the first a canary), recording what happened when. */
async function pace(options: Options) {
  const steps: PacedStep[] = options.sizes.map((size, s) => ({
    kind: s === 0 ? 'canary' : 'batch',
    members: Array.from({ length: size }, (_, i) => ({ id: `${s}.${i}`, role: 'upload' as const })),
  }));
  const stepOf = (id: string) => Number(id.split('.')[0]);
  const log: { at: number; what: string; id: string }[] = [];
  const verdicts = new Map<string, 'failed' | 'other'>();
  let uploading = 0;
  let offline = 0;
  let mostUploading = 0;
  let mostOffline = 0;
  let stop: string | undefined;
  const cut: string[] = [];
  const t0 = performance.now();
  const note = (what: string, id: string) => log.push({ at: performance.now() - t0, what, id });
  const hooks: PacerHooks = {
    startStep: async (step) => {
      note('step-started', String(step));
      await pause(1);
    },
    upload: async (id, _step, signal) => {
      uploading += 1;
      offline += 1;
      mostUploading = Math.max(mostUploading, uploading);
      mostOffline = Math.max(mostOffline, offline);
      note('upload-start', id);
      const ms = options.uploadMs?.(id) ?? 10;
      const end = performance.now() + ms;
      while (performance.now() < end && !signal.aborted) await pause(2);
      uploading -= 1;
      if (signal.aborted) {
        offline -= 1;
        cut.push(id);
        verdicts.set(id, 'other');
        note('cut', id);
        return 'ended';
      }
      note('upload-end', id);
      return 'took';
    },
    verify: async (id) => {
      await pause(options.verifyMs?.(id) ?? 40);
      offline -= 1;
      verdicts.set(id, options.fails?.has(id) === true ? 'failed' : 'other');
      note('verdict', id);
    },
    verdict: (id) => verdicts.get(id),
    stopped: () => stop !== undefined,
    trouble: (id) => {
      stop ??= `failed ${id}`;
    },
    stopBefore: () => false,
    stopping: () => note('stopping', stop ?? ''),
    notStarted: (id) => {
      verdicts.set(id, 'other');
      note('not-started', id);
    },
    finishStep: async (step) => {
      await pause(options.finishMs?.(step) ?? 0);
      note('step-finished', String(step));
    },
  };
  await runPacer(steps, hooks, options.limits ?? { uploadsInFlight: 5, maxOffline: 1000 });
  const first = (what: string, step: number) => log.find((e) => e.what === what && stepOf(e.id) === step);
  const last = (what: string, step: number) => log.findLast((e) => e.what === what && stepOf(e.id) === step);
  return { log, mostUploading, mostOffline, stop, cut, first, last, stepOf, verdicts };
}

describe('rollout pacer', () => {
  it('uploads overlap batch boundaries, never more than 5 in flight; batch k+2 waits for batch k to be clean', async () => {
    // Verifications (120 ms) far longer than a batch's uploads (10 ms each, 5 at once): the overlap below
    // is the pacer's, not a race a loaded machine could lose.
    const run = await pace({ sizes: [1, 4, 8, 16, 12], verifyMs: () => 120 });
    expect(run.mostUploading).toBe(5);
    expect(run.log.filter((e) => e.what === 'verdict')).toHaveLength(41);
    // The canary is clean before batch 1 uploads.
    expect(run.first('upload-start', 1)!.at).toBeGreaterThanOrEqual(run.last('verdict', 0)!.at);
    for (let k = 1; k <= 3; k += 1) {
      // Batch k+1 begins uploading before batch k's last verdict (overlap)…
      expect(run.first('upload-start', k + 1)!.at).toBeLessThan(run.last('verdict', k)!.at);
      // …but only once every upload of batch k ended.
      expect(run.first('upload-start', k + 1)!.at).toBeGreaterThanOrEqual(run.last('upload-end', k)!.at);
    }
    for (let k = 1; k <= 2; k += 1) {
      expect(run.first('upload-start', k + 2)!.at).toBeGreaterThanOrEqual(run.last('verdict', k)!.at);
    }
    // Steps told started and finished in order, each once.
    const told = (what: string) => run.log.filter((e) => e.what === what).map((e) => e.id);
    expect(told('step-started')).toEqual(['0', '1', '2', '3', '4']);
    expect(told('step-finished')).toEqual(['0', '1', '2', '3', '4']);
  });

  it('trusting the canary (--trust canary): batches wait for its verdict, then for no batch’s', async () => {
    const run = await pace({
      sizes: [1, 4, 8, 16, 12],
      // Batch 1's verdicts come long after the 36 later uploads (10 ms each, 5 at once) could all start.
      verifyMs: () => 400,
      limits: { uploadsInFlight: 5, maxOffline: 1000, trust: 'canary' },
    });
    expect(run.log.filter((e) => e.what === 'verdict')).toHaveLength(41);
    expect(run.first('upload-start', 1)!.at).toBeGreaterThanOrEqual(run.last('verdict', 0)!.at);
    // Every batch's uploads began before batch 1 had a verdict: no batch waited for another's verdicts…
    const firstVerdictOfBatch1 = run.first('verdict', 1)!.at;
    for (let k = 2; k <= 4; k += 1)
      expect(run.first('upload-start', k)!.at).toBeLessThan(firstVerdictOfBatch1);
    // …only for the uploads of the batch before (steps stay in order).
    for (let k = 1; k <= 3; k += 1) {
      expect(run.first('upload-start', k + 1)!.at).toBeGreaterThanOrEqual(run.last('upload-end', k)!.at);
    }
  });

  it('trusting the canary, a failed canary still starts nothing, and trouble in a batch stops what has not begun', async () => {
    const canaryFails = await pace({
      sizes: [1, 4, 8],
      fails: new Set(['0.0']),
      limits: { uploadsInFlight: 5, maxOffline: 1000, trust: 'canary' },
    });
    expect(canaryFails.first('upload-start', 1)).toBeUndefined();
    const batchFails = await pace({
      sizes: [1, 4, 8, 16, 40],
      fails: new Set(['1.0']),
      verifyMs: () => 60,
      limits: { uploadsInFlight: 5, maxOffline: 1000, trust: 'canary' },
    });
    expect(batchFails.stop).toBe('failed 1.0');
    const failedAt = batchFails.log.find((e) => e.what === 'verdict' && e.id === '1.0')!.at;
    const startedAfter = batchFails.log.filter((e) => e.what === 'upload-start' && e.at > failedAt + 5);
    expect(startedAfter).toEqual([]);
    const lastBatchUploads = batchFails.log.filter(
      (e) => e.what === 'upload-start' && batchFails.stepOf(e.id) === 4,
    );
    expect(lastBatchUploads.length).toBeLessThan(40);
  });

  it('telling a step finished (the log on disk, behind other writes) holds no upload', async () => {
    const run = await pace({ sizes: [1, 4, 8, 16], finishMs: (step) => (step === 1 ? 400 : 0) });
    const batch1Told = run.log.find((e) => e.what === 'step-finished' && e.id === '1')!.at;
    // Batch 3 may start once batch 1 is clean; it does not wait until batch 1 was told finished.
    expect(run.first('upload-start', 3)!.at).toBeLessThan(batch1Told);
    expect(run.log.filter((e) => e.what === 'step-finished').map((e) => e.id)).toEqual(['0', '1', '2', '3']);
  });

  it('the next upload starts as one ends: a slow upload holds only its own slot', async () => {
    // 0.0 canary; batch 1 has one slow upload (150 ms) among 5 quick ones (10 ms).
    const run = await pace({ sizes: [1, 6], uploadMs: (id) => (id === '1.0' ? 150 : 10) });
    const slowEnd = run.log.find((e) => e.what === 'upload-end' && e.id === '1.0')!.at;
    expect(run.log.find((e) => e.what === 'upload-start' && e.id === '1.5')!.at).toBeLessThan(slowEnd);
  });

  it('never more offline than --max-offline (uploads under way plus unverified)', async () => {
    const run = await pace({ sizes: [1, 4, 8, 8], limits: { uploadsInFlight: 5, maxOffline: 6 } });
    expect(run.mostOffline).toBe(6);
    expect(run.log.filter((e) => e.what === 'verdict')).toHaveLength(21);
  });

  it('a failure stops new uploads at once and cuts the later batch’s uploads under way; what took the image is verified', async () => {
    // Batch 1 (4): 1.0 fails, verified late; batch 2 uploads slowly meanwhile, some done, some under way.
    const run = await pace({
      sizes: [1, 4, 12, 20],
      uploadMs: (id) => (id.startsWith('2.') ? 30 : 5),
      verifyMs: (id) => (id === '1.0' ? 70 : 20),
      fails: new Set(['1.0']),
    });
    expect(run.stop).toBe('failed 1.0');
    const failedAt = run.log.find((e) => e.what === 'verdict' && e.id === '1.0')!.at;
    // Nothing started uploading after the failure; batch 3 never started.
    expect(run.log.filter((e) => e.what === 'upload-start' && e.at > failedAt)).toEqual([]);
    expect(run.first('upload-start', 3)).toBeUndefined();
    // Some of batch 2 had taken the image (verified), the ones under way were cut, the rest not started.
    const took = run.log.filter((e) => e.what === 'upload-end' && run.stepOf(e.id) === 2).map((e) => e.id);
    expect(took.length).toBeGreaterThan(0);
    expect(run.cut.length).toBeGreaterThan(0);
    for (const id of took) expect(run.log.some((e) => e.what === 'verdict' && e.id === id)).toBe(true);
    const notStarted = run.log.filter((e) => e.what === 'not-started').map((e) => e.id);
    expect(took.length + run.cut.length + notStarted.length).toBe(12);
    expect(run.log.filter((e) => e.what === 'stopping')).toHaveLength(1);
    const finished = run.log.filter((e) => e.what === 'step-finished').map((e) => e.id);
    expect(finished).toEqual(['0', '1', '2']);
  });

  it('a later batch tolerates its share of failures (the field’s attrition) and goes on; one more is trouble', async () => {
    // Batches 2 and 3 tolerate one failure each (none in the canary and batch 1).
    const tolerated = (step: number) => (step >= 2 ? 1 : 0);
    const limits = { uploadsInFlight: 5, maxOffline: 1000, tolerated };
    const within = await pace({ sizes: [1, 4, 12, 20], fails: new Set(['2.3', '3.7']), limits });
    expect(within.stop).toBeUndefined();
    expect(within.log.filter((e) => e.what === 'verdict')).toHaveLength(37);
    expect(within.log.filter((e) => e.what === 'step-finished').map((e) => e.id)).toEqual([
      '0',
      '1',
      '2',
      '3',
    ]);
    const beyond = await pace({
      sizes: [1, 4, 12, 20],
      verifyMs: (id) => (id === '2.5' ? 60 : 20),
      fails: new Set(['2.3', '2.5']),
      limits,
    });
    expect(beyond.stop).toBe('failed 2.5');
    const failedAt = beyond.log.find((e) => e.what === 'verdict' && e.id === '2.5')!.at;
    expect(beyond.log.filter((e) => e.what === 'upload-start' && e.at > failedAt)).toEqual([]);
    // Batch 1 tolerates none: its first failure is trouble.
    const first = await pace({ sizes: [1, 4, 12], fails: new Set(['1.2']), limits });
    expect(first.stop).toBe('failed 1.2');
  });
});
