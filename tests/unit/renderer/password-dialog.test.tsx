/**
 * "Password…" in the fleet's Actions menu against the fake window.api: what the form accepts, what the
 * generated password does (shown once, copied and used through main, never sent back), the preview's
 * states, and what Apply sends and shows (per-device outcomes, the summary line, live progress).
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { BulkStatus } from '../../../renderer/src/features/fleet/bulk-status';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { RootStore } from '../../../renderer/src/stores/root-store';
import type { WritePlanEntry } from '../../../shared/domain/commission';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { standInForModalDialogs } from './jsdom-stand-ins';
import { chooseAction } from './fleet-actions';

const A = 'mac:AA:AA:AA:AA:AA:01';
const B = 'mac:AA:AA:AA:AA:AA:02';
const PLAN: WritePlanEntry[] = [
  { deviceId: A, address: 'http://10.0.0.1', send: true, detail: 'current password: stored device password' },
  { deviceId: B, address: 'http://10.0.0.2', send: false, detail: 'offline: no answer for 2 polls' },
];

beforeAll(() => {
  standInForModalDialogs();
});

afterEach(() => cleanup());

function renderBar(api: FakeApi): RootStore {
  const store = createRootStore({ api });
  store.setState({ selection: { [A]: true, [B]: true } });
  render(
    <StoreProvider store={store}>
      <BulkBar />
      <BulkStatus />
    </StoreProvider>,
  );
  return store;
}

function openDialog(): HTMLElement {
  chooseAction('Password…');
  return screen.getByRole('dialog', { name: 'Change the password of 2 devices' });
}

function typePasswords(dialog: HTMLElement, first: string, second = first): void {
  fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: first } });
  fireEvent.change(within(dialog).getByLabelText('New password again'), { target: { value: second } });
}

const next = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Next: preview' }));

describe('Password… form', () => {
  it.each([
    ['short1', 'short1', 'At least 8 characters.'],
    ['admin', 'admin', '"admin" is the factory password: choose another one.'],
    ['Long-enough-1', 'Long-enough-2', 'The two passwords are not the same.'],
    [' padded-password', ' padded-password', 'No spaces at the start or the end.'],
  ])('refuses %j / %j: "%s", and asks main for nothing', (first, second, problem) => {
    const api = createFakeApi();
    renderBar(api);
    const dialog = openDialog();
    typePasswords(dialog, first, second);
    next(dialog);
    expect(within(dialog).getByRole('alert').textContent).toBe(problem);
    expect(within(dialog).getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(api['commission:password-plan']).not.toHaveBeenCalled();
  });

  it('says nothing before the technician tries to go on with an empty second field', () => {
    renderBar(createFakeApi());
    const dialog = openDialog();
    fireEvent.change(within(dialog).getByLabelText('New password'), { target: { value: 'abc' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('');
  });

  it('asks main for the preview of the selected devices, as the site password by default', async () => {
    const api = createFakeApi();
    vi.mocked(api['commission:password-plan']).mockResolvedValue(ok(PLAN));
    renderBar(api);
    const dialog = openDialog();
    typePasswords(dialog, 'Strong-pw-7001');
    next(dialog);
    expect(api['commission:password-plan']).toHaveBeenCalledWith({ deviceIds: [A, B], mode: 'site' });
    // The typed password is not part of the preview request.
    expect(JSON.stringify(vi.mocked(api['commission:password-plan']).mock.calls)).not.toContain('Strong');
    await within(dialog).findByText('1 device will change');
  });
});

describe('Generate a strong one', () => {
  it('shows main`s password once, copies it through main, and the change names it instead of sending it', async () => {
    const api = createFakeApi();
    const generated = 'Hk7mPq2Zr9XwYb4NcTfE';
    vi.mocked(api['commission:password-generate']).mockResolvedValue(ok({ password: generated }));
    vi.mocked(api['commission:password-copy']).mockResolvedValue(
      ok({ message: 'Password copied to the clipboard.' }),
    );
    vi.mocked(api['commission:password-plan']).mockResolvedValue(ok(PLAN));
    vi.mocked(api['commission:password-change']).mockResolvedValue(
      ok({ results: [], summary: 'password changed on 0 of 0 devices' }),
    );
    const store = renderBar(api);
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate a strong one' }));
    const shown = await within(dialog).findByLabelText('Generated password');
    expect(shown.textContent).toBe(generated);
    expect(within(dialog).queryByLabelText('New password')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText('Password copied to the clipboard.')).toBeTruthy();
    expect(api['commission:password-copy']).toHaveBeenCalledOnce();

    fireEvent.click(within(dialog).getByLabelText("as each device's own password"));
    next(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Change 1 password' }));
    expect(api['commission:password-change']).toHaveBeenCalledWith({
      deviceIds: [A, B],
      confirmed: [A],
      mode: 'own',
      password: { kind: 'generated' },
    });
    // Closed, and the generated password is gone from the store.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.stringify(store.getState().passwordDialog)).not.toContain(generated);
  });

  it('"Type a password instead" brings the fields back', async () => {
    const api = createFakeApi();
    vi.mocked(api['commission:password-generate']).mockResolvedValue(ok({ password: 'x'.repeat(20) }));
    renderBar(api);
    const dialog = openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Generate a strong one' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Type a password instead' }));
    expect(within(dialog).getByLabelText('New password')).toBeTruthy();
    expect(within(dialog).queryByLabelText('Generated password')).toBeNull();
  });
});

describe('the preview', () => {
  it('says it is checking, then lists skipped devices first with why, and offers to change the others', async () => {
    const api = createFakeApi();
    let answer: (value: Awaited<ReturnType<FakeApi['commission:password-plan']>>) => void = () => undefined;
    vi.mocked(api['commission:password-plan']).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    renderBar(api);
    const dialog = openDialog();
    typePasswords(dialog, 'Strong-pw-7001');
    next(dialog);
    expect(within(dialog).getByText('Checking each device…')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Change 0 passwords' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await act(async () => answer(ok(PLAN)));
    const summary = within(dialog).getByRole('status');
    expect(summary.textContent).toBe('1 device will change, 1 device skipped (they keep their password).');
    const rows = within(within(dialog).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '10.0.0.2SkippedOffline: no answer for 2 polls',
      '10.0.0.1Will changeCurrent password: stored device password',
    ]);
    expect(
      (within(dialog).getByRole('button', { name: 'Change 1 password' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('shows main`s refusal and lets the technician go back', async () => {
    const api = createFakeApi();
    vi.mocked(api['commission:password-plan']).mockResolvedValue(
      err('INVALID_INPUT', 'There is no current site to store a site password for.'),
    );
    renderBar(api);
    const dialog = openDialog();
    typePasswords(dialog, 'Strong-pw-7001');
    next(dialog);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'There is no current site to store a site password for.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    // The typed password is still there.
    expect((within(dialog).getByLabelText('New password') as HTMLInputElement).value).toBe('Strong-pw-7001');
  });

  it('with nothing to change, Apply stays off', async () => {
    const api = createFakeApi();
    vi.mocked(api['commission:password-plan']).mockResolvedValue(
      ok(PLAN.map((e) => ({ ...e, send: false }))),
    );
    renderBar(api);
    const dialog = openDialog();
    typePasswords(dialog, 'Strong-pw-7001');
    next(dialog);
    const apply = await within(dialog).findByRole('button', { name: 'Change 0 passwords' });
    await within(dialog).findByText('0 devices will change');
    expect((apply as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Apply', () => {
  it('sends the typed password once, streams progress, then shows each outcome and the summary line', async () => {
    const api = createFakeApi();
    vi.mocked(api['commission:password-plan']).mockResolvedValue(ok(PLAN));
    let answer: (value: Awaited<ReturnType<FakeApi['commission:password-change']>>) => void = () => undefined;
    vi.mocked(api['commission:password-change']).mockReturnValue(
      new Promise((resolve) => (answer = resolve)),
    );
    const store = renderBar(api);
    const dialog = openDialog();
    typePasswords(dialog, 'Strong-pw-7001');
    next(dialog);
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Change 1 password' }));
    expect(api['commission:password-change']).toHaveBeenCalledWith({
      deviceIds: [A, B],
      confirmed: [A],
      mode: 'site',
      password: { kind: 'typed', password: 'Strong-pw-7001' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    act(() =>
      api.pushEvents([
        {
          type: 'commission:device',
          payload: {
            operation: 'password-change',
            deviceId: B,
            address: 'http://10.0.0.2',
            outcome: 'skipped',
            message: 'Skipped: offline: no answer for 2 polls',
          },
        },
        {
          type: 'commission:progress',
          payload: { operation: 'password-change', done: 1, total: 2, changed: 0, failed: 0, skipped: 1 },
        },
      ]),
    );
    expect(screen.getByRole('status').textContent).toContain('Changing passwords: 1 of 2 devices');
    expect(store.getState().outcomes[B]).toEqual({
      ok: false,
      skipped: true,
      message: 'Skipped: offline: no answer for 2 polls',
    });

    await act(async () =>
      answer(
        ok({
          results: [
            {
              deviceId: A,
              address: 'http://10.0.0.1',
              outcome: 'done',
              message: 'Password changed and checked by unlocking with it',
            },
            {
              deviceId: B,
              address: 'http://10.0.0.2',
              outcome: 'skipped',
              message: 'Skipped: offline: no answer for 2 polls',
            },
          ],
          summary: 'password changed on 1 of 1 device; 1 skipped',
        }),
      ),
    );
    expect(screen.getByRole('status').textContent).toContain('1 changed, 1 skipped.');
    expect(store.getState().outcomes[A]).toEqual({
      ok: true,
      message: 'Password changed and checked by unlocking with it',
    });
    expect(screen.getByRole('button', { name: 'Select the 1 device not done' })).toBeTruthy();
  });
});
