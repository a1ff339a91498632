/**
 * A firmware rollout as it runs and as it ended: the step under way, the tally, each device's step live
 * (waiting, uploading with its percent, rebooting, verifying, then verified, failed with why, skipped, not
 * started), "Stop after this batch" and cancel; the question about certificates that changed after the
 * update, with both fingerprints and one button for all of them; and the outcome in one sentence with the
 * failed devices named (outcome-failures.tsx: "Select the N failed devices").
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type {
  FirmwareDeviceOutcome,
  FirmwareDeviceProgress,
  FirmwareDeviceStep,
  FirmwareOutcome,
} from '../../../../shared/domain/firmware';
import type { MessageId } from '../../../../shared/i18n/catalogs';
import type { MessageRef } from '../../../../shared/i18n/message';
import { message } from '../../../../shared/i18n/message';
import type { Translator } from '../../../../shared/i18n/translate';
import type { CertificateQuestion, FirmwareRun } from '../../../../shared/ipc/channels/firmware';
import { useT } from '../../i18n/i18n-provider';
import type { RowOutcome } from '../../stores/fleet-rows';
import { useRootStore } from '../../stores/root-store';
import { stepNameText } from './firmware-plan';
import { RunProgress } from '../../components/run-progress';
import { OutcomeFailures } from './outcome-failures';

/** The rollout's steps (core's rollout-progress.ts) in the per-step counts. */
const ROLLOUT_STEP_NAMES: Readonly<Record<string, MessageRef>> = {
  upload: message('fleet-actions.firmwareRun.phase.upload'),
  install: message('fleet-actions.firmwareRun.phase.install'),
  verify: message('fleet-actions.firmwareRun.phase.verify'),
};

const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');
/** Addresses the outcome names per kind at most; the rest are counted (as the CLI's sentence does). */
const NAMED = 10;

/** Each step's badge word and its count in the tally ("3 uploading"), in the tally's order. */
const STEP_WORDS: Record<FirmwareDeviceStep, { badge: MessageId; tally: MessageId }> = {
  waiting: {
    badge: 'fleet-actions.firmwareRun.step.waiting',
    tally: 'fleet-actions.firmwareRun.tally.waiting',
  },
  uploading: {
    badge: 'fleet-actions.firmwareRun.step.uploading',
    tally: 'fleet-actions.firmwareRun.tally.uploading',
  },
  rebooting: {
    badge: 'fleet-actions.firmwareRun.step.rebooting',
    tally: 'fleet-actions.firmwareRun.tally.rebooting',
  },
  verifying: {
    badge: 'fleet-actions.firmwareRun.step.verifying',
    tally: 'fleet-actions.firmwareRun.tally.verifying',
  },
  'certificate-changed': {
    badge: 'fleet-actions.firmwareRun.step.certificateChanged',
    tally: 'fleet-actions.firmwareRun.tally.certificateChanged',
  },
  verified: {
    badge: 'fleet-actions.firmwareRun.step.verified',
    tally: 'fleet-actions.firmwareRun.tally.verified',
  },
  failed: { badge: 'fleet-actions.firmwareRun.step.failed', tally: 'fleet-actions.firmwareRun.tally.failed' },
  skipped: { badge: 'fleet-actions.common.skipped', tally: 'fleet-actions.firmwareRun.tally.skipped' },
  'not-started': {
    badge: 'fleet-actions.firmwareRun.step.notStarted',
    tally: 'fleet-actions.firmwareRun.tally.notStarted',
  },
  unknown: {
    badge: 'fleet-actions.firmwareRun.step.unknown',
    tally: 'fleet-actions.firmwareRun.tally.unknown',
  },
};

const STEP_TONES: Record<FirmwareDeviceStep, string> = {
  waiting: 'badge-idle',
  uploading: 'firmware-role',
  rebooting: 'firmware-role',
  verifying: 'firmware-role',
  'certificate-changed': 'badge-warn',
  verified: 'badge-good',
  failed: 'badge-bad',
  skipped: 'badge-idle',
  'not-started': 'badge-idle',
  unknown: 'badge-warn',
};

/** Devices by where they are: "12 verified · 1 failed · 3 uploading …" (only the steps some device is at). */
function tally(tr: Translator, devices: readonly FirmwareDeviceProgress[]): string {
  const by = new Map<FirmwareDeviceStep, number>();
  for (const d of devices) by.set(d.step, (by.get(d.step) ?? 0) + 1);
  return (Object.keys(STEP_WORDS) as FirmwareDeviceStep[])
    .filter((step) => (by.get(step) ?? 0) > 0)
    .map((step) => tr.t(STEP_WORDS[step].tally, { count: by.get(step) ?? 0 }))
    .join(' · ');
}

