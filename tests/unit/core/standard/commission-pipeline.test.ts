/**
 * Commission's pipeline per device over fake services (fast, deterministic): a device goes on to its next
 * step as soon as its previous one is verified, in groups as devices become ready; a failed step stops
 * that device only; acceptance groups overlap; cancel stops every stage; each device takes exactly the
 * steps it was planned; each step has its start and end time.
 */
import { describe, expect, it } from 'vitest';
import type { WriteResult } from '../../../../shared/domain/commission';
import type {
  CommissionPlanEntry,
  CommissionStepKind,
  SiteStandard,
} from '../../../../shared/domain/standard';
import type { PoolTarget } from '../../../../electron/core/commission/pool-plan';
import type {
  AcceptanceRunner,
  CommissionRunDeps,
  CommissionRunInput,
  FirmwareRunner,
} from '../../../../electron/core/standard/commission-run';
import { runCommission } from '../../../../electron/core/standard/commission-run';

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}
const deferred = (): Deferred => {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const tick = () => new Promise<void>((r) => setTimeout(r, 0));
/** Waits (a bounded number of turns) until `ok` holds. */
async function until(ok: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (ok()) return;
    await tick();
  }
  throw new Error(`never: ${what}`);
}

const WORDS: Record<CommissionStepKind, string> = {
  password: 'replace the factory password',
  firmware: 'update firmware to 1.2.7',
  settings: 'set pools',
  restart: 'restart',
  acceptance: 'acceptance (30 min)',
};
const entry = (deviceId: string, kinds: CommissionStepKind[]): CommissionPlanEntry => ({
  deviceId,
  address: `${deviceId}:80`,
  steps: kinds.map((kind) => ({ kind, words: WORDS[kind] })),
  detail: '',
});
const target = (deviceId: string) => ({ deviceId, address: { host: deviceId, port: 80 } }) as PoolTarget;
const done = (deviceId: string): WriteResult => ({ deviceId, address: '', outcome: 'done', message: 'ok' });

const STANDARD = {
  firmware: { version: '1.2.7', imagePath: '/img' },
  pools: [{ url: 'stratum+tcp://pool:3333', user: 'w', password: 'x' }],
  acceptance: { minutes: 30 },
} as unknown as SiteStandard;

/** Fake write services: every call recorded per device and step; `failSettings` devices fail it. */
function fakes(options: { failSettings?: string[]; gate?: Partial<Record<CommissionStepKind, Deferred>> }) {
  const calls: { kind: CommissionStepKind; ids: string[] }[] = [];
  const record = (kind: CommissionStepKind, ts: readonly PoolTarget[]) =>
    calls.push({ kind, ids: ts.map((t) => t.deviceId) });
  const gate = async (kind: CommissionStepKind) => options.gate?.[kind]?.promise;
  type Req = { onResult: (r: WriteResult & { restartRequired?: boolean }) => void };
  const commission = {
    planPasswordChange: async () => [],
    changePasswords: async (ts: PoolTarget[], _p: string, req: Req) => {
      record('password', ts);
      await gate('password');
      for (const t of ts) req.onResult(done(t.deviceId));
      return { ok: true, value: [] };
    },
    planPools: async () => ({ ok: true, value: [] }),
    setPools: async (ts: PoolTarget[], _pools: unknown, req: Req) => {
      record('settings', ts);
      await gate('settings');
      for (const t of ts) {
        const failed = options.failSettings?.includes(t.deviceId) === true;
        req.onResult({
          ...done(t.deviceId),
          ...(failed ? { outcome: 'failed', message: 'refused' } : {}),
          restartRequired: true,
        });
      }
      return { ok: true, value: [] };
    },
    planPower: async () => ({ ok: true, value: [] }),
    setPower: async () => ({ ok: true, value: [] }),
    planDeviceAction: async () => [],
    restartMining: async (ts: PoolTarget[], req: Req) => {
      record('restart', ts);
      await gate('restart');
      for (const t of ts) req.onResult(done(t.deviceId));
      return { ok: true, value: [] };
    },
    presetConfigured: () => undefined,
  };
  return { calls, commission: commission as unknown as CommissionRunDeps['commission'] };
}

