/**
 * A long run's progress as main estimates it (issue 33), in the window's language (issue 35): the time
 * left ("about 38 min left", "estimating…" before the run has timed a step), per step the devices done of
 * those that take it and how many are at it now, and, while it runs, that the laptop is kept awake. One
 * view for the Commission run and the firmware rollout: each names its own steps (`stepNames`). It shows
 * what came in the run's view and events and computes nothing but words: main's estimate comes as
 * milliseconds (`leftMs`), worded here as shared/format/time-left-text.ts words it in English for the CLI
 * (minutes rounded up).
 */
import type { ReactNode } from 'react';
import type { RunProgressView } from '../../../shared/format/time-left-text';
import { ESTIMATING_WORDS } from '../../../shared/format/time-left-text';
import type { MessageRef, MessageValue } from '../../../shared/i18n/message';
import { message } from '../../../shared/i18n/message';
import type { Translator } from '../../../shared/i18n/translate';
import { useT } from '../i18n/i18n-provider';
import './run-progress.css';

/** "about 38 min left", "about 1 h 10 min left", "less than a minute left", "estimating…". */
export function timeLeftMessage(leftMs: number | undefined): MessageRef {
  if (leftMs === undefined || !Number.isFinite(leftMs) || leftMs < 0) return message('common.run.estimating');
  if (leftMs < 60_000) return message('common.run.leftUnderMinute');
  const minutes = Math.ceil(leftMs / 60_000);
  if (minutes < 60) return message('common.run.leftMinutes', { m: minutes });
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m > 0 ? message('common.run.leftHoursMinutes', { h, m }) : message('common.run.leftHours', { h });
}

/** The time left from main's estimate; main's own words when it sent words but no number. */
function timeLeftText({ t }: Translator, progress: RunProgressView | undefined): string {
  const leftMs = progress?.leftMs;
  const estimated = leftMs !== undefined && Number.isFinite(leftMs) && leftMs >= 0;
  if (!estimated && progress !== undefined && progress.words !== ESTIMATING_WORDS) return progress.words;
  return t(timeLeftMessage(leftMs));
}

export function RunProgress({
  progress,
  running,
  stepNames,
}: {
  progress: RunProgressView | undefined;
  running: boolean;
  /** Each step's name in the caller's words ("Firmware", "Install and reboot"); else the step's id. */
  stepNames: Readonly<Record<string, MessageValue>>;
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
        <ul className="run-steps" aria-label={t('common.run.perStep')}>
          {steps.map((s) => (
            <li key={s.step} data-step-count={s.step}>
              {t('common.run.step', {
                step: stepNames[s.step] ?? s.step,
                done: s.done,
                total: s.done + s.running + s.waiting,
                running: s.running,
              })}
            </li>
          ))}
        </ul>
      )}
      {running && <p className="field-hint run-awake">{t('common.run.awake')}</p>}
    </div>
  );
}
