/**
 * "Firmware…" in the fleet's Actions menu against the fake window.api: the form and what it accepts, the
 * image chosen through main (a Cancel keeps nothing), the plan (versions by model, the model to choose
 * when there are several, skipped devices first with why), Start naming the plan it showed, each device's
 * step live from events, "Stop after this batch", the certificate question with both fingerprints and one
 * button, and the outcome with the failed devices named and selectable.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { choicesOf, DEFAULT_FORM } from '../../../renderer/src/features/fleet/firmware-dialog';
import type { FleetRow } from '../../../renderer/src/stores/fleet-rows';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import type { FirmwarePlan, FirmwareOutcome } from '../../../shared/domain/firmware';
import type { FirmwareRun } from '../../../shared/ipc/channels/firmware';
import { firmwareChoicesSchema } from '../../../shared/ipc/channels/firmware';
import { ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { chooseAction } from './fleet-actions';
import { fleetRow, standInForModalDialogs } from './jsdom-stand-ins';

const HOSTS = ['10.0.3.57', '10.0.3.58', '10.0.3.59', '10.0.4.60'];
const ID = (i: number) => `mac:AA:BB:CC:00:00:0${i + 1}`;

const rowOf = (host: string, i: number): FleetRow =>
  fleetRow(ID(i), host, { model: 'Antminer S21 Pro', firmware: '1.2.6' });

const IMAGE = { name: 'fw-s21-1.2.7.bin', bytes: 64 * 1024 * 1024, sha256: 'ab'.repeat(32) };
const SETTINGS = {
  keepSettings: true,
  expectVersion: '1.2.7',
  canary: 1,
  batch: 2,
  growth: 4,
  maxBatch: 250,
  maxOffline: 2,
  deadlineMinutes: 15,
  uploadsInFlight: 5,
  retryFailed: false,
};

const PLAN: FirmwarePlan = {
  image: IMAGE,
  settings: SETTINGS,
  models: [
    {
      model: 's21-pro',
      modelName: 'Antminer S21 Pro',
      devices: 4,
      versions: [
        { version: '1.2.6', devices: 3 },
        { version: '1.2.7', devices: 1 },
      ],
    },
  ],
  version: '1.2.7',
  devices: [
    {
      deviceId: ID(0),
      address: 'http://10.0.3.57',
      model: 's21-pro',
      from: '1.2.6',
      role: 'canary',
      step: 0,
      detail: 'canary: upload, reboot, verify (now 1.2.6)',
    },
    {
      deviceId: ID(1),
      address: 'http://10.0.3.58',
      model: 's21-pro',
      from: '1.2.6',
      role: 'batch',
      step: 1,
      detail: 'batch 1 of 1: upload, reboot, verify (now 1.2.6)',
    },
    {
      deviceId: ID(2),
      address: 'http://10.0.3.59',
      model: 's21-pro',
      from: '1.2.6',
      role: 'batch',
      step: 1,
      detail: 'batch 1 of 1: upload, reboot, verify (now 1.2.6)',
    },
    {
      deviceId: ID(3),
      address: 'http://10.0.4.60',
      model: 's21-pro',
      from: '1.2.7',
      role: 'skip',
      detail: 'already on 1.2.7',
    },
  ],
  steps: [
    { kind: 'canary', name: 'canary', deviceIds: [ID(0)] },
    { kind: 'batch', name: 'batch 1 of 1', deviceIds: [ID(1), ID(2)] },
  ],
  uploads: 3,
  batchSizes: [1, 2],
};

const RUN: FirmwareRun = {
  runId: 'run-1',
  status: 'running',
  plan: PLAN,
  devices: PLAN.devices.map((d) =>
    d.role === 'skip'
      ? {
          kind: 'device',
          deviceId: d.deviceId,
          address: d.address,
          step: 'skipped',
          words: `skipped: ${d.detail}`,
        }
      : { kind: 'device', deviceId: d.deviceId, address: d.address, step: 'waiting', words: 'waiting' },
  ),
};

beforeAll(standInForModalDialogs);

afterEach(() => cleanup());

function renderBar(api: FakeApi): RootStore {
  vi.mocked(api['firmware:run']).mockResolvedValue(ok(null));
  const store = createRootStore({ api });
  store.setState({
    rows: HOSTS.map(rowOf),
    selection: Object.fromEntries(HOSTS.map((_, i) => [ID(i), true as const])),
  });
  render(
    <StoreProvider store={store}>
      <BulkBar />
    </StoreProvider>,
  );
  return store;
}

const button = (dialog: HTMLElement, name: string | RegExp) => within(dialog).getByRole('button', { name });

describe('the form', () => {
  it.each([
    [
      {},
      { choices: { keepSettings: true, canary: 1, batch: 10, growth: 4, deadlineMinutes: 15 }, problems: [] },
    ],
    [
      { growth: '1', maxBatch: '50' },
      {
        choices: { keepSettings: true, canary: 1, batch: 10, growth: 1, maxBatch: 50, deadlineMinutes: 15 },
        problems: [],
      },
    ],
    [{ growth: '0.5' }, { problems: ['The growth is a number from 1 to 100 (1: every batch alike).'] }],
    [{ maxBatch: '5' }, { problems: ['The largest batch cannot be smaller than the first batch.'] }],
    [
      { tolerate: '0' },
      {
        choices: { keepSettings: true, canary: 1, batch: 10, growth: 4, tolerate: 0, deadlineMinutes: 15 },
        problems: [],
      },
    ],
    [
      { tolerate: '60' },
      {
        problems: [
          'The failures a batch may have is a percentage from 0 to 50 (0: the first failure stops).',
        ],
      },
    ],
    [
      { expectVersion: ' 1.2.7 ', maxOffline: '4', keepSettings: false, retryFailed: true },
      {
        choices: {
          keepSettings: false,
          expectVersion: '1.2.7',
          canary: 1,
          batch: 10,
          growth: 4,
          maxOffline: 4,
          deadlineMinutes: 15,
          retryFailed: true,
        },
        problems: [],
      },
    ],
    [{ canary: '0' }, { problems: ['The canary is a whole number from 1 to 10,000.'] }],
    [{ batch: '2.5' }, { problems: ['The first batch is a whole number from 1 to 10,000.'] }],
    [{ deadline: '2000' }, { problems: ['The minutes to come back is a whole number from 1 to 1,440.'] }],
    [
      { expectVersion: '1.2.7\u0007' },
      { problems: ['The expected version is printable text of at most 100 characters, e.g. 1.2.7.'] },
    ],
    [
      { trustCanary: true, tolerate: '1' },
      {
        choices: {
          keepSettings: true,
          canary: 1,
          batch: 10,
          growth: 4,
          tolerate: 1,
          deadlineMinutes: 15,
          trust: 'canary',
        },
        problems: [],
      },
    ],
  ] as const)('%j', (form, expected) => {
    expect(choicesOf({ ...DEFAULT_FORM, ...form })).toEqual(expected);
  });

  it('what it chooses is what `firmware:plan` accepts (the tolerated failures and the trust included)', () => {
    const choices = choicesOf({
      ...DEFAULT_FORM,
      tolerate: '3',
      trustCanary: true,
      maxOffline: '300',
    }).choices;
    expect(firmwareChoicesSchema.safeParse(choices).success).toBe(true);
    expect(firmwareChoicesSchema.safeParse({ ...choices, trust: 'nobody' }).success).toBe(false);
  });
});

describe('Firmware…', () => {
  it('asks for the image through main, then the plan of the selection; nothing is planned without an image', async () => {
    const api = createFakeApi();
    vi.mocked(api['firmware:choose-image'])
      .mockResolvedValueOnce(ok(null))
      .mockResolvedValue(ok({ image: IMAGE }));
    vi.mocked(api['firmware:plan']).mockResolvedValue(ok({ planId: 'plan-1', plan: PLAN }));
    renderBar(api);
    chooseAction('Firmware…');
    const dialog = screen.getByRole('dialog', { name: 'Firmware of 4 devices' });
    fireEvent.click(button(dialog, 'Next: plan'));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose the firmware image first.');
    expect(api['firmware:plan']).not.toHaveBeenCalled();
    // Cancel in the file dialog: still no image.
    fireEvent.click(button(dialog, 'Choose the image…'));
    await waitFor(() => expect(api['firmware:choose-image']).toHaveBeenCalledTimes(1));
    expect(within(dialog).getByText('No image chosen yet.')).toBeTruthy();
    fireEvent.click(button(dialog, 'Choose the image…'));
    await within(dialog).findByText('fw-s21-1.2.7.bin (64.0 MB, sha256 abababababab…)');
    fireEvent.change(within(dialog).getByLabelText('Expected version (optional)'), {
      target: { value: '1.2.7' },
    });
    fireEvent.change(within(dialog).getByLabelText('First batch'), { target: { value: '2' } });
    fireEvent.click(button(dialog, 'Next: plan'));
    await within(dialog).findByRole('table', { name: 'Plan of the firmware update' });
    expect(api['firmware:plan']).toHaveBeenCalledWith({
      deviceIds: HOSTS.map((_, i) => ID(i)),
      choices: {
        keepSettings: true,
        expectVersion: '1.2.7',
        canary: 1,
        batch: 2,
        growth: 4,
        deadlineMinutes: 15,
      },
    });
    expect(within(dialog).getByRole('list', { name: 'Versions now by model' }).textContent).toBe(
      's21-pro (Antminer S21 Pro): 1.2.6 on 3 devices, 1.2.7 on 1',
    );
    expect(
      within(dialog).getByText(/^3 devices to update — canary 1, then 2 · at most 2 offline at once/),
    ).toBeTruthy();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['10.0.4.60', 's21-pro', '1.2.7', 'Skipped', 'already on 1.2.7'],
      ['10.0.3.57', 's21-pro', '1.2.6', 'Canary', 'canary: upload, reboot, verify (now 1.2.6)'],
      ['10.0.3.58', 's21-pro', '1.2.6', 'batch 1 of 1', 'batch 1 of 1: upload, reboot, verify (now 1.2.6)'],
      ['10.0.3.59', 's21-pro', '1.2.6', 'batch 1 of 1', 'batch 1 of 1: upload, reboot, verify (now 1.2.6)'],
    ]);
    expect(button(dialog, 'Start: update 3 devices')).toBeTruthy();
  });

  it('offers the models when the devices report several, and plans again with the one chosen', async () => {
    const api = createFakeApi();
    const refused: FirmwarePlan = {
      ...PLAN,
      models: [
        {
          model: 's21-pro',
          modelName: 'Antminer S21 Pro',
          devices: 3,
          versions: [{ version: '1.2.6', devices: 3 }],
        },
        { model: 's19', modelName: 'Antminer S19', devices: 1, versions: [{ version: '1.1.0', devices: 1 }] },
      ],
      steps: [],
      uploads: 0,
      batchSizes: [],
      devices: PLAN.devices.map((d) => ({
        ...d,
        role: 'skip' as const,
        detail: 'nothing is sent until one model is chosen',
      })),
      refusal: 'these devices report 2 models: …',
    };
    vi.mocked(api['firmware:choose-image']).mockResolvedValue(ok({ image: IMAGE }));
    vi.mocked(api['firmware:plan'])
      .mockResolvedValueOnce(ok({ planId: 'p1', plan: refused }))
      .mockResolvedValue(ok({ planId: 'p2', plan: PLAN }));
    renderBar(api);
    chooseAction('Firmware…');
    const dialog = screen.getByRole('dialog', { name: 'Firmware of 4 devices' });
    fireEvent.click(button(dialog, 'Choose the image…'));
    await within(dialog).findByText(/^fw-s21-1\.2\.7\.bin/);
    fireEvent.click(button(dialog, 'Next: plan'));
    await within(dialog).findByText('Choose the model above: nothing is sent until one is chosen.');
    expect((button(dialog, 'Start') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByLabelText('s21-pro (Antminer S21 Pro) — 3 devices'));
    await waitFor(() => expect(api['firmware:plan']).toHaveBeenCalledTimes(2));
    expect(vi.mocked(api['firmware:plan']).mock.calls[1]?.[0].choices.model).toBe('s21-pro');
    await within(dialog).findByRole('button', { name: 'Start: update 3 devices' });
  });

  it('starts the plan it showed; shows each step live, stops after the batch, asks about certificates once, and names the failed', async () => {
    const api = createFakeApi();
    vi.mocked(api['firmware:choose-image']).mockResolvedValue(ok({ image: IMAGE }));
    vi.mocked(api['firmware:plan']).mockResolvedValue(ok({ planId: 'plan-7', plan: PLAN }));
    vi.mocked(api['firmware:start']).mockResolvedValue(ok(RUN));
    vi.mocked(api['firmware:stop-after-batch']).mockResolvedValue(ok({ stopping: true }));
    vi.mocked(api['firmware:trust-certificates']).mockResolvedValue(
      ok({ trusted: ['http://10.0.3.57'], refused: [] }),
    );
    const store = renderBar(api);
    chooseAction('Firmware…');
    let dialog = screen.getByRole('dialog', { name: 'Firmware of 4 devices' });
    fireEvent.click(button(dialog, 'Choose the image…'));
    await within(dialog).findByText(/^fw-s21-1\.2\.7\.bin/);
    fireEvent.click(button(dialog, 'Next: plan'));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Start: update 3 devices' }));
    dialog = await screen.findByRole('dialog', { name: 'Firmware update' });
    expect(api['firmware:start']).toHaveBeenCalledWith({ planId: 'plan-7' });

    const progress = (deviceId: string, step: string, words: string, extra = {}) => ({
      type: 'firmware:progress' as const,
      payload: {
        runId: 'run-1',
        event: { kind: 'device' as const, deviceId, address: '', step, words, ...extra },
      },
    });
    act(() =>
      api.pushEvents([
        {
          type: 'firmware:progress',
          payload: { runId: 'run-1', event: { kind: 'step', index: 0, name: 'canary', state: 'started' } },
        },
        progress(ID(0), 'uploading', 'uploading (42 %)', { percent: 42, address: 'http://10.0.3.57' }),
      ] as never),
    );
    expect(within(dialog).getByRole('status').textContent).toBe('Now: canary');
    const canaryRow = () =>
      within(dialog)
        .getAllByRole('row')
        .find((r) => r.textContent?.includes('10.0.3.57'))!;
    expect(canaryRow().textContent).toContain('Uploading 42 %');
    fireEvent.click(button(dialog, 'Stop after this batch'));
    await waitFor(() => expect(api['firmware:stop-after-batch']).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect((button(dialog, 'Stop after this batch') as HTMLButtonElement).disabled).toBe(true),
    );
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Now: canary — stopping after this batch, as asked',
    );

    act(() =>
      api.pushEvents([
        {
          type: 'firmware:question',
          payload: {
            runId: 'run-1',
            questionId: 'q1',
            changes: [{ deviceId: ID(0), address: 'http://10.0.3.57', before: 'AA:11', after: 'BB:22' }],
          },
        },
      ]),
    );
    const question = within(dialog).getByRole('group', { name: 'Certificate changed after the update' });
    expect(within(question).getByRole('list').textContent).toBe('10.0.3.57: trusted AA:11, now BB:22');
    fireEvent.click(
      within(question).getByRole('button', { name: 'Trust the new certificates of the 1 updated device' }),
    );
    await waitFor(() => expect(api['firmware:trust-certificates']).toHaveBeenCalledWith({ trust: true }));
    await within(dialog).findByText('Trusted the new certificate of 1 device.');
    expect(within(dialog).queryByRole('group', { name: 'Certificate changed after the update' })).toBeNull();

    const outcome: FirmwareOutcome = {
      image: IMAGE,
      version: '1.2.7',
      devices: [
        {
          deviceId: ID(0),
          address: 'http://10.0.3.57',
          outcome: 'failed',
          from: '1.2.6',
          to: '1.2.6',
          words: 'still on 1.2.6 after the update',
          uploaded: true,
        },
        {
          deviceId: ID(1),
          address: 'http://10.0.3.58',
          outcome: 'not-started',
          words: 'not started: the rollout stopped first',
          uploaded: false,
        },
        {
          deviceId: ID(2),
          address: 'http://10.0.3.59',
          outcome: 'not-started',
          words: 'not started: the rollout stopped first',
          uploaded: false,
        },
        {
          deviceId: ID(3),
          address: 'http://10.0.4.60',
          outcome: 'skipped',
          words: 'skipped: already on 1.2.7',
          uploaded: false,
        },
      ],
      counts: { verified: 0, failed: 1, skipped: 1, notStarted: 2, unknown: 0 },
      stopped: 'the canary failed',
      cancelled: false,
      activityErrors: [],
    };
    act(() => api.pushEvents([{ type: 'firmware:done', payload: { runId: 'run-1', outcome } }]));
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Firmware 1.2.7 on 0 of 3 devices; 1 failed: 10.0.3.57; 2 not started; 1 skipped.',
    );
    expect(within(dialog).getByText(/^The rollout stopped: the canary failed\./)).toBeTruthy();
    expect(within(dialog).getByRole('list', { name: 'Devices that failed' }).textContent).toBe(
      '10.0.3.57: Still on 1.2.6 after the update.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Stop after this batch' })).toBeNull();
    fireEvent.click(button(dialog, 'Select the 1 failed device'));
    expect(Object.keys(store.getState().selection)).toEqual([ID(0)]);
  });
});
