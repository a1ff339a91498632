/**
 * What each fleet cell shows, in words a technician reads at a glance: a coloured state badge with how
 * long it has been so and the monitor's reason under it, hash rate against nominal, the hottest chip,
 * fans, power, what is stored (badges, never secrets), alerts, and the outcome of the last action.
 */
import type { ReactNode } from 'react';
import { ALERT_TEXT, STATE_LOOKS } from '../../lib/states';
import {
  celsiusText,
  durationText,
  hashRateText,
  NO_VALUE,
  powerText,
} from '../../../../shared/i18n/formats';
import { localText } from '../../../../shared/i18n/local-text';
import { useT } from '../../i18n/i18n-provider';
import { monitorReasonText } from '../../lib/monitor-reason';
import type { FleetRow, RowOutcome } from '../../stores/fleet-rows';
import { ImplausibleMark } from '../../components/implausible-mark';
import { implausibleAt } from '../../../../shared/format/implausible';
import { minerStateLook } from '../../../../shared/domain/miner-states';
import { disruptionLabel } from '../../lib/disruption-words';
import { AcceptanceBadge } from './acceptance-badge';
import { PresetNote } from './preset-note';

export function StateCell({ row, now }: { row: FleetRow; now: number }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const look = STATE_LOOKS[row.state];
  // A device not watched is so because monitoring is stopped: the window's own words, not main's.
  const reason =
    row.state === 'not-watched' ? t('fleet.cell.monitoringStopped') : monitorReasonText(tr, row.reason);
  // A reboot or restart this laptop asked for: its words, counted down, in the badge (two lines, the
  // column's width: no room for the LED, whose last reading a reboot makes stale anyway).
  const away = disruptionLabel(row.state, row.reason, row.since, now);
  if (away !== undefined) {
    return (
      <span
        className={`badge badge-${look.tone} badge-away`}
        data-state={row.state}
        title={t('fleet.cell.awayTitle')}
      >
        {t(away.headline)} <span className="badge-when">({t(away.when)})</span>
      </span>
    );
  }
  return (
    <div className="cell-stack">
      <span className="cell-line">
        <span className={`badge badge-${look.tone}`} data-state={row.state}>
          {t(look.text)}
          {row.since !== undefined && row.state !== 'not-watched' ? (
            <span className="badge-time"> · {durationText(tr, Math.max(0, now - row.since) / 1000)}</span>
          ) : null}
        </span>
        {row.locateLed === true && (
          <span className="mini-badge mini-led" data-led="on" title={t('fleet.cell.ledTitle')}>
            {t('fleet.cell.ledOn')}
          </span>
        )}
        <AcceptanceBadge deviceId={row.id} />
      </span>
      <span
        className="cell-sub"
        title={row.minerState === undefined ? reason : `${reason}: ${minerStateLook(row.minerState).words}`}
      >
        {reason}
      </span>
    </div>
  );
}

export function DeviceCell({ row, onOpen }: { row: FleetRow; onOpen: (id: string) => void }): ReactNode {
  const { t } = useT();
  return (
    <div className="cell-stack">
      <button
        type="button"
        className="link-button cell-main mono"
        onClick={() => onOpen(row.id)}
        title={t('fleet.cell.openDetails')}
      >
        {row.host}
      </button>
      {/* Another device reports this MAC (a cloned or misconfigured board): said in place of the host
          name, which a cloned board image repeats anyway (it stays in the title). */}
      {row.sameMac !== undefined ? (
        <span
          className="cell-sub tone-bad"
          data-conflict="same-mac"
          title={t('fleet.cell.sameMacTitle', {
            sameMac: t(row.sameMac),
            mac: row.mac ?? NO_VALUE,
            hostname: row.hostname ?? NO_VALUE,
          })}
        >
          {t(row.sameMac)}
        </span>
      ) : (
        <span className="cell-sub">{row.hostname ?? NO_VALUE}</span>
      )}
    </div>
  );
}

/** The slot it stands in and its rack's area; a dash while in none (the Racks view places it). */
export function LocationCell({ row }: { row: FleetRow }): ReactNode {
  const { t } = useT();
  const where = row.location;
  if (where === undefined) return <span className="cell-sub">{NO_VALUE}</span>;
  return (
    <div className="cell-stack" title={t('fleet.cell.locationTitle', { area: where.area, rack: where.rack })}>
      <span className="cell-main mono">{where.slot}</span>
      <span className="cell-sub">{t('fleet.cell.locationSub', { area: where.area, rack: where.rack })}</span>
    </div>
  );
}

export function ModelCell({ row }: { row: FleetRow }): ReactNode {
  return (
    <div className="cell-stack">
      <span className="cell-main">{row.model ?? NO_VALUE}</span>
      <span className="cell-sub">{row.firmware ?? NO_VALUE}</span>
    </div>
  );
}

/** The device's implausible input for a summary field, if it sent any (the value is then left out). */
const oddAt = (row: FleetRow, field: keyof FleetRow) => implausibleAt(row.implausible, field);