/** A rollout that concludes each device when the test says so (`release`), then ends with the last. */
function fakeFirmware(calls: { kind: CommissionStepKind; ids: string[] }[], fail: readonly string[] = []) {
  const gates = new Map<string, Deferred>();
  const gateOf = (id: string) => gates.get(id) ?? gates.set(id, deferred()).get(id)!;
  const runner: FirmwareRunner = async (targets, _fw, signal, onDevice) => {
    calls.push({ kind: 'firmware', ids: targets.map((t) => t.deviceId) });
    const outcomes = new Map<string, WriteResult>();
    await Promise.all(
      targets.map(async (t) => {
        await Promise.race([
          gateOf(t.deviceId).promise,
          new Promise<void>((r) => signal?.addEventListener('abort', () => r())),
        ]);
        if (signal?.aborted === true) return;
        const result: WriteResult = fail.includes(t.deviceId)
          ? { ...done(t.deviceId), outcome: 'failed', message: 'still on 1.2.6 after the update' }
          : done(t.deviceId);
        outcomes.set(t.deviceId, result);
        onDevice?.(result);
      }),
    );
    return outcomes;
  };
  return { runner, release: (id: string) => gateOf(id).resolve() };
}

/** Acceptance groups as they start; each ends when the test says so (or at once with `open`). */
function fakeAcceptance(calls: { kind: CommissionStepKind; ids: string[] }[]) {
  const groups: { ids: string[]; end: Deferred; ended: boolean }[] = [];
  const runner: AcceptanceRunner = async (targets, _c, signal) => {
    calls.push({ kind: 'acceptance', ids: targets.map((t) => t.deviceId) });
    const group = { ids: targets.map((t) => t.deviceId), end: deferred(), ended: false };
    groups.push(group);
    await Promise.race([
      group.end.promise,
      new Promise<void>((r) => signal?.addEventListener('abort', () => r())),
    ]);
    group.ended = true;
    return new Map(targets.map((t) => [t.deviceId, { pass: true, message: 'accepted' }] as const));
  };
  return { runner, groups, running: () => groups.filter((g) => !g.ended) };
}

function setup(
  plan: Record<string, CommissionStepKind[]>,
  opts: {
    failSettings?: string[];
    failFirmware?: string[];
    gate?: Partial<Record<CommissionStepKind, Deferred>>;
  } = {},
) {
  const { calls, commission } = fakes(opts);
  const firmware = fakeFirmware(calls, opts.failFirmware);
  const acceptance = fakeAcceptance(calls);
  let ms = Date.parse('2026-01-01T00:00:00Z');
  const controller = new AbortController();
  const deps = {
    commission,
    firmware: firmware.runner,
    acceptance: acceptance.runner,
    now: () => new Date(ms),
    clock: { now: () => (ms += 1_000) },
  } as unknown as CommissionRunDeps;
  const ids = Object.keys(plan);
  const input: CommissionRunInput = {
    siteId: 's',
    standard: STANDARD,
    entries: ids.map((id) => entry(id, plan[id] ?? [])),
    targets: ids.map(target),
    presets: new Map(),
    sitePassword: 'site-secret',
    signal: controller.signal,
  };
  return { calls, firmware, acceptance, controller, run: () => runCommission(deps, input) };
}

const ALL: CommissionStepKind[] = ['password', 'firmware', 'settings', 'restart', 'acceptance'];
const NO_FIRMWARE: CommissionStepKind[] = ['password', 'settings', 'restart', 'acceptance'];

