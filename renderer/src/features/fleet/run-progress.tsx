/**
 * A long run's progress as main estimates it (issue 33): the time left in words ("about 38 min left",
 * "estimating…" before the run has timed a step), per step the devices done of those that take it and how
 * many are at it now, and, while it runs, that the laptop is kept awake. Shared by the Commission run view
 * and the firmware rollout view; it shows what came in the run's view and events, it computes nothing.
 */
import type { ReactNode } from 'react';
import type { RunProgressView } from '../../../../shared/format/time-left-text';
import { ESTIMATING_WORDS } from '../../../../shared/format/time-left-text';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import './firmware.css';

/**
 * The time left in the reader's language, from main's estimate in milliseconds (as core's
 * `timeLeftWords` says it in English: minutes rounded up); main's words when it sent no number.
 */
function timeLeftText({ t }: Translator, progress: RunProgressView | undefined): string {
  const leftMs = progress?.leftMs;
  if (leftMs === undefined || !Number.isFinite(leftMs) || leftMs < 0) {
    return progress === undefined || progress.words === ESTIMATING_WORDS
      ? t('fleet.run.estimating')
      : progress.words;
  }
  if (leftMs < 60_000) return t('fleet.run.leftUnderMinute');
  const minutes = Math.ceil(leftMs / 60_000);
  if (minutes < 60) return t('fleet.run.leftMinutes', { minutes });
  return t('fleet.run.leftHours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

export function RunProgress({
  progress,
  running,
  stepWords,
}: {
  progress: RunProgressView | undefined;
  running: boolean;
  /** "Firmware", "Acceptance (settle, then watched)": the step's name as the view says it. */
  stepWords: Readonly<Record<string, string>>;
}): ReactNode {
  const tr = useT();
  const { t } = tr;
  const steps = (progress?.perStep ?? []).filter((s) => s.done + s.running + s.waiting > 0);
  return (
    <div className="run-progress">
      {running && (
        <p className="run-time-left" data-time-left>
          {timeLeftText(tr, progress)}
        </p>
      )}
      {steps.length > 0 && (
        <ul className="run-steps" aria-label={t('fleet.run.perStep')}>
          {steps.map((s) => (
            <li key={s.step} data-step-count={s.step}>
              {t('fleet.run.step', {
                step: stepWords[s.step] ?? s.step,
                done: s.done,
                total: s.done + s.running + s.waiting,
                running: s.running,
              })}
            </li>
          ))}
        </ul>
      )}
      {running && <p className="field-hint run-awake">{t('fleet.run.awake')}</p>}
    </div>
  );
}
