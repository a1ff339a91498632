/**
 * A Commission run's progress as main estimates it (issue 33), in the window's language (issue 35): the
 * time left ("about 38 min left", "estimating…" before the run has timed a step), per step the devices
 * done of those that take it and how many are at it now, and, while it runs, that the laptop is kept
 * awake. Main's estimate comes as milliseconds (`leftMs`): the words are made here, from the catalog, as
 * shared/format/time-left-text.ts makes them in English for the CLI (minutes rounded up).
 */
import type { ReactNode } from 'react';
import type { CommissionStepKind } from '../../../../shared/domain/standard';
import type { RunProgressView } from '../../../../shared/format/time-left-text';
import type { MessageRef } from '../../../../shared/i18n/message';
import { message } from '../../../../shared/i18n/message';
import { useT } from '../../i18n/i18n-provider';
import '../fleet/firmware.css';

/** Each step's name in the per-step counts. */
export const STEP_NAMES: Readonly<Record<CommissionStepKind, MessageRef>> = {
  password: message('standard.run.step.password'),
  firmware: message('standard.run.step.firmware'),
  settings: message('standard.run.step.settings'),
  restart: message('standard.run.step.restart'),
  acceptance: message('standard.run.step.acceptance'),
};

const isStep = (step: string): step is CommissionStepKind => step in STEP_NAMES;

/** "about 38 min left", "about 1 h 10 min left", "less than a minute left", "estimating…". */
export function timeLeftMessage(leftMs: number | undefined): MessageRef {
  if (leftMs === undefined || !Number.isFinite(leftMs) || leftMs < 0)
    return message('standard.run.timeLeft.estimating');
  if (leftMs < 60_000) return message('standard.run.timeLeft.underMinute');
  const minutes = Math.ceil(leftMs / 60_000);
  if (minutes < 60) return message('standard.run.timeLeft.minutes', { m: minutes });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m > 0
    ? message('standard.run.timeLeft.hoursMinutes', { h, m })
    : message('standard.run.timeLeft.hours', { h });
}

export function CommissionProgress({
  progress,
  running,
}: {
  progress: RunProgressView | undefined;
  running: boolean;
}): ReactNode {
  const { t } = useT();
  const steps = (progress?.perStep ?? []).filter((s) => s.done + s.running + s.waiting > 0);
  return (
    <div className="run-progress">
      {running && (
        <p className="run-time-left" data-time-left>
          {t(timeLeftMessage(progress?.leftMs))}
        </p>
      )}
      {steps.length > 0 && (
        <ul className="run-steps" aria-label={t('standard.run.perStep')}>
          {steps.map((s) => (
            <li key={s.step} data-step-count={s.step}>
              {t(s.running > 0 ? 'standard.run.stepCountRunning' : 'standard.run.stepCount', {
                step: isStep(s.step) ? STEP_NAMES[s.step] : s.step,
                done: s.done,
                total: s.done + s.running + s.waiting,
                running: s.running,
              })}
            </li>
          ))}
        </ul>
      )}
      {running && <p className="field-hint run-awake">{t('standard.run.awake')}</p>}
    </div>
  );
}
