/**
 * How the window shows pools: the device panel's "Pools & boards" names the firmware's fee pool ("DevFee")
 * as the firmware's, not as one of the customer's pools, and no url shows the login some carry; the preview
 * of "Set pools…" shows no login either (shared/domain/pool-url.ts, shared/format/pool-text.ts).
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolsAndBoards } from '../../../renderer/src/features/device/pools-and-boards';
import { PoolsPreview } from '../../../renderer/src/features/fleet/pools-preview';
import type { DeviceReading } from '../../../shared/domain/reading';
import type { DeviceDetailView } from '../../../shared/ipc/channels/monitor';

afterEach(() => cleanup());

const SECRET = 'pool-login-secret-8';

const reading: DeviceReading = {
  state: { name: 'mining', kind: 'mining' },
  flags: { restartRequired: false, rebootRequired: false, locateLed: false },
  fans: [],
  boards: [],
  extra: {},
  warnings: [],
  pools: [
    {
      url: `stratum2+tcp://acct:${SECRET}@pool.example:3336`,
      user: 'acct.r1',
      type: 'UserPool',
      status: 'active',
      accepted: 1599,
      rejected: 9,
    },
    { url: 'DevFee', user: 'DevFee', type: 'DevFee', status: 'active', accepted: 224, rejected: 1 },
  ],
};

const detail = { reading, raw: {}, alerts: [] } as unknown as DeviceDetailView;

describe('the device panel’s pools', () => {
  it('names the firmware’s fee pool as the firmware’s, and shows no login', () => {
    const { container } = render(<PoolsAndBoards detail={detail} />);
    const table = screen.getAllByRole('table')[0]!;
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(rows).toEqual([
      ['stratum2+tcp://pool.example:3336', 'acct.r1', 'active', '1,599', '9'],
      ['The firmware’s fee pool (DevFee)', '–', 'active', '224', '1'],
    ]);
    expect(
      screen.getByText(
        'The firmware’s fee pool is where the firmware mines its maker’s fee. It is not one of the customer’s pools, and Actions → Pools… does not change it.',
      ),
    ).toBeTruthy();
    expect(container.textContent).not.toContain(SECRET);
  });

  it('says nothing of a fee pool when the device lists none', () => {
    render(
      <PoolsAndBoards detail={{ ...detail, reading: { ...reading, pools: reading.pools.slice(0, 1) } }} />,
    );
    expect(screen.queryByText(/fee pool/)).toBeNull();
  });
});

describe('the pools preview', () => {
  it('shows a url without the login a preset saved before urls were checked may hold', () => {
    const { container } = render(
      <PoolsPreview
        plan={[]}
        pools={[
          { url: `stratum+tcp://acct:${SECRET}@pool.example:3333`, worker: 'acct.{mac6}', password: 'x' },
        ]}
      />,
    );
    expect(screen.getByRole('list', { name: 'The pools as they will be sent' }).textContent).toBe(
      'stratum+tcp://pool.example:3333, worker acct.{mac6}, with its password',
    );
    expect(container.textContent).not.toContain(SECRET);
  });
});
