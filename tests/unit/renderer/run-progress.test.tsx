/**
 * A long run's time in the window (issue 33): the rollout's events bring the estimate (`firmware:progress`
 * with it, `firmware:time-left` between them), and the run views show the time left, the devices per step
 * and that the laptop is kept awake while it runs — none of it once the run ended.
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RunProgress } from '../../../renderer/src/components/run-progress';
import { I18nProvider } from '../../../renderer/src/i18n/i18n-provider';
import { createRootStore, StoreProvider } from '../../../renderer/src/stores/root-store';
import { applyFirmwareEvents } from '../../../renderer/src/stores/firmware-slice';
import type { FirmwareRun } from '../../../shared/ipc/channels/firmware';
import type { RunProgressView } from '../../../shared/format/time-left-text';
import { timeLeftWords } from '../../../shared/format/time-left-text';
import { createFakeApi } from './fake-api';

afterEach(cleanup);

/** The window's language as the system prefers it (no settings read yet: "system"). */
const TranslatorFor = ({ locale, children }: { locale: string; children: ReactNode }): ReactNode => (
  <StoreProvider store={createRootStore({ api: createFakeApi() })}>
    <I18nProvider preferred={[locale]}>{children}</I18nProvider>
  </StoreProvider>
);

const progress = (words: string, done: number): RunProgressView => ({
  done,
  total: 4,
  perStep: [
    { step: 'upload', done, running: 1, waiting: 3 - done },
    { step: 'install', done: 0, running: 0, waiting: 4 },
  ],
  words,
});

const run = {
  runId: 'r1',
  status: 'running',
  plan: { devices: [], steps: [] },
  devices: [],
} as unknown as FirmwareRun;

describe('a rollout tells its time in the window', () => {
  it('takes the estimate from its progress events and its time-left ticks, not another run’s', () => {
    const first = applyFirmwareEvents(run, [
      {
        type: 'firmware:progress',
        payload: {
          runId: 'r1',
          event: { kind: 'step', index: 0, name: 'canary', state: 'started' },
          progress: progress('estimating…', 0),
        },
      },
    ]);
    expect(first.progress?.words).toBe('estimating…');
    const ticked = applyFirmwareEvents(first, [
      { type: 'firmware:time-left', payload: { runId: 'r1', progress: progress('about 38 min left', 1) } },
      { type: 'firmware:time-left', payload: { runId: 'other', progress: progress('about 2 h left', 1) } },
    ]);
    expect(ticked.progress?.words).toBe('about 38 min left');
  });

  it('shows the time left, the devices per step and the laptop kept awake while it runs', () => {
    const { rerender } = render(
      <RunProgress
        progress={progress('about 38 min left', 1)}
        running
        stepNames={{ upload: 'Upload', install: 'Install and reboot' }}
      />,
    );
    expect(screen.getByText('about 38 min left')).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Devices per step' });
    expect(steps.textContent).toBe('Upload: 1 of 4 done · 1 at it nowInstall and reboot: 0 of 4 done');
    expect(screen.getByText('Keeping this laptop awake until the run ends.')).toBeTruthy();

    rerender(<RunProgress progress={undefined} running stepNames={{}} />);
    expect(screen.getByText('estimating…')).toBeTruthy();

    rerender(
      <RunProgress progress={progress('less than a minute left', 3)} running={false} stepNames={{}} />,
    );
    expect(screen.queryByText('less than a minute left')).toBeNull();
    expect(screen.queryByText('Keeping this laptop awake until the run ends.')).toBeNull();
    expect(screen.getByRole('list', { name: 'Devices per step' }).textContent).toContain(
      'upload: 3 of 4 done',
    );
  });

  it('says the time left from main`s estimate in the reader`s language, minutes rounded up as in English', () => {
    const at = (leftMs: number, locale: 'en' | 'ru'): string => {
      cleanup();
      render(
        <TranslatorFor locale={locale}>
          <RunProgress progress={{ ...progress('x', 1), leftMs }} running stepNames={{}} />
        </TranslatorFor>,
      );
      return document.querySelector('[data-time-left]')?.textContent ?? '';
    };
    expect(at(38 * 60_000 - 5_000, 'en')).toBe(timeLeftWords(38 * 60_000 - 5_000));
    expect(at(70 * 60_000, 'en')).toBe(timeLeftWords(70 * 60_000));
    expect(at(120 * 60_000, 'en')).toBe(timeLeftWords(120 * 60_000));
    expect(at(30_000, 'en')).toBe(timeLeftWords(30_000));
    expect(at(70 * 60_000, 'ru')).toBe('осталось около 1 ч 10 мин');
    expect(at(38 * 60_000, 'ru')).toBe('осталось около 38 мин');
  });
});