export function HashRateCell({ row }: { row: FleetRow }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const share =
    row.hashRate !== undefined && row.nominalHashRate !== undefined && row.nominalHashRate > 0
      ? row.hashRate / row.nominalHashRate
      : undefined;
  const low = row.alerts.includes('hash-rate');
  const odd = oddAt(row, 'hashRate');
  const oddNominal = oddAt(row, 'nominalHashRate');
  return (
    <div className="cell-stack cell-number">
      {odd !== undefined ? (
        <ImplausibleMark entry={odd} className="cell-main" />
      ) : (
        <span className={low ? 'cell-main tone-bad' : 'cell-main'}>{hashRateText(tr, row.hashRate)}</span>
      )}
      {oddNominal !== undefined ? (
        <ImplausibleMark entry={oddNominal} className="cell-sub" prefix={t('fleet.cell.nominalPrefix')} />
      ) : (
        <span
          className="cell-sub"
          title={
            share === undefined
              ? undefined
              : t('fleet.cell.nominal', { value: hashRateText(tr, row.nominalHashRate) })
          }
        >
          {share === undefined
            ? t('fleet.cell.nominalNone')
            : t('fleet.cell.ofNominal', { percent: Math.round(share * 100) })}
        </span>
      )}
    </div>
  );
}

export function TempCell({ row }: { row: FleetRow }): ReactNode {
  const tr = useT();
  const hot = row.alerts.includes('temperature');
  const odd = oddAt(row, 'chipTempMax');
  const value = (
    <span className={hot ? 'cell-number tone-bad' : 'cell-number'}>{celsiusText(tr, row.chipTempMax)}</span>
  );
  if (odd === undefined) return value;
  // The hottest plausible board may still give a value; the implausible one is shown under it.
  return row.chipTempMax === undefined ? (
    <ImplausibleMark entry={odd} className="cell-number" />
  ) : (
    <div className="cell-stack cell-number">
      {value}
      <ImplausibleMark entry={odd} className="cell-sub" />
    </div>
  );
}

export function FansCell({ row }: { row: FleetRow }): ReactNode {
  const { t } = useT();
  const odd = oddAt(row, 'fanRpmMin');
  if (row.fanCount === undefined) {
    return odd === undefined ? (
      <span className="cell-number">{NO_VALUE}</span>
    ) : (
      <ImplausibleMark entry={odd} className="cell-number" />
    );
  }
  const stopped = row.fanRpmMin === 0;
  return (
    <div className="cell-stack cell-number">
      <span className={stopped ? 'cell-main tone-bad' : 'cell-main'}>
        {t('fleet.cell.fans', { count: row.fanCount })}
      </span>
      {odd !== undefined ? (
        <ImplausibleMark entry={odd} className="cell-sub" />
      ) : (
        <span className="cell-sub">
          {stopped ? t('fleet.cell.fanStopped') : t('fleet.cell.fanRpm', { rpm: row.fanRpmMin ?? 0 })}
        </span>
      )}
    </div>
  );
}

export function PowerCell({ row }: { row: FleetRow }): ReactNode {
  const tr = useT();
  const odd = oddAt(row, 'powerW');
  return (
    <div className="cell-stack">
      {odd === undefined ? (
        <span className="cell-number">{powerText(tr, row.powerW)}</span>
      ) : (
        <ImplausibleMark entry={odd} className="cell-number" />
      )}
      {/* The autotune preset it runs (read by main only when due): power profiles. */}
      <PresetNote deviceId={row.id} />
    </div>
  );
}

const PASSWORD_WORDS = {
  none: 'fleet.credential.none',
  device: 'fleet.credential.device',
  site: 'fleet.credential.site',
  rejected: 'fleet.credential.rejected',
} as const;

export function CredentialsCell({ row }: { row: FleetRow }): ReactNode {
  const { t } = useT();
  return (
    <div className="cell-badges">
      {/* The working password is the vendor default: an open door on the LAN, said in place
          of the password badge (a row has room for two). */}
      {row.factoryPassword ? (
        <span
          className="mini-badge mini-bad"
          data-credential="factory-password"
          title={t('fleet.credential.factoryTitle', { password: row.password })}
        >
          {t('fleet.credential.factoryBadge')}
        </span>
      ) : (
        <span
          className={`mini-badge ${row.password === 'none' ? 'mini-off' : row.password === 'rejected' ? 'mini-bad' : 'mini-on'}`}
          data-credential="password"
        >
          {t(PASSWORD_WORDS[row.password])}
        </span>
      )}
      <span className={`mini-badge ${row.apiKey ? 'mini-on' : 'mini-off'}`} data-credential="api-key">
        {row.apiKey ? t('fleet.credential.apiKey') : t('fleet.credential.noApiKey')}
      </span>
    </div>
  );
}

export function AlertsCell({ row }: { row: FleetRow }): ReactNode {
  const { t } = useT();
  if (row.alerts.length === 0) return <span className="cell-sub">{t('fleet.cell.alertsNone')}</span>;
  return (
    <div className="cell-badges" title={row.alerts.map((kind) => t(ALERT_TEXT[kind])).join(', ')}>
      {row.alerts.map((kind) => (
        <span key={kind} className="mini-badge mini-bad">
          {t(ALERT_TEXT[kind])}
        </span>
      ))}
    </div>
  );
}

export function OutcomeCell({ outcome }: { outcome: RowOutcome | undefined }): ReactNode {
  const tr = useT();
  if (outcome === undefined) return <span className="cell-sub">{NO_VALUE}</span>;
  const words = localText(tr, outcome);
  // Its message says "Skipped: <why>" itself.
  if (outcome.skipped === true) {
    return (
      <span className="outcome outcome-skipped" title={words}>
        <span aria-hidden="true">– </span>
        {words}
      </span>
    );
  }
  return (
    <span className={outcome.ok ? 'outcome outcome-ok' : 'outcome outcome-bad'} title={words}>
      <span aria-hidden="true">{outcome.ok ? '✓ ' : '✗ '}</span>
      <span className="visually-hidden">
        {outcome.ok ? tr.t('fleet.cell.done') : tr.t('fleet.cell.failed')}
      </span>
      {words}
    </span>
  );
}