describe('Commission pipelines per device', () => {
  it('a device without firmware reaches acceptance while another still updates; acceptance groups overlap', async () => {
    const t = setup({ a: NO_FIRMWARE, b: ALL });
    const ending = t.run();
    await until(() => t.acceptance.groups.length === 1, 'a reaches acceptance');
    expect(t.acceptance.groups[0]?.ids).toEqual(['a']);
    // b is still in its firmware step: it never waited for a, nor a for b. b, the rollout's canary (the
    // first device that needs firmware), takes its password first and alone.
    expect(t.calls.map((c) => `${c.kind}:${c.ids.join(',')}`)).toEqual([
      'password:b',
      'firmware:b',
      'password:a',
      'settings:a',
      'restart:a',
      'acceptance:a',
    ]);
    t.firmware.release('b');
    await until(() => t.acceptance.groups.length === 2, 'b reaches acceptance');
    // a's window is still open while b's begins: the windows overlap.
    expect(t.acceptance.running().map((g) => g.ids)).toEqual([['a'], ['b']]);
    for (const g of t.acceptance.groups) g.end.resolve();
    const devices = await ending;
    expect(devices.map((d) => d.outcome)).toEqual(['done', 'done']);
    // Each device took exactly its planned steps, each once.
    for (const d of devices) {
      const taken = t.calls.filter((c) => c.ids.includes(d.deviceId)).map((c) => c.kind);
      expect(taken).toEqual(d.deviceId === 'a' ? NO_FIRMWARE : ALL);
    }
  });

  it('a device that fails its settings takes no restart or acceptance; the others go on', async () => {
    const t = setup({ a: NO_FIRMWARE, c: NO_FIRMWARE }, { failSettings: ['c'] });
    const ending = t.run();
    await until(() => t.acceptance.groups.length === 1, 'acceptance starts');
    t.acceptance.groups[0]?.end.resolve();
    const [a, c] = await ending;
    expect(a?.outcome).toBe('done');
    expect(c?.outcome).toBe('failed');
    expect(c?.failedStep).toBe('settings');
    expect(c?.steps.map((s) => s.outcome)).toEqual(['done', 'failed', 'skipped', 'skipped']);
    expect(t.calls.filter((x) => x.kind === 'restart' || x.kind === 'acceptance')).toEqual([
      { kind: 'restart', ids: ['a'] },
      { kind: 'acceptance', ids: ['a'] },
    ]);
  });

  it('firmware devices go on one by one as the rollout verifies them, in groups as they become ready', async () => {
    const t = setup({ b: ALL, c: ALL, d: ALL });
    const ending = t.run();
    await until(() => t.calls.some((c) => c.kind === 'firmware'), 'the rollout starts');
    // The canary alone first; once its verdict is in, one rollout over every other device that needs
    // firmware (its plan and batches are its own).
    expect(t.calls.filter((c) => c.kind === 'firmware')).toEqual([{ kind: 'firmware', ids: ['b'] }]);
    t.firmware.release('b');
    await until(() => t.calls.filter((c) => c.kind === 'firmware').length === 2, 'the others’ rollout');
    expect(t.calls.filter((c) => c.kind === 'firmware')[1]).toEqual({ kind: 'firmware', ids: ['c', 'd'] });
    t.firmware.release('c');
    await until(() => t.acceptance.groups.some((g) => g.ids.includes('c')), 'c reaches acceptance');
    // d, not verified yet, is not in acceptance.
    expect(t.acceptance.groups.flatMap((g) => g.ids)).not.toContain('d');
    t.firmware.release('d');
    await until(
      () =>
        t.acceptance.groups.length >= 2 &&
        t.calls.filter((c) => c.kind === 'acceptance').flatMap((c) => c.ids).length === 3,
      'all in acceptance',
    );
    for (const g of t.acceptance.groups) g.end.resolve();
    const devices = await ending;
    expect(devices.every((d) => d.outcome === 'done')).toBe(true);
  });

  it('the rollout’s canary takes its password alone and starts its firmware while the others’ passwords go on', async () => {
    const passwords = deferred();
    const t = setup({ a: NO_FIRMWARE, b: ALL, c: ALL, d: ALL }, { gate: { password: passwords } });
    const ending = t.run();
    // The first password group is the canary alone; the others wait for it (one group at a time).
    await until(() => t.calls.length === 1, 'the canary’s password');
    expect(t.calls[0]).toEqual({ kind: 'password', ids: ['b'] });
    passwords.resolve();
    await until(() => t.calls.some((c) => c.kind === 'firmware'), 'the canary’s firmware');
    // Its firmware runs alone, not waiting for the whole selection's passwords.
    expect(t.calls.filter((c) => c.kind === 'firmware')).toEqual([{ kind: 'firmware', ids: ['b'] }]);
    expect(t.calls.find((c) => c.kind === 'password' && c.ids.includes('c'))?.ids).toEqual(['a', 'c', 'd']);
    // The others' rollout waits for the canary's verdict (the trust starts there).
    await until(() => t.acceptance.groups.length === 1, 'a reaches acceptance');
    expect(t.calls.filter((c) => c.kind === 'firmware')).toHaveLength(1);
    t.firmware.release('b');
    await until(() => t.calls.filter((c) => c.kind === 'firmware').length === 2, 'the others’ rollout');
    expect(t.calls.filter((c) => c.kind === 'firmware')[1]?.ids).toEqual(['c', 'd']);
    t.firmware.release('c');
    t.firmware.release('d');
    await until(() => t.acceptance.groups.length >= 2 && t.acceptance.running().length > 0, 'acceptance');
    await until(
      () => t.calls.filter((c) => c.kind === 'acceptance').flatMap((c) => c.ids).length === 4,
      'all in acceptance',
    );
    for (const g of t.acceptance.groups) g.end.resolve();
    expect((await ending).every((d) => d.outcome === 'done')).toBe(true);
  });

  it('a failed canary: no other device is updated (no second rollout), the devices without firmware go on', async () => {
    const t = setup({ a: NO_FIRMWARE, b: ALL, c: ALL }, { failFirmware: ['b'] });
    const ending = t.run();
    await until(() => t.calls.some((c) => c.kind === 'firmware'), 'the canary’s firmware');
    t.firmware.release('b');
    await until(() => t.acceptance.groups.length === 1, 'a reaches acceptance');
    t.acceptance.groups[0]?.end.resolve();
    const [a, b, c] = await ending;
    expect(t.calls.filter((x) => x.kind === 'firmware')).toEqual([{ kind: 'firmware', ids: ['b'] }]);
    expect(a?.outcome).toBe('done');
    expect(b?.failedStep).toBe('firmware');
    expect(c?.failedStep).toBe('firmware');
    expect(c?.steps.find((s) => s.kind === 'firmware')?.message).toBe(
      'not updated: the rollout stopped before its turn',
    );
  });

  it('cancel mid-way stops every stage: nothing new starts, devices not through are said so', async () => {
    const t = setup({ a: NO_FIRMWARE, b: ALL });
    const ending = t.run();
    await until(() => t.acceptance.groups.length === 1, 'a in acceptance');
    t.controller.abort();
    const [a, b] = await ending;
    // b's rollout was cancelled before its verdict: no settings, restart or acceptance for it.
    expect(t.calls.filter((c) => c.ids.includes('b')).map((c) => c.kind)).toEqual(['password', 'firmware']);
    expect(b?.outcome).not.toBe('done');
    expect(b?.steps.find((s) => s.kind === 'settings')?.outcome).not.toBe('done');
    // a's acceptance ended with the signal (the fake says passed; a real cancelled run keeps nothing).
    expect(a?.steps.slice(0, 3).every((s) => s.outcome === 'done')).toBe(true);
  });

  it('each step carries its start and end times from the run clock; steps of devices overlap', async () => {
    const t = setup({ a: NO_FIRMWARE, b: ALL });
    const ending = t.run();
    await until(() => t.acceptance.groups.length === 1, 'a in acceptance');
    t.firmware.release('b');
    await until(() => t.acceptance.groups.length === 2, 'b in acceptance');
    for (const g of t.acceptance.groups) g.end.resolve();
    const [a, b] = await ending;
    for (const s of [...(a?.steps ?? []), ...(b?.steps ?? [])]) {
      expect(s.startedAt).toMatch(/^2026-/);
      expect(Date.parse(s.endedAt ?? '')).toBeGreaterThan(Date.parse(s.startedAt ?? ''));
    }
    const at = (d: typeof a, k: CommissionStepKind) => d?.steps.find((s) => s.kind === k);
    // a's acceptance began before b's firmware was verified.
    expect(Date.parse(at(a, 'acceptance')?.startedAt ?? '')).toBeLessThan(
      Date.parse(at(b, 'firmware')?.endedAt ?? ''),
    );
  });
});
