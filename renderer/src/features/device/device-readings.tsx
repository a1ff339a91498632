/**
 * The latest reading in words and numbers: state and reason, hash rate, temperatures, power, fans, identity.
 * A value the device sent that is physically implausible reads "implausible" (what it sent on hover; the
 * Raw JSON tab has the body), never the number.
 */
import type { ReactNode } from 'react';
import { parseMac } from '../../../../shared/domain/mac';
import { minerStateLook } from '../../../../shared/domain/miner-states';
import type { ReadingSummary } from '../../../../shared/domain/monitor';
import type { DeviceReading } from '../../../../shared/domain/reading';
import { implausibleAt } from '../../../../shared/format/implausible';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { ImplausibleMark } from '../../components/implausible-mark';
import { NONE, celsius, formatDuration, hashRate, watts } from '../../lib/format';
import { DeviceName } from '../../components/device-name';
import { ALERT_WORDS } from '../../lib/states';
import { toHs } from './units';

function Item({ term, children }: { term: string; children: ReactNode }): ReactNode {
  return (
    <div className="reading">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** `shown` as it is, unless the device sent an implausible value for `field`: then the mark. */
function orImplausible(reading: DeviceReading | undefined, field: string, shown: ReactNode): ReactNode {
  const odd = implausibleAt(reading?.implausible, field);
  return odd === undefined ? shown : <ImplausibleMark entry={odd} />;
}

/** The state word with its meaning: "shutting-down — mining is shutting down; …". */
function StateWords({ name }: { name: string }): ReactNode {
  return (
    <>
      <span className="mono">{name}</span>
      <span className="reading-words"> — {minerStateLook(name).words}</span>
    </>
  );
}

/**
 * The numbers the fleet view shows (H/s, °C, W), for a device whose whole last summary is not kept: main
 * keeps it only while the device is open, and reads one when it is opened — a device that stopped
 * answering meanwhile shows what its last summary said, as its row does.
 */
function lastSummary(detail: DeviceDetailView): ReadingSummary | undefined {
  const last = detail.raw.summary === undefined ? detail.device.view?.reading : undefined;
  // A firmware without `/summary` has none of these: nothing to stand in for.
  const said = [last?.hashRate, last?.nominalHashRate, last?.chipTempMax, last?.powerW].some(
    (value) => value !== undefined,
  );
  return said ? last : undefined;
}

export function DeviceReadings({ detail }: { detail: DeviceDetailView }): ReactNode {
  const { reading, device, alerts } = detail;
  const view = device.view;
  const last = lastSummary(detail);
  /** The full reading's value; without a summary kept, the last summary's (when it gave one). */
  const orLast = (full: ReactNode, value: number | undefined, format: (n: number) => ReactNode): ReactNode =>
    last === undefined || value === undefined ? full : format(value);
  const hr = reading?.hashRate;
  const flags = reading?.flags;
  // The current rate is realtime when the device sent one (even an implausible one), as in the fleet.
  const realtimeSent =
    hr?.realtime !== undefined || implausibleAt(reading?.implausible, 'hashRate.realtime') !== undefined;
  const current = realtimeSent ? 'hashRate.realtime' : 'hashRate.average';
  // Only a MAC is shown as the MAC (an inventory from an older version may hold other text).
  const stored = device.identity.mac === null ? undefined : parseMac(device.identity.mac);
  const mac = stored ?? reading?.identity?.mac;
  return (
    <div className="readings">
      <p className="reading-reason">{view?.reason ?? 'Not polled yet.'}</p>
      {last !== undefined && (
        <p className="field-hint">
          The numbers its last summary gave; fans, pools and boards come when the device answers again.
        </p>
      )}
      {alerts.length > 0 && (
        <ul className="alert-list" aria-label="Active alerts">
          {alerts.map((a) => (
            <li key={a.id} className="alert-item">
              <strong>{ALERT_WORDS[a.kind]}</strong> <DeviceName deviceId={a.deviceId} address={a.address} />:{' '}
              {a.message}
            </li>
          ))}
        </ul>
      )}
      <dl className="reading-grid">
        <Item term="Device says">
          {reading === undefined ? NONE : <StateWords name={reading.state.name} />}
        </Item>
        <Item term="Hash rate">
          {orLast(
            orImplausible(
              reading,
              current,
              hashRate(toHs(realtimeSent ? hr?.realtime : hr?.average, hr?.unit)),
            ),
            last?.hashRate,
            hashRate,
          )}
        </Item>
        <Item term="Nominal">
          {orLast(
            orImplausible(reading, 'hashRate.nominal', hashRate(toHs(hr?.nominal, hr?.unit))),
            last?.nominalHashRate,
            hashRate,
          )}
        </Item>
        <Item term="Hottest chip">
          {orLast(
            orImplausible(reading, 'chipTemp.max', celsius(reading?.chipTemp?.max)),
            last?.chipTempMax,
            celsius,
          )}
        </Item>
        <Item term="Hottest board">
          {orLast(
            orImplausible(reading, 'boardTemp.max', celsius(reading?.boardTemp?.max)),
            last?.boardTempMax,
            celsius,
          )}
        </Item>
        <Item term="Power">
          {orLast(orImplausible(reading, 'powerW', watts(reading?.powerW)), last?.powerW, watts)}
        </Item>
        <Item term="Efficiency">
          {orLast(
            orImplausible(
              reading,
              'efficiency',
              reading?.efficiency === undefined ? NONE : `${reading.efficiency.toFixed(1)} J/TH`,
            ),
            last?.efficiency,
            (v) => `${v.toFixed(1)} J/TH`,
          )}
        </Item>
        <Item term="In this state">
          {orImplausible(
            reading,
            'state.sinceSeconds',
            reading?.state.sinceSeconds === undefined ? NONE : formatDuration(reading.state.sinceSeconds),
          )}
        </Item>
        <Item term="Fans">
          {reading === undefined || reading.fans.length === 0 ? (
            NONE
          ) : (
            <>
              {reading.fans.map((f, i) => (
                <span key={i}>
                  {i > 0 && ' · '}
                  {orImplausible(
                    reading,
                    `fans[${i}].rpm`,
                    f.rpm === undefined ? '?' : f.rpm.toLocaleString('en-US'),
                  )}
                </span>
              ))}
              {' rpm'}
            </>
          )}
        </Item>
        <Item term="Model">{reading?.identity?.model ?? device.identity.model ?? NONE}</Item>
        <Item term="Firmware">{reading?.identity?.firmware ?? device.identity.firmware ?? NONE}</Item>
        <Item term="MAC">{mac ?? orImplausible(reading, 'identity.mac', NONE)}</Item>
        <Item term="Serial">{device.identity.serial ?? reading?.identity?.serial ?? NONE}</Item>
        <Item term="Last poll">{detail.lastPollMs === undefined ? NONE : `${detail.lastPollMs} ms`}</Item>
        <Item term="Reads with">
          {detail.credential === 'apiKey'
            ? 'API key'
            : detail.credential === 'token'
              ? 'password session'
              : NONE}
        </Item>
      </dl>
      {flags !== undefined && (flags.restartRequired || flags.rebootRequired || flags.locateLed) && (
        <p className="notice-warn">
          {[
            flags.restartRequired && 'Restart required',
            flags.rebootRequired && 'Reboot required',
            flags.locateLed && 'Locate LED is on',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {reading !== undefined && reading.warnings.length > 0 && (
        <details>
          <summary>What the device sent that could not be read ({reading.warnings.length})</summary>
          <ul>
            {reading.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
