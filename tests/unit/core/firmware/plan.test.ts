/**
 * The rollout plan (electron/core/firmware/plan.ts), from preflight facts and earlier runs' history alone:
 * models and the refusal of several, who is skipped and why, the canary, the batches, and what a run after
 * a stop or a crash does with each device.
 */
import { batchSizes } from '../../../../shared/domain/firmware-batches';
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../../shared/domain/commission';
import type { FirmwareSettings } from '../../../../shared/domain/firmware';
import type { PreflightDevice } from '../../../../electron/core/firmware/device-facts';
import { firmwareSettings } from '../../../../electron/core/firmware/firmware-service';
import { EMPTY_HISTORY, imageHistory } from '../../../../electron/core/firmware/history';
import { buildPlan } from '../../../../electron/core/firmware/plan';
import type { FirmwarePlan } from '../../../../shared/domain/firmware';
import { englishTranslator } from '../../../../shared/i18n/translate';
import { createTranslator } from '../../../../shared/i18n/translate-sync';

/** Each line as a message too (issue 35): English word for word, Russian its own (a credential's reason aside). */
function saidInEveryLanguage(plan: FirmwarePlan): void {
  for (const d of plan.devices) {
    if (d.detail.startsWith('no credential')) continue;
    expect(d.detailText, d.detail).toBeDefined();
    expect(englishTranslator().t(d.detailText!)).toBe(d.detail);
    expect(createTranslator('ru').t(d.detailText!)).not.toBe(d.detail);
  }
}

const SHA = 'a'.repeat(64);
const image = { name: 'fw.bin', bytes: 1000, sha256: SHA };

function settings(input: Partial<FirmwareSettings> = {}): FirmwareSettings {
  const made = firmwareSettings(input);
  if (!made.ok) throw new Error(made.error.message);
  return made.value;
}

const device = (n: number, extra: Partial<PreflightDevice> = {}): PreflightDevice => ({
  deviceId: `d${n}`,
  address: `http://10.0.0.${n}`,
  identity: { model: 's21pro', modelName: 'Antminer S21 Pro', version: '1.2.6' },
  minerState: { name: 'mining' },
  ...extra,
});

const fleet = (count: number) => Array.from({ length: count }, (_, i) => device(i + 1));

function entry(
  phase: 'upload' | 'accepted' | 'verdict',
  devices: ActivityEntry['devices'],
  at = '2025-06-01T10:00:00.000Z',
): ActivityEntry {
  return {
    id: `${phase}-${at}`,
    siteId: 's',
    at,
    by: 'laptop',
    action: 'firmware',
    what: '',
    firmware: { phase, image },
    devices,
  };
}

const line = (
  n: number,
  outcome: ActivityEntry['devices'][number]['outcome'],
  extra: Partial<ActivityEntry['devices'][number]> = {},
) => ({
  deviceId: `d${n}`,
  address: `http://10.0.0.${n}`,
  outcome,
  message: outcome === 'failed' ? 'still on 1.2.6 after the update' : '',
  from: '1.2.6',
  ...extra,
});

