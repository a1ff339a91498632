/**
 * The device panel's readings when main has no whole summary of the device (it keeps one only while the
 * device is open, and reads one when it is opened): a device that stopped answering meanwhile shows the
 * numbers its last summary gave, as its fleet row does, and says where the rest will come from.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeviceReadings } from '../../../renderer/src/features/device/device-readings';
import type { DeviceDetailView } from '../../../shared/ipc/channels/monitor';

afterEach(() => cleanup());

const HINT = 'The numbers its last summary gave; fans, pools and boards come when the device answers again.';

function detail(raw: DeviceDetailView['raw'], reading: Record<string, unknown>): DeviceDetailView {
  return {
    device: {
      deviceId: 'd1',
      address: 'http://10.0.0.5',
      identity: { mac: null, serial: null, model: 'Antminer S21', firmware: null },
      credentials: {},
      view: {
        deviceId: 'd1',
        address: 'http://10.0.0.5',
        state: 'offline',
        reason: 'no answer for 3 polls',
        since: 0,
        missedPolls: 3,
        reading,
        alerts: [],
      },
    },
    raw,
    alerts: [],
    history: { at: [], values: { hashRate: [], chipTempMax: [], boardTempMax: [], powerW: [] } },
  } as unknown as DeviceDetailView;
}

const term = (name: string): string | null | undefined =>
  screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe('device readings without a whole summary kept', () => {
  const numbers = {
    minerState: 'mining',
    minerKind: 'mining',
    hashRate: 195e12,
    nominalHashRate: 200e12,
    chipTempMax: 71,
    boardTempMax: 60,
    powerW: 3300,
    efficiency: 16.9,
  };

  it('shows the numbers its last summary gave, and says so', () => {
    render(<DeviceReadings detail={detail({ status: { miner_state: 'mining' } }, numbers)} />);
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(term('Hash rate')).toMatch(/^195(\.0+)? TH\/s$/);
    expect(term('Nominal')).toMatch(/^200(\.0+)? TH\/s$/);
    expect(term('Hottest chip')).toBe('71 °C');
    expect(term('Hottest board')).toBe('60 °C');
    expect(term('Power')).toMatch(/^3,?300 W$/);
    expect(term('Efficiency')).toBe('16.9 J/TH');
  });

  it('says nothing of a last summary when the whole one is there, or the firmware has none', () => {
    render(<DeviceReadings detail={detail({ summary: { miner: {} } }, numbers)} />);
    expect(screen.queryByText(HINT)).toBeNull();
    cleanup();
    render(<DeviceReadings detail={detail({}, { minerState: 'mining', minerKind: 'mining' })} />);
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
