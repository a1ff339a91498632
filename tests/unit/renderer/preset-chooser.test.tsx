/**
 * "One preset for all" chosen from a list, against the fake window.api: Power… and the standard's power
 * rule ask main once for the presets the devices offer (`power:offers`: the selection, or the site's
 * devices when nothing is selected) and show each with its watts, TH/s, how many have it tuned and how
 * many lack it; the keyboard works it (↓/↑, Enter takes the highlighted one without submitting, Escape
 * closes only the list, typing filters without asking main again); a name none of the devices offers can
 * still be typed and is said to be offered by none; devices not read are counted by why.
 */
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BulkBar } from '../../../renderer/src/features/fleet/bulk-bar';
import { StandardDialog } from '../../../renderer/src/features/standard/standard-dialog';
import {
  offerCounts,
  offerFigures,
  readWords,
} from '../../../renderer/src/features/fleet/preset-offer-words';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import type { PresetOffer, PresetOffers } from '../../../shared/domain/preset-offers';
import { err, ok } from '../../../shared/result';
import type { FakeApi } from './fake-api';
import { createFakeApi } from './fake-api';
import { chooseAction } from './fleet-actions';
import { fleetRow, standInForModalDialogs } from './jsdom-stand-ins';

const IDS = Array.from({ length: 11 }, (_, i) => `mac:AA:00:00:00:00:${String(i).padStart(2, '0')}`);
const rows = IDS.map((id, i) => fleetRow(id, `10.0.0.${i + 1}`));

const offer = (name: string, rest: Partial<PresetOffer>): PresetOffer => ({
  name,
  offeredBy: 8,
  tunedOn: 0,
  needsModdedPsu: 0,
  lacking: 0,
  configuredOn: 0,
  ...rest,
});

/** Eight devices read (six S21 Pro, two S19), three not: as main gathers them. */
const OFFERS: PresetOffers = {
  devices: 11,
  read: 8,
  notRead: [
    { why: 'offline', count: 2 },
    { why: 'no password known', count: 1 },
  ],
  offers: [
    offer('2800', {
      watts: { min: 2800, max: 2800 },
      hashRateThs: { min: 82, max: 188 },
      tunedOn: 8,
      configuredOn: 8,
    }),
    offer('3200', {
      watts: { min: 3200, max: 3200 },
      hashRateThs: { min: 94, max: 94 },
      offeredBy: 2,
      lacking: 6,
    }),
    offer('3250', {
      watts: { min: 3250, max: 3250 },
      hashRateThs: { min: 218, max: 218 },
      offeredBy: 6,
      tunedOn: 2,
      lacking: 2,
    }),
    offer('disabled', {}),
  ],
};

beforeAll(standInForModalDialogs);
afterEach(() => cleanup());

function openPower(api: FakeApi, selected = IDS.slice(0, 3)): HTMLElement {
  const store = createRootStore({ api });
  store.setState({ rows, selection: Object.fromEntries(selected.map((id) => [id, true as const])) });
  render(
    <StoreProvider store={store}>
      <BulkBar />
    </StoreProvider>,
  );
  chooseAction('Power…');
  return screen.getByRole('dialog', { name: `Power presets of ${selected.length} devices` });
}

const field = (scope: HTMLElement): HTMLInputElement =>
  within(scope).getByRole('combobox', { name: 'Preset name' }) as HTMLInputElement;
const lines = (scope: HTMLElement): string[] =>
  within(scope)
    .queryAllByRole('option')
    .map((o) => [...o.querySelectorAll('span')].map((s) => s.textContent).join(' | '));
const key = (el: HTMLElement, k: string) => fireEvent.keyDown(el, { key: k });

