/**
 * The firmware words every side shares (shared/domain/firmware.ts, and the firmware entries of the
 * activity log's one-line summary in shared/domain/commission.ts): versions by model, and a rollout's
 * entries summed up in words — where it is before a verdict, "firmware 1.2.7 on 19 of 20 devices" after.
 */
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../../shared/domain/commission';
import { summarizeActivity } from '../../../shared/domain/commission';
import { countOutcomes, versionsByModel } from '../../../shared/domain/firmware';
import { modelVersionsLine } from '../../../shared/format/firmware-text';

const image = { name: 'fw.bin', bytes: 10, sha256: 'd'.repeat(64) };
const line = (n: number, outcome: ActivityEntry['devices'][number]['outcome'], to?: string) => ({
  deviceId: `d${n}`,
  address: `http://10.0.0.${n}`,
  outcome,
  message: '',
  from: '1.2.6',
  ...(to !== undefined ? { to } : {}),
});
const entry = (phase: 'upload' | 'accepted' | 'verdict', devices: ActivityEntry['devices']) => ({
  action: 'firmware' as const,
  firmware: { phase, image },
  devices,
});

describe('firmware words', () => {
  it('versions by model: models and versions by how many devices have them; devices without a model left out', () => {
    const models = versionsByModel([
      { model: 's21pro', modelName: 'Antminer S21 Pro', version: '1.2.6' },
      { model: 's21pro', modelName: 'Antminer S21 Pro', version: '1.2.7' },
      { model: 's21pro', modelName: 'Antminer S21 Pro', version: '1.2.7' },
      { model: 's19-88', version: '1.2.6' },
      { version: '1.2.6' },
      { model: 's19-88' },
    ]);
    expect(models).toEqual([
      {
        model: 's21pro',
        modelName: 'Antminer S21 Pro',
        devices: 3,
        versions: [
          { version: '1.2.7', devices: 2 },
          { version: '1.2.6', devices: 1 },
        ],
      },
      {
        model: 's19-88',
        devices: 2,
        versions: [
          { version: '1.2.6', devices: 1 },
          { version: 'unknown', devices: 1 },
        ],
      },
    ]);
    expect(models.map(modelVersionsLine)).toEqual([
      's21pro (Antminer S21 Pro): 1.2.7 on 2 devices, 1.2.6 on 1',
      's19-88: 1.2.6 on 1 device, unknown on 1',
    ]);
  });

  it('counts outcomes by kind', () => {
    expect(
      countOutcomes([{ outcome: 'verified' }, { outcome: 'not-started' }, { outcome: 'verified' }]),
    ).toEqual({
      verified: 2,
      failed: 0,
      skipped: 0,
      notStarted: 1,
      unknown: 0,
    });
  });

  it('the activity summary of a rollout’s entries: where it is before a verdict, the version and the failures after', () => {
    expect(summarizeActivity(entry('upload', [line(1, 'unknown'), line(2, 'unknown')]))).toBe(
      'firmware upload starting on 2 devices',
    );
    expect(summarizeActivity(entry('accepted', [line(1, 'unknown')]))).toBe(
      'firmware taken by 1 device, rebooting',
    );
    const verdicts = entry('verdict', [
      line(1, 'done', '1.2.7'),
      line(2, 'done', '1.2.7'),
      line(3, 'failed', '1.2.6'),
    ]);
    expect(summarizeActivity(verdicts, { addresses: true })).toBe(
      'firmware 1.2.7 on 2 of 3 devices; 1 failed: 10.0.0.3',
    );
    expect(summarizeActivity(entry('verdict', [line(1, 'failed')]))).toBe(
      'firmware updated on 0 of 1 device; 1 failed',
    );
  });
});
