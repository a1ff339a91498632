/**
 * The device panel's Activity tab for a firmware rollout: the entry before the upload and the one while
 * the device reboots say the update was under way (not "Unknown — check"), the verdict says Done or
 * Failed with the versions, all as "Firmware update".
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ActivityList } from '../../../renderer/src/features/sites/activity-list';
import type { ActivityItem } from '../../../renderer/src/stores/activity-slice';

afterEach(() => cleanup());

const IMAGE = { name: 'fw.bin', bytes: 1024, sha256: 'c'.repeat(64) };
const item = (
  id: string,
  phase: 'upload' | 'accepted' | 'verdict',
  outcome: 'done' | 'failed' | 'unknown',
  message: string,
): ActivityItem => ({
  id,
  siteId: 's',
  at: `2026-03-01T08:0${id}:00.000Z`,
  by: 'laptop-a',
  action: 'firmware',
  what: 'firmware fw.bin',
  firmware: { phase, image: IMAGE },
  summary: '',
  devices: [{ deviceId: 'mac:01', address: 'http://10.0.0.1', outcome, message, from: '1.2.6' }],
});

it('tells a device’s firmware history in words', () => {
  render(
    <ActivityList
      oneDevice
      items={[
        item('3', 'verdict', 'done', 'verified: 1.2.6 → 1.2.7, mining again'),
        item('2', 'accepted', 'unknown', 'took the image; rebooting (back in about 180 s)'),
        item('1', 'upload', 'unknown', 'upload about to start; its verdict follows in a later entry'),
      ]}
    />,
  );
  const lines = screen
    .getAllByRole('listitem')
    .map((li) => li.querySelector('.activity-summary')?.textContent);
  expect(lines).toEqual([
    'Done Firmware update: verified: 1.2.6 → 1.2.7, mining again',
    'Under way Firmware update: took the image; rebooting (back in about 180 s)',
    'Under way Firmware update: upload about to start; its verdict follows in a later entry',
  ]);
});