describe('firmware plan', () => {
  it('defaults: a canary of 1, a first batch of 10 growing 4 times up to 250, at most two batches’ worth offline (250 + the last one’s 312), 15 min, 5 uploads in flight', () => {
    const plan = buildPlan({ image, settings: settings(), devices: fleet(23), history: EMPTY_HISTORY });
    saidInEveryLanguage(plan);
    expect(plan.settings).toEqual({
      keepSettings: true,
      canary: 1,
      batch: 10,
      growth: 4,
      maxBatch: 250,
      maxOffline: 562,
      deadlineMinutes: 15,
      uploadsInFlight: 5,
      retryFailed: false,
      tolerate: 2,
    });
    expect(plan.steps.map((s) => [s.kind, s.name, s.deviceIds.length])).toEqual([
      ['canary', 'canary', 1],
      ['batch', 'batch 1 of 2', 10],
      ['batch', 'batch 2 of 2', 12],
    ]);
    expect(plan.uploads).toBe(23);
    expect(plan.batchSizes).toEqual([1, 10, 12]);
    expect(plan.devices[0]).toMatchObject({
      role: 'canary',
      step: 0,
      from: '1.2.6',
      detail: 'canary: upload, reboot, verify (now 1.2.6)',
    });
    expect(plan.devices[22]).toMatchObject({
      role: 'batch',
      step: 2,
      detail: 'batch 2 of 2: upload, reboot, verify (now 1.2.6)',
    });
    expect(plan.models).toEqual([
      {
        model: 's21pro',
        modelName: 'Antminer S21 Pro',
        devices: 23,
        versions: [{ version: '1.2.6', devices: 23 }],
      },
    ]);
  });

  it('--max-offline defaults to the two batches the turn rule lets be unverified at once (the largest, and the last with its remainder); uploads in flight are never more than 5; bad numbers are refused', () => {
    // 250 and a last batch of at most 250 + 62 (a remainder under a quarter of 250 joins it).
    expect(settings({ batch: 20 }).maxOffline).toBe(562);
    expect(settings({ batch: 20, growth: 1 }).maxOffline).toBe(44);
    expect(settings({ batch: 300 })).toMatchObject({ maxBatch: 300, maxOffline: 674 });
    // The defaults' 1,000-device hall: its last two batches (250 and 289) fit at once.
    const sizes = batchSizes(1000, { ...settings({}), canary: 1 });
    expect(sizes).toEqual([1, 10, 40, 160, 250, 250, 289]);
    expect(250 + 289).toBeLessThanOrEqual(settings({}).maxOffline);
    expect(firmwareSettings({ batch: 20, maxBatch: 10 })).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_INPUT',
        message:
          'firmware settings: the largest batch (10) is smaller than the first batch (20): raise --max-batch or lower --batch.',
      },
    });
    expect(firmwareSettings({ growth: 0.5 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(settings({ uploadsInFlight: 9 }).uploadsInFlight).toBe(5);
    expect(firmwareSettings({ canary: 0 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
    expect(firmwareSettings({ deadlineMinutes: 0 })).toMatchObject({ ok: false });
  });

  it('refuses several models unless one is chosen; the others are skipped, named', () => {
    const devices = [
      device(1),
      device(2, { identity: { model: 's19-88', modelName: 'Antminer S19 (88)', version: '1.2.6' } }),
      device(3),
    ];
    const refused = buildPlan({ image, settings: settings(), devices, history: EMPTY_HISTORY });
    saidInEveryLanguage(refused);
    expect(refused.refusal).toMatch(
      /^these devices report 2 models: s21pro \(2 devices\), s19-88 \(1 device\)\. A firmware image is built for one model/,
    );
    expect(refused.steps).toEqual([]);
    expect(refused.uploads).toBe(0);
    expect(refused.devices.every((d) => d.role === 'skip')).toBe(true);
    // By the short id or by the name, in any case.
    for (const model of ['S19-88', 'antminer s19 (88)']) {
      const chosen = buildPlan({ image, settings: settings({ model }), devices, history: EMPTY_HISTORY });
      expect(chosen.refusal).toBeUndefined();
      expect(chosen.devices.map((d) => d.role)).toEqual(['skip', 'canary', 'skip']);
      expect(chosen.devices[0]!.detail).toBe(`model s21pro, not ${model}: the image is for one model`);
    }
  });

  it('skips in words: offline, model or version unknown, no credential, status unreadable, already on --expect-version', () => {
    const devices = [
      device(1, { unreachable: '10.0.0.1:80 refused the connection', silent: true, identity: {} }),
      device(2, { identity: { version: '1.2.6' } }),
      device(3, { identity: { model: 's21pro' } }),
      device(4, { noCredential: 'no credential: no API key or password is stored for it' }),
      device(5, { statusProblem: 'answered 500' }),
      device(6, { identity: { model: 's21pro', version: '1.2.7' } }),
      device(7),
    ];
    const plan = buildPlan({
      image,
      settings: settings({ expectVersion: '1.2.7' }),
      devices,
      history: EMPTY_HISTORY,
    });
    expect(plan.devices.map((d) => [d.role, d.detail])).toEqual([
      ['skip', 'offline: 10.0.0.1:80 refused the connection'],
      ['skip', 'its model is unknown (/info names none): the image may not be for it'],
      ['skip', 'it reports no firmware version: an update could not be verified'],
      ['skip', 'no credential: no API key or password is stored for it'],
      ['skip', 'its status could not be read (answered 500): an update could not be verified'],
      ['skip', 'already on 1.2.7'],
      ['canary', 'canary: upload, reboot, verify (now 1.2.6)'],
    ]);
    expect(plan.version).toBe('1.2.7');
    saidInEveryLanguage(plan);
    expect(createTranslator('ru').t(plan.devices[6]!.detailText!)).toBe(
      'канарейка: загрузить, перезагрузить, проверить (сейчас 1.2.6)',
    );
  });

  it('a changed certificate not caused by this image: skipped, never trusted here', () => {
    const plan = buildPlan({
      image,
      settings: settings(),
      devices: [
        device(1, {
          unreachable: 'certificate changed',
          certificate: { before: 'AA', after: 'BB' },
          identity: {},
        }),
      ],
      history: EMPTY_HISTORY,
    });
    expect(plan.devices[0]).toMatchObject({
      role: 'skip',
      detail:
        'its certificate changed (trusted AA, now BB), and not by an update of this image from this laptop: check the device, then "minerdeck trust"',
    });
  });

  it('after a stop: done devices skipped, failed ones skipped unless retried, no new canary, the rest in batches', () => {
    const history = imageHistory(
      [
        entry('upload', [line(1, 'unknown'), line(2, 'unknown'), line(3, 'unknown')]),
        entry(
          'verdict',
          [
            line(1, 'done', { to: '1.2.7' }),
            line(2, 'failed', { to: '1.2.6' }),
            line(3, 'done', { to: '1.2.7' }),
          ],
          '2025-06-01T10:05:00.000Z',
        ),
      ],
      SHA,
    );
    expect(history).toMatchObject({
      version: '1.2.7',
      verifiedCount: 2,
      verifiedOn: { address: 'http://10.0.0.1' },
    });
    const devices = [
      device(1, { identity: { model: 's21pro', version: '1.2.7' } }),
      device(2),
      device(3, { identity: { model: 's21pro', version: '1.2.7' } }),
      device(4),
      device(5, { identity: { model: 's21pro', version: '1.2.7' } }),
    ];
    const plan = buildPlan({ image, settings: settings({ batch: 2 }), devices, history });
    saidInEveryLanguage(plan);
    expect(plan.devices.map((d) => d.role)).toEqual(['skip', 'skip', 'skip', 'batch', 'skip']);
    expect(plan.devices[0]!.detail).toBe(
      'already updated with this image at 2025-06-01T10:05:00Z (1.2.6 → 1.2.7)',
    );
    expect(plan.devices[1]!.detail).toBe(
      'this image failed on it in an earlier run (2025-06-01T10:05:00Z: still on 1.2.6 after the update); not tried again (--retry-failed tries once more)',
    );
    // Already on the version this image brought (never updated by it): skipped too.
    expect(plan.devices[4]!.detail).toBe(
      'already on 1.2.7, the version this image brought in an earlier run (on http://10.0.0.1)',
    );
    expect(plan.steps.map((s) => s.name)).toEqual(['batch 1 of 1']);
    expect(plan.version).toBe('1.2.7');
    const retried = buildPlan({
      image,
      settings: settings({ batch: 2, retryFailed: true }),
      devices,
      history,
    });
    expect(retried.devices.map((d) => d.role)).toEqual(['skip', 'batch', 'skip', 'batch', 'skip']);
  });

  it('after a crash: devices that took the image (or may have) are verified first, never uploaded again', () => {
    const history = imageHistory(
      [
        entry(
          'upload',
          [1, 2, 3, 4, 5].map((n) => line(n, 'unknown')),
        ),
        entry('accepted', [line(1, 'unknown'), line(2, 'unknown')], '2025-06-01T10:01:00.000Z'),
      ],
      SHA,
    );
    const devices = [
      device(1, { unreachable: 'timed out', silent: true, identity: {} }),
      device(2),
      device(3, { identity: { model: 's21pro', version: '1.2.7' } }),
      device(4, { unreachable: 'refused', silent: true, identity: {} }),
      device(5),
    ];
    const plan = buildPlan({ image, settings: settings(), devices, history });
    saidInEveryLanguage(plan);
    expect(plan.devices.map((d) => [d.role, d.detail])).toEqual([
      [
        'verify',
        "an earlier run's upload was taken at 2025-06-01T10:01:00Z and it does not answer now: waiting for it to come back, then verifying (not uploaded again)",
      ],
      [
        'verify',
        "an earlier run's upload was taken at 2025-06-01T10:01:00Z: verifying it (not uploaded again)",
      ],
      [
        'verify',
        'its version changed (1.2.6 → 1.2.7) since an earlier run uploaded to it at 2025-06-01T10:00:00Z: verifying it (not uploaded again)',
      ],
      [
        'verify',
        'an earlier run was uploading to it at 2025-06-01T10:00:00Z and it does not answer now (rebooting?): waiting for it, then verifying (not uploaded again)',
      ],
      [
        'canary',
        "canary: an earlier run's upload at 2025-06-01T10:00:00Z did not finish (nothing was taken); upload, reboot, verify (now 1.2.6)",
      ],
    ]);
    expect(plan.steps.map((s) => [s.name, s.deviceIds])).toEqual([
      ['finishing the earlier run', ['d1', 'd2', 'd3', 'd4']],
      ['canary', ['d5']],
    ]);
    expect(plan.uploads).toBe(1);
  });

  it('reads only this image’s entries: another image’s history changes nothing', () => {
    const other = {
      ...entry('verdict', [line(1, 'failed')]),
      firmware: { phase: 'verdict' as const, image: { ...image, sha256: 'b'.repeat(64) } },
    };
    const plan = buildPlan({
      image,
      settings: settings(),
      devices: [device(1)],
      history: imageHistory([other], SHA),
    });
    expect(plan.devices[0]!.role).toBe('canary');
  });
});
