/** The latest reading in words and numbers: state and reason, hash rate, temperatures, power, fans, identity. */
import type { ReactNode } from 'react';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { NONE, celsius, formatDuration, hashRate, watts } from '../../lib/format';
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

export function DeviceReadings({ detail }: { detail: DeviceDetailView }): ReactNode {
  const { reading, device, alerts } = detail;
  const view = device.view;
  const hr = reading?.hashRate;
  const flags = reading?.flags;
  return (
    <div className="readings">
      <p className="reading-reason">{view?.reason ?? 'Not polled yet.'}</p>
      {alerts.length > 0 && (
        <ul className="alert-list" aria-label="Active alerts">
          {alerts.map((a) => (
            <li key={a.id} className="alert-item">
              <strong>{ALERT_WORDS[a.kind]}:</strong> {a.message}
            </li>
          ))}
        </ul>
      )}
      <dl className="reading-grid">
        <Item term="Device says">{reading?.state.name ?? NONE}</Item>
        <Item term="Hash rate">{hashRate(toHs(hr?.realtime ?? hr?.average, hr?.unit))}</Item>
        <Item term="Nominal">{hashRate(toHs(hr?.nominal, hr?.unit))}</Item>
        <Item term="Hottest chip">{celsius(reading?.chipTemp?.max)}</Item>
        <Item term="Hottest board">{celsius(reading?.boardTemp?.max)}</Item>
        <Item term="Power">{watts(reading?.powerW)}</Item>
        <Item term="Efficiency">
          {reading?.efficiency === undefined ? NONE : `${reading.efficiency.toFixed(1)} J/TH`}
        </Item>
        <Item term="In this state">
          {reading?.state.sinceSeconds === undefined ? NONE : formatDuration(reading.state.sinceSeconds)}
        </Item>
        <Item term="Fans">
          {reading === undefined || reading.fans.length === 0
            ? NONE
            : reading.fans
                .map((f) => (f.rpm === undefined ? '?' : f.rpm.toLocaleString('en-US')))
                .join(' · ') + ' rpm'}
        </Item>
        <Item term="Model">{reading?.identity?.model ?? device.identity.model ?? NONE}</Item>
        <Item term="Firmware">{reading?.identity?.firmware ?? device.identity.firmware ?? NONE}</Item>
        <Item term="MAC">{device.identity.mac ?? reading?.identity?.mac ?? NONE}</Item>
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
