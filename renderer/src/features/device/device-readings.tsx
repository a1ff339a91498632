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
import {
  NO_VALUE as NONE,
  celsiusText,
  durationText,
  hashRateText,
  numberText,
  powerText,
} from '../../../../shared/i18n/formats';
import { localText } from '../../../../shared/i18n/local-text';
import type { Translator } from '../../../../shared/i18n/translate';
import type { DeviceDetailView } from '../../../../shared/ipc/channels/monitor';
import { ImplausibleMark } from '../../components/implausible-mark';
import { DeviceName } from '../../components/device-name';
import { useT } from '../../i18n/i18n-provider';
import { monitorReasonText } from '../../lib/monitor-reason';
import { ALERT_TEXT } from '../../lib/states';
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

/** The flags the device raised, each in a word, or nothing. */
function flagWords(tr: Translator, flags: DeviceReading['flags'] | undefined): string | undefined {
  if (flags === undefined) return undefined;
  const said = [
    flags.restartRequired && tr.t('device.readings.restartRequired'),
    flags.rebootRequired && tr.t('device.readings.rebootRequired'),
    flags.locateLed && tr.t('device.readings.locateLed'),
  ].filter((x): x is string => typeof x === 'string');
  return said.length === 0 ? undefined : said.join(' · ');
}

/** An alert's words: the monitor's message in the reader's language, or the state's reason by its shape. */
function alertText(tr: Translator, alert: DeviceDetailView['alerts'][number]): string {
  return alert.text === undefined ? monitorReasonText(tr, alert.message) : localText(tr, alert);
}

function readsWith(tr: Translator, credential: DeviceDetailView['credential']): string {
  if (credential === 'apiKey') return tr.t('device.readings.apiKey');
  if (credential === 'token') return tr.t('device.readings.passwordSession');
  return NONE;
}

export function DeviceReadings({ detail }: { detail: DeviceDetailView }): ReactNode {
  const tr = useT();
  const { t } = tr;
  const hashRate = (hs: number | undefined): string => hashRateText(tr, hs);
  const celsius = (value: number | undefined | null): string => celsiusText(tr, value);
  const watts = (value: number | undefined): string => powerText(tr, value);
  const efficiency = (value: number): string =>
    t('device.readings.efficiencyValue', { value: numberText(tr, value, 1) });
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
      <p className="reading-reason">
        {view?.reason === undefined ? t('device.readings.notPolled') : monitorReasonText(tr, view.reason)}
      </p>
      {last !== undefined && <p className="field-hint">{t('device.readings.lastSummary')}</p>}
      {alerts.length > 0 && (
        <ul className="alert-list" aria-label={t('device.readings.activeAlerts')}>
          {alerts.map((a) => (
            <li key={a.id} className="alert-item">
              <strong>{t(ALERT_TEXT[a.kind])}</strong>{' '}
              <DeviceName deviceId={a.deviceId} address={a.address} />: {alertText(tr, a)}
            </li>
          ))}
        </ul>
      )}
      <dl className="reading-grid">
        <Item term={t('device.readings.deviceSays')}>
          {reading === undefined ? NONE : <StateWords name={reading.state.name} />}
        </Item>
        <Item term={t('device.readings.hashRate')}>
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
        <Item term={t('device.readings.nominal')}>
          {orLast(
            orImplausible(reading, 'hashRate.nominal', hashRate(toHs(hr?.nominal, hr?.unit))),
            last?.nominalHashRate,
            hashRate,
          )}
        </Item>
        <Item term={t('device.readings.hottestChip')}>
          {orLast(
            orImplausible(reading, 'chipTemp.max', celsius(reading?.chipTemp?.max)),
            last?.chipTempMax,
            celsius,
          )}
        </Item>
        <Item term={t('device.readings.hottestBoard')}>
          {orLast(
            orImplausible(reading, 'boardTemp.max', celsius(reading?.boardTemp?.max)),
            last?.boardTempMax,
            celsius,
          )}
        </Item>
        <Item term={t('device.readings.power')}>
          {orLast(orImplausible(reading, 'powerW', watts(reading?.powerW)), last?.powerW, watts)}
        </Item>
        <Item term={t('device.readings.efficiency')}>
          {orLast(
            orImplausible(
              reading,
              'efficiency',
              reading?.efficiency === undefined ? NONE : efficiency(reading.efficiency),
            ),
            last?.efficiency,
            efficiency,
          )}
        </Item>
        <Item term={t('device.readings.inThisState')}>
          {orImplausible(
            reading,
            'state.sinceSeconds',
            reading?.state.sinceSeconds === undefined ? NONE : durationText(tr, reading.state.sinceSeconds),
          )}
        </Item>
        <Item term={t('device.readings.fans')}>
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
                    f.rpm === undefined ? '?' : numberText(tr, f.rpm),
                  )}
                </span>
              ))}
              {` ${t('device.readings.rpm')}`}
            </>
          )}
        </Item>
        <Item term={t('device.readings.model')}>
          {reading?.identity?.model ?? device.identity.model ?? NONE}
        </Item>
        <Item term={t('device.readings.firmware')}>
          {reading?.identity?.firmware ?? device.identity.firmware ?? NONE}
        </Item>
        <Item term={t('device.readings.mac')}>{mac ?? orImplausible(reading, 'identity.mac', NONE)}</Item>
        <Item term={t('device.readings.serial')}>
          {device.identity.serial ?? reading?.identity?.serial ?? NONE}
        </Item>
        <Item term={t('device.readings.lastPoll')}>
          {detail.lastPollMs === undefined
            ? NONE
            : t('device.readings.milliseconds', { value: numberText(tr, detail.lastPollMs) })}
        </Item>
        <Item term={t('device.readings.readsWith')}>{readsWith(tr, detail.credential)}</Item>
      </dl>
      {flagWords(tr, flags) !== undefined && <p className="notice-warn">{flagWords(tr, flags)}</p>}
      {reading !== undefined && reading.warnings.length > 0 && (
        <details>
          <summary>{t('device.readings.warnings', { count: reading.warnings.length })}</summary>
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
