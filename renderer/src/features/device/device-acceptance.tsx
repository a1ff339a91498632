/**
 * The device panel's Acceptance tab: the device's latest verdict (kept in the site, or just given by this
 * session's run) — every check with its words, passed or not, and the evidence behind them — or how to get
 * one.
 */
import type { ReactNode } from 'react';
import { verdictWords } from '../../../../shared/domain/acceptance-words';
import { criteriaText, evidenceLines } from '../../../../shared/format/acceptance-text';
import { useRootStore } from '../../stores/root-store';

export function DeviceAcceptance({ deviceId }: { deviceId: string }): ReactNode {
  const verdict = useRootStore((s) => s.verdicts[deviceId]);
  if (verdict === undefined) {
    return (
      <p className="field-hint">
        No acceptance verdict yet: select the device in the fleet and choose Actions → Acceptance….
      </p>
    );
  }
  const pass = verdict.verdict === 'pass';
  return (
    <section aria-label="Acceptance verdict">
      <p>
        <span className={`badge ${pass ? 'badge-good' : 'badge-bad'}`}>{verdictWords(verdict.verdict)}</span>{' '}
        {new Date(verdict.endedAt).toLocaleString()}
      </p>
      <ul className="acceptance-checks" aria-label="Checks">
        {verdict.checks.map((check) => (
          <li key={check.check} data-pass={String(check.pass)}>
            {check.pass ? '✓' : '✗'} {check.words}
          </li>
        ))}
      </ul>
      <h3>Evidence</h3>
      <ul className="acceptance-checks">
        {evidenceLines(verdict).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="field-hint">The standard: {criteriaText(verdict.criteria)}.</p>
    </section>
  );
}
