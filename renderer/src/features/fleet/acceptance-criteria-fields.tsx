/**
 * Acceptance's criteria as a technician types them — the window in minutes, the hash rate as a share of
 * nominal, the hottest chip — with what is wrong with them in words. Shared by "Acceptance…" and the site
 * standard's acceptance part; the rejected-share limit keeps its default.
 */
import type { ReactNode } from 'react';
import type { AcceptanceCriteria } from '../../../../shared/domain/acceptance';
import { ACCEPTANCE_DEFAULTS } from '../../../../shared/domain/acceptance-words';
import './acceptance.css';

export interface CriteriaText {
  minutes: string;
  hashRate: string;
  chipTemp: string;
}

export const defaultCriteriaText = (): CriteriaText => ({
  minutes: String(ACCEPTANCE_DEFAULTS.minutes),
  hashRate: String(ACCEPTANCE_DEFAULTS.minHashratePercent),
  chipTemp: String(ACCEPTANCE_DEFAULTS.maxChipTempC),
});

/** The same fields from kept criteria (the standard's). */
export const criteriaText = (criteria: AcceptanceCriteria): CriteriaText => ({
  minutes: String(criteria.minutes),
  hashRate: String(criteria.minHashratePercent),
  chipTemp: String(criteria.maxChipTempC),
});

const number = (text: string): number => (text.trim() === '' ? NaN : Number(text));

/** The criteria the fields describe, and every problem with them in words (none: they can be used). */
export function criteriaOf(text: CriteriaText): { criteria: AcceptanceCriteria; problems: string[] } {
  const criteria: AcceptanceCriteria = {
    minutes: number(text.minutes),
    minHashratePercent: number(text.hashRate),
    maxChipTempC: number(text.chipTemp),
    maxRejectedPercent: ACCEPTANCE_DEFAULTS.maxRejectedPercent,
  };
  const problems = [
    !(criteria.minutes >= 0.01 && criteria.minutes <= 1440) && 'The window is 0.01 to 1,440 minutes.',
    !(criteria.minHashratePercent >= 1 && criteria.minHashratePercent <= 200) &&
      'The hash rate is 1 to 200 % of nominal.',
    !(criteria.maxChipTempC >= 20 && criteria.maxChipTempC <= 150) && 'The chip limit is 20 to 150 °C.',
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
  return (
    <div className="acceptance-criteria">
      <label className="field">
        <span className="field-label">Watch for (minutes)</span>
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
        <span className="field-label">Hash rate at least (% of nominal)</span>
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
        <span className="field-label">Hottest chip at most (°C)</span>
        <input
          type="number"
          min="20"
          max="150"
          step="any"
          value={text.chipTemp}
          onChange={(e) => onChange({ ...text, chipTemp: e.target.value })}
        />
      </label>
    </div>
  );
}
