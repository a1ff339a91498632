/**
 * A long run's progress as main estimates it (issue 33): the time left in words ("about 38 min left",
 * "estimating…" before the run has timed a step), per step the devices done of those that take it and how
 * many are at it now, and, while it runs, that the laptop is kept awake. Shared by the Commission run view
 * and the firmware rollout view; it shows what came in the run's view and events, it computes nothing.
 */
import type { ReactNode } from 'react';
import type { RunProgressView } from '../../../../shared/format/time-left-text';
import { useT } from '../../i18n/i18n-provider';
import './firmware.css';

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
  const { t } = useT();
  const steps = (progress?.perStep ?? []).filter((s) => s.done + s.running + s.waiting > 0);
  return (
    <div className="run-progress">
      {running && (
        <p className="run-time-left" data-time-left>
          {progress?.words ?? t('fleet.run.estimating')}
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