describe('the words', () => {
  it('figures as ranges when models differ, counts without the zeros', () => {
    expect(offerFigures(OFFERS.offers[0]!)).toBe('2800 W · 82–188 TH/s');
    expect(offerFigures(OFFERS.offers[3]!)).toBe('no watt or hash-rate figure');
    expect(offerCounts(OFFERS.offers[0]!, 8)).toBe('tuned on all 8 · set now on 8');
    expect(offerCounts(OFFERS.offers[2]!, 8)).toBe('tuned on 2 of 8 · lacks it on 2');
    expect(offerCounts(OFFERS.offers[1]!, 8)).toBe('untuned · lacks it on 6');
    expect(offerCounts(offer('3400', { offeredBy: 2, needsModdedPsu: 2, lacking: 6 }), 8)).toBe(
      'untuned · lacks it on 6 · needs a modified PSU on 2',
    );
    expect(readWords(OFFERS)).toBe(
      'Presets of 8 devices read. 2 devices not read: offline; 1: no password known.',
    );
    expect(readWords({ ...OFFERS, notRead: [] })).toBe('Presets of 8 devices read.');
  });
});

describe('Power…: one preset for all from the list', () => {
  it('asks main once, for the selection, only when the choice is taken; lists each preset with its counts', async () => {
    const api = createFakeApi();
    vi.mocked(api['power:offers']).mockResolvedValue(ok(OFFERS));
    const dialog = openPower(api);
    expect(api['power:offers']).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByLabelText('One preset for all'));
    expect(api['power:offers']).toHaveBeenCalledTimes(1);
    expect(api['power:offers']).toHaveBeenCalledWith({ deviceIds: IDS.slice(0, 3) });
    await within(dialog).findByText(
      /Presets of 8 devices read\. 2 devices not read: offline; 1: no password known\./,
    );
    const input = field(dialog);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    key(input, 'ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(within(dialog).getByRole('listbox', { name: 'Presets of the 3 selected devices' })).toBeTruthy();
    expect(lines(dialog)).toEqual([
      '2800 | 2800 W · 82–188 TH/s | tuned on all 8 · set now on 8',
      '3200 | 3200 W · 94 TH/s | untuned · lacks it on 6',
      '3250 | 3250 W · 218 TH/s | tuned on 2 of 8 · lacks it on 2',
      'disabled | no watt or hash-rate figure | untuned',
    ]);
  });

  it('the keyboard: type to filter (no new read), arrows move, Enter takes it without submitting, Enter again plans', async () => {
    const api = createFakeApi();
    vi.mocked(api['power:offers']).mockResolvedValue(ok(OFFERS));
    vi.mocked(api['power:plan']).mockResolvedValue(err('INTERNAL', 'not this test'));
    const dialog = openPower(api);
    fireEvent.click(within(dialog).getByLabelText('One preset for all'));
    await within(dialog).findByText(/Presets of 8 devices read/);
    const input = field(dialog);
    fireEvent.change(input, { target: { value: '32' } });
    expect(lines(dialog).map((l) => l.split(' | ')[0])).toEqual(['3200', '3250']);
    expect(input.getAttribute('aria-activedescendant')).toBe(within(dialog).getAllByRole('option')[0]!.id);
    key(input, 'ArrowDown');
    const options = within(dialog).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-selected'))).toEqual(['false', 'true']);
    key(input, 'ArrowDown'); // wraps round to the first
    key(input, 'ArrowUp'); // and back to the last
    // Enter's default (submitting the form) is cancelled while the list is open.
    expect(key(input, 'Enter')).toBe(false);
    expect(input.value).toBe('3250');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(api['power:plan']).not.toHaveBeenCalled();
    expect(
      within(dialog).getByText('3250: 3250 W · 218 TH/s · tuned on 2 of 8 · lacks it on 2'),
    ).toBeTruthy();
    // The list closed: Enter is the form's again.
    fireEvent.submit(input.form!);
    await waitFor(() =>
      expect(api['power:plan']).toHaveBeenCalledWith({
        deviceIds: IDS.slice(0, 3),
        choice: { kind: 'preset', name: '3250' },
      }),
    );
    expect(api['power:offers']).toHaveBeenCalledTimes(1);
  });

  it('Escape closes the list and leaves the dialog open; a click on a line chooses it', async () => {
    const api = createFakeApi();
    vi.mocked(api['power:offers']).mockResolvedValue(ok(OFFERS));
    const dialog = openPower(api);
    fireEvent.click(within(dialog).getByLabelText('One preset for all'));
    await within(dialog).findByText(/Presets of 8 devices read/);
    const input = field(dialog);
    key(input, 'ArrowDown');
    // The browser closes a dialog on an Escape nobody cancelled: this one is cancelled.
    expect(key(input, 'Escape')).toBe(false);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('dialog')).toBe(dialog);
    fireEvent.click(input);
    fireEvent.click(within(dialog).getByRole('option', { name: /^2800/ }));
    expect(input.value).toBe('2800');
  });

  it('a name none of the devices offers can be typed, and is said to be offered by none', async () => {
    const api = createFakeApi();
    vi.mocked(api['power:offers']).mockResolvedValue(ok(OFFERS));
    vi.mocked(api['power:plan']).mockResolvedValue(err('INTERNAL', 'not this test'));
    const dialog = openPower(api);
    fireEvent.click(within(dialog).getByLabelText('One preset for all'));
    await within(dialog).findByText(/Presets of 8 devices read/);
    fireEvent.change(field(dialog), { target: { value: '4700' } });
    expect(within(dialog).queryAllByRole('option')).toEqual([]);
    expect(
      within(dialog).getByText(
        'None of the 8 devices read offers "4700": it is kept as typed, and a device that lacks it is skipped with the reason.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Next: preview' }));
    await waitFor(() =>
      expect(api['power:plan']).toHaveBeenCalledWith({
        deviceIds: IDS.slice(0, 3),
        choice: { kind: 'preset', name: '4700' },
      }),
    );
  });

  it('presets that could not be read: said, typing still works, Read again asks main to read them again', async () => {
    const api = createFakeApi();
    vi.mocked(api['power:offers']).mockResolvedValueOnce(err('INTERNAL', 'The keychain is locked.'));
    const dialog = openPower(api);
    fireEvent.click(within(dialog).getByLabelText('One preset for all'));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'The presets of the 3 selected devices could not be read: The keychain is locked. Type the preset name.',
    );
    fireEvent.change(field(dialog), { target: { value: '3250' } });
    expect(field(dialog).value).toBe('3250');
    vi.mocked(api['power:offers']).mockResolvedValueOnce(ok(OFFERS));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read again' }));
    expect(api['power:offers']).toHaveBeenLastCalledWith({ deviceIds: IDS.slice(0, 3), refresh: true });
    await within(dialog).findByText('3250: 3250 W · 218 TH/s · tuned on 2 of 8 · lacks it on 2');
  });
});

