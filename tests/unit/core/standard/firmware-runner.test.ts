/** Commission's firmware step takes the rollout's pacing from the site's standard (issue 33). */
import { describe, expect, it } from 'vitest';
import type { FirmwareService } from '../../../../electron/core/firmware/firmware-service';
import type { PoolTarget } from '../../../../electron/core/commission/pool-plan';
import { firmwareRunner } from '../../../../electron/core/standard/standard-runners';
import { err } from '../../../../shared/result';

function capturingService(): { service: FirmwareService; settings: unknown[] } {
  const settings: unknown[] = [];
  const service = {
    prepare: async (input: { settings: unknown }) => {
      settings.push(input.settings);
      return err('INVALID_INPUT', 'only the settings were wanted');
    },
  } as unknown as FirmwareService;
  return { service, settings };
}

const targets = [{ deviceId: 'd1', address: { host: '127.0.0.1', port: 80 } } as unknown as PoolTarget];

describe('the firmware runner of a Commission', () => {
  it("paces the rollout as the site's standard says", async () => {
    const { service, settings } = capturingService();
    const run = firmwareRunner({ service, siteId: 'hall-7' });
    const outcomes = await run(
      targets,
      {
        version: '1.2.7',
        imagePath: '/fw.bin',
        pacing: { batch: 20, growth: 2, maxOffline: 300, tolerate: 0 },
      },
      undefined,
    );
    expect(settings).toEqual([
      { expectVersion: '1.2.7', batch: 20, growth: 2, maxOffline: 300, tolerate: 0 },
    ]);
    expect(outcomes.get('d1')).toMatchObject({ outcome: 'failed', message: 'only the settings were wanted' });
  });

  it("takes the rollout's defaults when the standard sets no pacing", async () => {
    const { service, settings } = capturingService();
    await firmwareRunner({ service, siteId: 'hall-7' })(
      targets,
      { version: '1.2.7', imagePath: '/fw.bin' },
      undefined,
    );
    expect(settings).toEqual([{ expectVersion: '1.2.7' }]);
  });
});