/**
 * "Firmware 1.2.7 on 198 of 200 devices; 2 failed: 10.0.0.7, 10.0.0.9; 5 not started; 3 skipped.": the
 * failed and unknown devices named (ten at most, then "and N more"); the CLI's is shared/format's.
 */
export function firmwareSummaryText(
  tr: Translator,
  outcome: Pick<FirmwareOutcome, 'counts' | 'devices' | 'version'>,
): string {
  const { counts } = outcome;
  const named = (kind: FirmwareDeviceOutcome['outcome']): string => {
    const hosts = outcome.devices.filter((d) => d.outcome === kind).map((d) => hostOf(d.address));
    const shown = hosts.slice(0, NAMED).join(', ');
    return hosts.length > NAMED
      ? tr.t('fleet-actions.firmwareRun.andMore', { hosts: shown, count: hosts.length - NAMED })
      : shown;
  };
  const parts = [
    tr.t('fleet-actions.firmwareRun.summary', {
      version: outcome.version ?? tr.t('fleet-actions.firmwareRun.newVersion'),
      verified: counts.verified,
      count: outcome.devices.length - counts.skipped,
    }),
  ];
  if (counts.failed > 0)
    parts.push(
      tr.t('fleet-actions.firmwareRun.summaryFailed', { count: counts.failed, hosts: named('failed') }),
    );
  if (counts.unknown > 0)
    parts.push(
      tr.t('fleet-actions.firmwareRun.summaryUnknown', { count: counts.unknown, hosts: named('unknown') }),
    );
  if (counts.notStarted > 0)
    parts.push(tr.t('fleet-actions.firmwareRun.summaryNotStarted', { count: counts.notStarted }));
  if (counts.skipped > 0)
    parts.push(tr.t('fleet-actions.firmwareRun.summarySkipped', { count: counts.skipped }));
  return tr.t('fleet-actions.firmwareRun.sentence', { parts: parts.join('; ') });
}

/** Main's "stop after this batch" reason as the store words it, in the reader's language. */
const stoppingText = (tr: Translator, stopping: string): string =>
  stopping === 'stopping after this batch, as asked'
    ? tr.t('fleet-actions.firmwareRun.stoppingAsked')
    : stopping;

/** "certificate changed after the update": both fingerprints per device, one answer for all of them. */
function CertificateQuestionBox({
  changes,
  pending,
}: {
  changes: CertificateQuestion['changes'];
  /** The rollout waits for the answer (else: after the rollout, the devices it could not verify). */
  pending: boolean;
}): ReactNode {
  const answer = useRootStore((s) => s.firmwareTrustRequested);
  const { t } = useT();
  const n = changes.length;
  return (
    <div className="firmware-question" role="group" aria-label={t('fleet-actions.firmwareRun.certChanged')}>
      <p>
        <strong>{t('fleet-actions.firmwareRun.certChanged')}</strong>{' '}
        {t('fleet-actions.firmwareRun.certOn', { count: n })}{' '}
        {pending ? t('fleet-actions.firmwareRun.certWaits') : t('fleet-actions.firmwareRun.certUnverified')}
      </p>
      <ul className="firmware-fingerprints" aria-label={t('fleet-actions.firmwareRun.certList')}>
        {changes.map((c) => (
          <li key={c.deviceId}>
            <span className="mono">{hostOf(c.address)}</span>: {t('fleet-actions.firmwareRun.certTrusted')}{' '}
            <span className="mono">{c.before}</span>, {t('fleet-actions.firmwareRun.certNow')}{' '}
            <span className="mono">{c.after}</span>
          </li>
        ))}
      </ul>
      <div className="firmware-question-actions">
        <button type="button" className="button button-primary" onClick={() => void answer(true)}>
          {t('fleet-actions.firmwareRun.trust', { count: n })}
        </button>
        {pending && (
          <button type="button" className="button" onClick={() => void answer(false)}>
            {t('fleet-actions.firmwareRun.dontTrust')}
          </button>
        )}
      </div>
    </div>
  );
}

function DeviceRow({ device }: { device: FirmwareDeviceProgress }): ReactNode {
  const { t } = useT();
  return (
    <tr data-step={device.step}>
      <td className="mono">{hostOf(device.address)}</td>
      <td>
        <span className={`badge ${STEP_TONES[device.step]}`}>
          {device.step === 'uploading' && device.percent !== undefined
            ? t('fleet-actions.firmwareRun.uploadingPercent', { percent: device.percent })
            : t(STEP_WORDS[device.step].badge)}
        </span>
      </td>
      <td>{device.words}</td>
    </tr>
  );
}