describe("the standard's power rule", () => {
  it("lists the presets of the site's devices when none is selected, and saves the one chosen", async () => {
    const api = createFakeApi();
    const store = createRootStore({ api });
    store.setState({ rows });
    vi.mocked(api['standard:get']).mockResolvedValue(ok({ siteId: 's', siteName: 'Hall 1', standard: null }));
    vi.mocked(api['commission:pool-presets']).mockResolvedValue(ok([]));
    vi.mocked(api['power:offers']).mockResolvedValue(ok(OFFERS));
    vi.mocked(api['standard:set']).mockResolvedValue(err('INTERNAL', 'not this test'));
    render(
      <StoreProvider store={store}>
        <StandardDialog siteName="Hall 1" onClose={() => undefined} />
      </StoreProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'The standard of site "Hall 1"' });
    const power = await waitFor(() => dialog.querySelector<HTMLElement>('[data-part="power"]')!);
    fireEvent.click(within(power).getByLabelText('Power rule'));
    expect(api['power:offers']).toHaveBeenCalledWith({ deviceIds: IDS });
    await within(power).findByText(/Presets of 8 devices read/);
    const input = field(power);
    key(input, 'ArrowDown');
    expect(within(power).getByRole('listbox', { name: "Presets of the site's 11 devices" })).toBeTruthy();
    key(input, 'ArrowDown');
    key(input, 'ArrowDown');
    key(input, 'Enter');
    expect(input.value).toBe('3250');
    for (const part of ['password', 'pools']) {
      fireEvent.click(
        within(dialog.querySelector<HTMLElement>(`[data-part="${part}"]`)!).getAllByRole('checkbox')[0]!,
      );
    }
    fireEvent.click(within(dialog).getByRole('button', { name: 'Set the standard' }));
    await waitFor(() => expect(api['standard:set']).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api['standard:set']).mock.calls[0]![0]).toMatchObject({
      power: { kind: 'preset', name: '3250' },
    });
  });
});
