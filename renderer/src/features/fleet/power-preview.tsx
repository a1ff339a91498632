/**
 * The plan of "Power…": the totals against the budget first (the line a site owner checks), then every
 * selected device with the preset it gets — its watts, expected hash rate, tuned or not, and the preset it
 * replaces — or why it is skipped. Skipped devices come first: they are the ones to do something about.
 */
import type { ReactNode } from 'react';
import type {
  PowerChoice,
  PowerPlan,
  PowerPlanEntry,
  PowerTotals,
} from '../../../../shared/domain/power-plan';
import type { Translator } from '../../../../shared/i18n/translate';
import { useT } from '../../i18n/i18n-provider';

const shownAddress = (address: string): string => address.replace(/^https?:\/\//, '');
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** A device's or a preset's figure as the devices write it: no thousands separator ("3250", "612,5"). */
const plain = (tr: Translator, n: number, digits = 1): string =>
  tr.intl.formatNumber(n, { useGrouping: false, maximumFractionDigits: digits });

/** "3070 W" / "612.4 kW": watts as a person reads a device's or a site's power. */
function wattsWords(tr: Translator, watts: number): string {
  return watts >= 10_000
    ? tr.t('common.unit.kilowatts', {
        value: tr.intl.formatNumber(Math.round(watts / 100) / 10, { maximumFractionDigits: 1 }),
      })
    : tr.t('common.unit.watts', { value: plain(tr, Math.round(watts), 0) });
}

const thsWords = (tr: Translator, ths: number): string =>
  tr.t('common.unit.hashRate', { value: plain(tr, Math.round(ths * 10) / 10), unit: 'TH/s' });

/** "Preset 3200", "The highest preset up to 3300 W per device", "A site budget of 600 kW spread…". */
export function choiceWords(tr: Translator, choice: PowerChoice): string {
  switch (choice.kind) {
    case 'preset':
      return tr.t('fleet-actions.powerPreview.choice.preset', { name: choice.name });
    case 'max-watts':
      return tr.t('fleet-actions.powerPreview.choice.maxWatts', { watts: plain(tr, choice.watts) });
    case 'site-kw':
      return tr.t('fleet-actions.powerPreview.choice.siteKw', { kw: plain(tr, choice.kw, 3) });
  }
}

/** "196 devices: 598.7 kW of 600 kW, 40,112 TH/s expected; 4 skipped (their power is not counted)". */
export function totalsWords(tr: Translator, totals: PowerTotals): string {
  const values = {
    count: totals.devices,
    watts: wattsWords(tr, totals.watts),
    rate: tr.intl.formatNumber(Math.round(totals.hashRateThs * 10) / 10, { maximumFractionDigits: 1 }),
  };
  const parts = [
    totals.budgetW === undefined
      ? tr.t('fleet-actions.powerPreview.totals', values)
      : tr.t('fleet-actions.powerPreview.totalsBudget', {
          ...values,
          budget: wattsWords(tr, totals.budgetW),
        }),
  ];
  if (totals.unknownWatts > 0)
    parts.push(tr.t('fleet-actions.powerPreview.unknownWatts', { count: totals.unknownWatts }));
  if (totals.skipped > 0)
    parts.push(tr.t('fleet-actions.powerPreview.skippedWatts', { count: totals.skipped }));
  return parts.join('; ');
}

/** When the budget was spread near-optimally rather than proven optimal: how near (budget-spread.ts). */
export function spreadWords(tr: Translator, totals: PowerTotals): string | undefined {
  if (totals.bestHashRateThs === undefined || totals.bestHashRateThs <= 0) return undefined;
  const short = Math.max(0, totals.bestHashRateThs - totals.hashRateThs);
  const percent = (short / totals.bestHashRateThs) * 100;
  const more = plain(tr, Math.round(short * 10) / 10);
  return percent < 0.001
    ? tr.t('fleet-actions.powerPreview.spreadTiny', { more })
    : tr.t('fleet-actions.powerPreview.spread', {
        percent: tr.intl.formatNumber(Number(percent.toPrecision(2)), { maximumSignificantDigits: 2 }),
        more,
      });
}

/** "3070 W, 206 TH/s": a chosen preset's numbers for a plan line. */
function presetNumbers(tr: Translator, preset: { watts?: number; hashRateThs?: number }): string {
  const parts: string[] = [];
  if (preset.watts !== undefined)
    parts.push(tr.t('common.unit.watts', { value: plain(tr, preset.watts, 0) }));
  if (preset.hashRateThs !== undefined) parts.push(thsWords(tr, preset.hashRateThs));
  return parts.length > 0 ? parts.join(', ') : tr.t('fleet-actions.powerPreview.noPower');
}

const rank = (e: PowerPlanEntry): number => (e.send ? (e.unchanged === true ? 2 : 1) : 0);

export function PowerPreview({ plan }: { plan: PowerPlan }): ReactNode {
  const writing = plan.entries.filter((e) => e.send && e.unchanged !== true).length;
  const unchanged = plan.entries.filter((e) => e.send && e.unchanged === true).length;
  const overBudget = plan.totals.budgetW !== undefined && plan.totals.watts > plan.totals.budgetW;
  const rows = [...plan.entries].sort((a, b) => rank(a) - rank(b));
  const tr = useT();
  const { t } = tr;
  const note = spreadWords(tr, plan.totals);
  return (
    <>
      <p className="preview-summary" role="status">
        <strong>{choiceWords(tr, plan.choice)}</strong>
        <br />
        <span data-totals className={overBudget ? 'outcome-bad' : undefined}>
          {sentence(totalsWords(tr, plan.totals))}
          {t('fleet-actions.common.period')}
        </span>
        <br />
        {t('fleet-actions.powerPreview.writing', { count: writing })}
        {unchanged > 0 ? t('fleet-actions.powerPreview.unchanged', { count: unchanged }) : ''}
        {t('fleet-actions.common.period')}
        {note !== undefined ? ` ${note}` : ''}
      </p>
      <div className="table-scroll preview-scroll">
        <table
          className="data-table compact power-preview"
          aria-label={t('fleet-actions.powerPreview.table')}
        >
          <thead>
            <tr>
              <th scope="col">{t('fleet-actions.common.device')}</th>
              <th scope="col">{t('fleet-actions.common.now')}</th>
              <th scope="col">{t('fleet-actions.powerPreview.preset')}</th>
              <th scope="col">{t('fleet-actions.powerPreview.figures')}</th>
              <th scope="col">{t('fleet-actions.common.willItBeSet')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.deviceId} data-send={entry.send ? 'yes' : 'no'}>
                <td className="preview-address">{shownAddress(entry.address) || entry.deviceId}</td>
                <td className="mono">{entry.current ?? '–'}</td>
                <td className="mono">{entry.preset?.name ?? '–'}</td>
                <td className="preview-change">
                  {entry.preset === undefined ? '–' : presetNumbers(tr, entry.preset)}
                </td>
                <td>
                  {!entry.send ? (
                    <>
                      <span className="outcome-skipped">{t('fleet-actions.common.skippedBecause')}</span>
                      {sentence(entry.detail)}
                    </>
                  ) : entry.unchanged === true ? (
                    <span className="outcome-ok">{t('fleet-actions.powerPreview.already')}</span>
                  ) : entry.preset?.status === 'tuned' ? (
                    <span className="outcome-ok">{t('fleet-actions.powerPreview.tuned')}</span>
                  ) : (
                    <span className="outcome-ok" title={t('fleet-actions.powerPreview.untunedTitle')}>
                      {t('fleet-actions.powerPreview.untuned')}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