/** The failed devices as the shared failure list takes them (skipped and not started are not failures). */
const failuresOf = (run: FirmwareRun): Record<string, RowOutcome> =>
  Object.fromEntries(
    run.devices
      .filter((d) => d.step === 'failed' || d.step === 'unknown')
      .map((d) => [d.deviceId, { ok: false, message: d.words }]),
  );

export function FirmwareRunView({ run, onClose }: { run: FirmwareRun; onClose: () => void }): ReactNode {
  const s = useRootStore(
    useShallow((state) => ({
      stop: state.firmwareStopRequested,
      cancel: state.firmwareCancelRequested,
      trusted: state.firmwareTrusted,
    })),
  );
  const tr = useT();
  const { t } = tr;
  const running = run.status === 'running';
  const { outcome } = run;
  // After the rollout: updated devices whose new certificate was not trusted, for one step more.
  const untrusted = running
    ? []
    : (outcome?.devices ?? []).flatMap((d) =>
        d.outcome === 'failed' && d.certificate !== undefined
          ? [{ deviceId: d.deviceId, address: d.address, ...d.certificate }]
          : [],
      );
  // Skipped devices last; once it ended, the ones that need a look first.
  const first = (d: FirmwareDeviceProgress): boolean =>
    !running && (d.step === 'failed' || d.step === 'unknown');
  const inOrder = [
    ...run.devices.filter(first),
    ...run.devices.filter((d) => d.step !== 'skipped' && !first(d)),
    ...run.devices.filter((d) => d.step === 'skipped'),
  ];
  return (
    <div className="modal-form firmware-run">
      <p className="firmware-status" role="status">
        {running
          ? (run.step !== undefined
              ? t('fleet-actions.firmwareRun.now', { step: stepNameText(tr, run.step) })
              : t('fleet-actions.firmwareRun.starting')) +
            (run.stopping !== undefined
              ? t('fleet-actions.firmwareRun.stopping', { why: stoppingText(tr, run.stopping) })
              : '')
          : outcome !== undefined
            ? firmwareSummaryText(tr, outcome)
            : t('fleet-actions.firmwareRun.ended')}
      </p>
      {!running && outcome?.stopped !== undefined && (
        <p className="field-hint">
          {outcome.cancelled
            ? t('fleet-actions.firmwareRun.cancelled')
            : t('fleet-actions.firmwareRun.stopped', { why: outcome.stopped })}{' '}
          {t('fleet-actions.firmwareRun.again')}
        </p>
      )}
      {outcome !== undefined && outcome.activityErrors.length > 0 && (
        <p className="field-error" role="alert">
          {t('fleet-actions.firmwareRun.activityError', { error: outcome.activityErrors[0] ?? '' })}
        </p>
      )}
      <p className="firmware-tally">{tally(tr, run.devices)}</p>
      <RunProgress progress={run.progress} running={running} stepNames={ROLLOUT_STEP_NAMES} />
      {run.question !== undefined && <CertificateQuestionBox changes={run.question.changes} pending />}
      {untrusted.length > 0 && <CertificateQuestionBox changes={untrusted} pending={false} />}
      {s.trusted !== null && <p className="notice-ok">{s.trusted.map((m) => t(m)).join(' ')}</p>}
      {!running && (
        <div className="firmware-failures">
          <OutcomeFailures outcomes={failuresOf(run)} />
        </div>
      )}
      <div className="firmware-table-box">
        <table className="data-table firmware-table" aria-label={t('fleet-actions.firmwareRun.table')}>
          <thead>
            <tr>
              <th scope="col">{t('fleet-actions.common.device')}</th>
              <th scope="col">{t('fleet-actions.common.step')}</th>
              <th scope="col">{t('fleet-actions.firmwareRun.what')}</th>
            </tr>
          </thead>
          <tbody>
            {inOrder.map((device) => (
              <DeviceRow key={device.deviceId} device={device} />
            ))}
          </tbody>
        </table>
      </div>
      <div className="modal-actions">
        {running && (
          <button
            type="button"
            className="button"
            disabled={run.stopping !== undefined}
            onClick={() => void s.stop()}
          >
            {t('fleet-actions.firmwareRun.stop')}
          </button>
        )}
        {running && (
          <button type="button" className="button button-danger" onClick={() => void s.cancel()}>
            {t('fleet-actions.firmwareRun.cancelNow')}
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          {running ? t('fleet-actions.common.closeRunning') : t('fleet-actions.common.close')}
        </button>
      </div>
    </div>
  );
}
