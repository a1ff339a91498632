/**
 * A long run's progress as main estimates it (issue 33): the time left in words ("about 38 min left",
 * "estimating…" before the run has timed a step), per step the devices done of those that take it and how
 * many are at it now, and, while it runs, that the laptop is kept awake. Shared by the Commission run view
 * and the firmware rollout view; it shows what came in the run's view and events, it computes nothing.
 */
import type { ReactNode } from 'react';
import type { RunProgressView } from '../../../../shared/format/time-left-text';
import { ESTIMATING_WORDS } from '../../../../shared/format/time-left-text';
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
  const steps = (progress?.perStep ?? []).filter((s) => s.done + s.running + s.waiting > 0);
  return (
    <div className="run-progress">
      {running && (
        <p className="run-time-left" data-time-left>
          {progress?.words ?? ESTIMATING_WORDS}
        </p>
      )}
      {steps.length > 0 && (
        <ul className="run-steps" aria-label="Devices per step">
          {steps.map((s) => (
            <li key={s.step} data-step-count={s.step}>
              {stepWords[s.step] ?? s.step}: {s.done.toLocaleString('en-US')} of{' '}
              {(s.done + s.running + s.waiting).toLocaleString('en-US')} done
              {s.running > 0 ? ` · ${s.running.toLocaleString('en-US')} at it now` : ''}
            </li>
          ))}
        </ul>
      )}
      {running && <p className="field-hint run-awake">Keeping this laptop awake until the run ends.</p>}
    </div>
  );
}
