/**
 * What each fleet cell shows, in words a technician reads at a glance: a coloured state badge with how
 * long it has been so and the monitor's reason under it, hash rate against nominal, the hottest chip,
 * fans, power, what is stored (badges, never secrets), alerts, and the outcome of the last action.
 */
import type { ReactNode } from 'react';
import { ALERT_WORDS, STATE_LOOKS } from '../../lib/states';
import { NONE, celsius, hashRate, since, watts } from '../../lib/format';
import type { FleetRow, RowOutcome } from '../../stores/fleet-rows';

export function StateCell({ row, now }: { row: FleetRow; now: number }): ReactNode {
  const look = STATE_LOOKS[row.state];
  return (
    <div className="cell-stack">
      <span className={`badge badge-${look.tone}`} data-state={row.state}>
        {look.label}
        {row.since !== undefined && row.state !== 'not-watched' ? (
          <span className="badge-time"> · {since(row.since, now)}</span>
        ) : null}
      </span>
      <span className="cell-sub" title={row.reason}>
        {row.reason}
      </span>
    </div>
  );
}

export function DeviceCell({ row, onOpen }: { row: FleetRow; onOpen: (id: string) => void }): ReactNode {
  return (
    <div className="cell-stack">
      <button
        type="button"
        className="link-button cell-main mono"
        onClick={() => onOpen(row.id)}
        title="Open the device's details"
      >
        {row.host}
      </button>
      <span className="cell-sub">{row.hostname ?? NONE}</span>
    </div>
  );
}

export function ModelCell({ row }: { row: FleetRow }): ReactNode {
  return (
    <div className="cell-stack">
      <span className="cell-main">{row.model ?? NONE}</span>
      <span className="cell-sub">{row.firmware ?? NONE}</span>
    </div>
  );
}

export function HashRateCell({ row }: { row: FleetRow }): ReactNode {
  const share =
    row.hashRate !== undefined && row.nominalHashRate !== undefined && row.nominalHashRate > 0
      ? row.hashRate / row.nominalHashRate
      : undefined;
  const low = row.alerts.includes('hash-rate');
  return (
    <div className="cell-stack cell-number">
      <span className={low ? 'cell-main tone-bad' : 'cell-main'}>{hashRate(row.hashRate)}</span>
      <span
        className="cell-sub"
        title={share === undefined ? undefined : `nominal ${hashRate(row.nominalHashRate)}`}
      >
        {share === undefined ? 'nominal –' : `${Math.round(share * 100)} % of nominal`}
      </span>
    </div>
  );
}

export function TempCell({ row }: { row: FleetRow }): ReactNode {
  const hot = row.alerts.includes('temperature');
  return <span className={hot ? 'cell-number tone-bad' : 'cell-number'}>{celsius(row.chipTempMax)}</span>;
}

/** One formatter for every row: `toLocaleString` builds a new one per call (tens of µs, every redraw). */
const RPM = new Intl.NumberFormat('en-US');

export function FansCell({ row }: { row: FleetRow }): ReactNode {
  if (row.fanCount === undefined) return <span className="cell-number">{NONE}</span>;
  const stopped = row.fanRpmMin === 0;
  return (
    <div className="cell-stack cell-number">
      <span className={stopped ? 'cell-main tone-bad' : 'cell-main'}>{row.fanCount} fans</span>
      <span className="cell-sub">
        {stopped ? 'one has stopped' : `≥ ${RPM.format(row.fanRpmMin ?? 0)} rpm`}
      </span>
    </div>
  );
}

export function PowerCell({ row }: { row: FleetRow }): ReactNode {
  return <span className="cell-number">{watts(row.powerW)}</span>;
}

const PASSWORD_WORDS = {
  none: 'No password',
  device: 'Password',
  site: 'Site password',
  rejected: 'Password refused',
} as const;

export function CredentialsCell({ row }: { row: FleetRow }): ReactNode {
  return (
    <div className="cell-badges">
      <span
        className={`mini-badge ${row.password === 'none' ? 'mini-off' : row.password === 'rejected' ? 'mini-bad' : 'mini-on'}`}
        data-credential="password"
      >
        {PASSWORD_WORDS[row.password]}
      </span>
      <span className={`mini-badge ${row.apiKey ? 'mini-on' : 'mini-off'}`} data-credential="api-key">
        {row.apiKey ? 'API key' : 'No API key'}
      </span>
    </div>
  );
}

export function AlertsCell({ row }: { row: FleetRow }): ReactNode {
  if (row.alerts.length === 0) return <span className="cell-sub">None</span>;
  return (
    <div className="cell-badges">
      {row.alerts.map((kind) => (
        <span key={kind} className="mini-badge mini-bad">
          {ALERT_WORDS[kind]}
        </span>
      ))}
    </div>
  );
}

export function OutcomeCell({ outcome }: { outcome: RowOutcome | undefined }): ReactNode {
  if (outcome === undefined) return <span className="cell-sub">{NONE}</span>;
  return (
    <span className={outcome.ok ? 'outcome outcome-ok' : 'outcome outcome-bad'} title={outcome.message}>
      <span aria-hidden="true">{outcome.ok ? '✓ ' : '✗ '}</span>
      <span className="visually-hidden">{outcome.ok ? 'Done: ' : 'Failed: '}</span>
      {outcome.message}
    </span>
  );
}
