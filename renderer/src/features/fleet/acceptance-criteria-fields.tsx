/**
 * Acceptance's criteria as a technician types them — the window in minutes, the hash rate as a share of
 * nominal, the hottest chip, how long a device may take to settle before its window opens — with what is
 * wrong with them in words. Shared by "Acceptance…" and the site standard's acceptance part (so Commission
 * settles as the standard says); the rejected-share limit keeps its default.
 */
import { useId } from 'react';
import type { ReactNode } from 'react';
import type { AcceptanceCriteria } from '../../../../shared/domain/acceptance';
import { SETTLE_MINUTES_RANGE } from '../../../../shared/domain/acceptance-words';
import { ACCEPTANCE_DEFAULTS } from '../../../../shared/domain/acceptance-words';
import { englishTranslator } from '../../../../shared/i18n/translate';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';
import './acceptance.css';

export interface CriteriaText {
  minutes: string;
  hashRate: string;
  chipTemp: string;
  /** Settle up to this many minutes; 0 judges from the first reading. */
  settle: string;
}

export const defaultCriteriaText = (): CriteriaText => ({
  minutes: String(ACCEPTANCE_DEFAULTS.minutes),
  hashRate: String(ACCEPTANCE_DEFAULTS.minHashratePercent),
  chipTemp: String(ACCEPTANCE_DEFAULTS.maxChipTempC),
  settle: String(ACCEPTANCE_DEFAULTS.settleMinutes),
});

/** The same fields from kept criteria (the standard's). */
export const criteriaText = (criteria: AcceptanceCriteria): CriteriaText => ({
  minutes: String(criteria.minutes),
  hashRate: String(criteria.minHashratePercent),
  chipTemp: String(criteria.maxChipTempC),
  // Criteria kept before issue 32 settle for the default, as main reads them.
  settle: String(criteria.settleMinutes ?? ACCEPTANCE_DEFAULTS.settleMinutes),
});

const number = (text: string): number => (text.trim() === '' ? NaN : Number(text));

/** The criteria the fields describe, and every problem with them in words (none: they can be used). */
export function criteriaOf(
  text: CriteriaText,
  tr: Translator = englishTranslator(),
): { criteria: AcceptanceCriteria; problems: string[] } {
  const criteria: AcceptanceCriteria = {
    minutes: number(text.minutes),
    minHashratePercent: number(text.hashRate),
    maxChipTempC: number(text.chipTemp),
    maxRejectedPercent: ACCEPTANCE_DEFAULTS.maxRejectedPercent,
    settleMinutes: number(text.settle),
  };
  const settle = criteria.settleMinutes ?? NaN;
  const problems = [
    !(criteria.minutes >= 0.01 && criteria.minutes <= 1440) && tr.t('fleet-actions.criteria.problem.window'),
    !(criteria.minHashratePercent >= 1 && criteria.minHashratePercent <= 200) &&
      tr.t('fleet-actions.criteria.problem.hashRate'),
    !(criteria.maxChipTempC >= 20 && criteria.maxChipTempC <= 150) &&
      tr.t('fleet-actions.criteria.problem.chip'),
    !(settle >= SETTLE_MINUTES_RANGE.min && settle <= SETTLE_MINUTES_RANGE.max) &&
      tr.t('fleet-actions.criteria.problem.settle'),
  ].filter((p): p is string => typeof p === 'string');
  return { criteria, problems };
}

export function AcceptanceCriteriaFields({
  text,
  onChange,
}: {
  text: CriteriaText;
  onChange: (text: CriteriaText) => void;
}): ReactNode {
  const hintId = useId();
  const { t } = useT();
  return (
    <div className="acceptance-criteria">
      <label className="field">
        <span className="field-label">{t('fleet-actions.criteria.minutes')}</span>
        <input
          type="number"
          min="0.01"
          max="1440"
          step="any"
          value={text.minutes}
          onChange={(e) => onChange({ ...text, minutes: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field-label">{t('fleet-actions.criteria.hashRate')}</span>
        <input
          type="number"
          min="1"
          max="200"
          step="any"
          value={text.hashRate}
          onChange={(e) => onChange({ ...text, hashRate: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field-label">{t('fleet-actions.criteria.chip')}</span>
        <input
          type="number"
          min="20"
          max="150"
          step="any"
          value={text.chipTemp}
          onChange={(e) => onChange({ ...text, chipTemp: e.target.value })}
        />
      </label>
      <label className="field">
        <span className="field-label">{t('fleet-actions.criteria.settle')}</span>
        <input
          type="number"
          min="0"
          max="1440"
          step="any"
          value={text.settle}
          aria-describedby={hintId}
          onChange={(e) => onChange({ ...text, settle: e.target.value })}
        />
      </label>
      <p id={hintId} className="field-hint acceptance-settle-hint">
        {t('fleet-actions.criteria.settleHint')}
      </p>
    </div>
  );
}
