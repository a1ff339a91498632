/**
 * The plan of "Power…": the totals against the budget first (the line a site owner checks), then every
 * selected device with the preset it gets — its watts, expected hash rate, tuned or not, and the preset it
 * replaces — or why it is skipped. Skipped devices come first: they are the ones to do something about.
 */
import type { ReactNode } from 'react';
import type { PowerPlan, PowerPlanEntry } from '../../../../shared/domain/power-plan';
import { choiceText, presetNumbersText, spreadNote, totalsText } from '../../../../shared/format/power-text';
import { count } from '../../lib/format';

const shownAddress = (address: string): string => address.replace(/^https?:\/\//, '');
const sentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const rank = (e: PowerPlanEntry): number => (e.send ? (e.unchanged === true ? 2 : 1) : 0);

export function PowerPreview({ plan }: { plan: PowerPlan }): ReactNode {
  const writing = plan.entries.filter((e) => e.send && e.unchanged !== true).length;
  const unchanged = plan.entries.filter((e) => e.send && e.unchanged === true).length;
  const overBudget = plan.totals.budgetW !== undefined && plan.totals.watts > plan.totals.budgetW;
  const rows = [...plan.entries].sort((a, b) => rank(a) - rank(b));
  const note = spreadNote(plan.totals);
  return (
    <>
      <p className="preview-summary" role="status">
        <strong>{sentence(choiceText(plan.choice))}</strong>
        <br />
        <span data-totals className={overBudget ? 'outcome-bad' : undefined}>
          {sentence(totalsText(plan.totals))}.
        </span>
        <br />
        {count(writing, 'device')} will get a new preset
        {unchanged > 0 ? `, ${count(unchanged, 'device')} already ha${unchanged === 1 ? 's' : 've'} it` : ''}.
        {note !== undefined ? ` ${note}` : ''}
      </p>
      <div className="table-scroll preview-scroll">
        <table className="data-table compact power-preview" aria-label="Plan of the power presets">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Now</th>
              <th scope="col">Preset</th>
              <th scope="col">Power and hash rate</th>
              <th scope="col">Will it be set?</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.deviceId} data-send={entry.send ? 'yes' : 'no'}>
                <td className="preview-address">{shownAddress(entry.address) || entry.deviceId}</td>
                <td className="mono">{entry.current ?? '–'}</td>
                <td className="mono">{entry.preset?.name ?? '–'}</td>
                <td className="preview-change">
                  {entry.preset === undefined ? '–' : presetNumbersText(entry.preset)}
                </td>
                <td>
                  {!entry.send ? (
                    <>
                      <span className="outcome-skipped">Skipped: </span>
                      {sentence(entry.detail)}
                    </>
                  ) : entry.unchanged === true ? (
                    <span className="outcome-ok">Already set: read back only</span>
                  ) : entry.preset?.status === 'tuned' ? (
                    <span className="outcome-ok">Will be set (tuned)</span>
                  ) : (
                    <span
                      className="outcome-ok"
                      title="The device tunes itself first: hash rate is low for a while"
                    >
                      Will be set (untuned: tunes itself first)
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
