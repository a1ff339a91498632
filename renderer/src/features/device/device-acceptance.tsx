/**
 * The device panel's Acceptance tab: while a run watches the device, where it stands (settling since when,
 * in what state, or watched; no verdict yet); else its latest verdict (kept in the site, or just given by
 * this session's run) — every check with its words, passed or not, the evidence behind them and the
 * readings taken while it settled (never counted) — or how to get one. A pending verdict says why it was
 * not judged and what to do: run acceptance again later.
 */
import type { ReactNode } from 'react';
import type { AcceptancePhase } from '../../../../shared/domain/acceptance';
import type { Verdict } from '../../../../shared/domain/acceptance-words';
import { dateTimeText, numberText, timeText } from '../../../../shared/i18n/formats';
import type { Translator } from '../../../../shared/i18n/translate';
import { evidenceTexts } from '../../../../shared/i18n/evidence-text';
import { madeText, verdictReasons } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { useRootStore } from '../../stores/root-store';
import type { KnownVerdict } from '../../stores/acceptance-slice';

const BADGE: Record<Verdict, string> = { pass: 'badge-good', fail: 'badge-bad', pending: 'badge-warn' };

const time = (tr: Translator, iso: string): string => timeText(tr, new Date(iso));

/** Where a device without a verdict yet stands: settling since when (in what state), or watched. */
function phaseText(tr: Translator, phase: AcceptancePhase): string {
  if (phase.phase !== 'settling') return tr.t('device.acceptance.watched', { time: time(tr, phase.since) });
  return phase.state !== null && phase.state !== ''
    ? tr.t('device.acceptance.settlingIn', { time: time(tr, phase.since), state: phase.state })
    : tr.t('device.acceptance.settling', { time: time(tr, phase.since) });
}

/** The standard a verdict was made to (shared/format/acceptance-text.ts's criteriaText, translated). */
function criteriaWords(tr: Translator, criteria: KnownVerdict['criteria']): string {
  return tr.t('device.acceptance.standard', {
    hashRate: criteria.minHashratePercent,
    chipTemp: criteria.maxChipTempC,
    rejected: criteria.maxRejectedPercent,
    minutes: criteria.minutes,
  });
}

/** The last settling readings shown; the CLI's JSON has every one. */
const SETTLING_SHOWN = 12;

/** "14:02:10 restarting, 0 TH/s": the readings before the window opened (the last ones). */
function SettlingReadings({ verdict }: { verdict: KnownVerdict }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const settling = verdict.settling ?? [];
  if (settling.length === 0) return null;
  const shown = settling.slice(-SETTLING_SHOWN);
  return (
    <>
      <h3>{t('device.acceptance.settlingTitle')}</h3>
      <ul className="acceptance-checks" aria-label={t('device.acceptance.settlingLabel')}>
        {settling.length > shown.length && (
          <li>{t('device.acceptance.earlier', { count: settling.length - shown.length })}</li>
        )}
        {shown.map((r) => (
          <li key={r.at}>
            {t('device.acceptance.settlingReading', {
              time: time(tr, r.at),
              state: r.state ?? t('device.acceptance.noState'),
              hashRate:
                r.hashRateThs === null
                  ? t('device.acceptance.noHashRate')
                  : t('common.unit.hashRate', { value: numberText(tr, r.hashRateThs, 2), unit: 'TH/s' }),
            })}
          </li>
        ))}
      </ul>
    </>
  );
}

export function DeviceAcceptance({ deviceId }: { deviceId: string }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const phase = useRootStore((s) => s.acceptancePhases[deviceId]);
  const verdict = useRootStore((s) => s.verdicts[deviceId]);
  if (phase !== undefined) {
    return (
      <p className="field-hint" data-phase={phase.phase}>
        {phaseText(tr, phase)}
      </p>
    );
  }
  if (verdict === undefined) {
    return <p className="field-hint">{t('device.acceptance.none')}</p>;
  }
  const pending = verdict.verdict === 'pending';
  return (
    <section aria-label={t('device.acceptance.label')}>
      <p>
        <span className={`badge ${BADGE[verdict.verdict]}`}>
          {t('device.acceptance.verdict', { verdict: verdict.verdict })}
        </span>{' '}
        {dateTimeText(tr, new Date(verdict.endedAt))}
        {verdict.settledAt != null &&
          ` · ${t('device.acceptance.settled', { time: time(tr, verdict.settledAt) })}`}
      </p>
      {pending && (
        <p className="notice-warn" data-pending-reason>
          {t('device.acceptance.pending', { reasons: verdictReasons(tr, verdict).join('; ') })}
        </p>
      )}
      <ul className="acceptance-checks" aria-label={t('device.acceptance.checks')}>
        {verdict.checks.map((check) => (
          <li key={check.check} data-pass={String(check.pass)}>
            {check.pass ? '✓' : '✗'} {madeText(tr, check.words, check.text)}
          </li>
        ))}
      </ul>
      <h3>{t('device.acceptance.evidence')}</h3>
      <ul className="acceptance-checks">
        {evidenceTexts(tr, verdict).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <SettlingReadings verdict={verdict} />
      <p className="field-hint">{criteriaWords(tr, verdict.criteria)}</p>
    </section>
  );
}
