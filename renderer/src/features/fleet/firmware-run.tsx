/**
 * A firmware rollout as it runs and as it ended: the step under way, the tally, each device's step live
 * (waiting, uploading with its percent, rebooting, verifying, then verified, failed with why, skipped, not
 * started), "Stop after this batch" and cancel; the question about certificates that changed after the
 * update, with both fingerprints and one button for all of them; and the outcome in one sentence with the
 * failed devices named (outcome-failures.tsx: "Select the N failed devices").
 */
import type { ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FirmwareDeviceProgress, FirmwareDeviceStep } from '../../../../shared/domain/firmware';
import type { CertificateQuestion, FirmwareRun } from '../../../../shared/ipc/channels/firmware';
import { firmwareSummary } from '../../../../shared/format/firmware-text';
import { count } from '../../lib/format';
import type { RowOutcome } from '../../stores/fleet-rows';
import { useRootStore } from '../../stores/root-store';
import { OutcomeFailures } from './outcome-failures';
import { RunProgress } from './run-progress';

/** The rollout's steps (core's rollout-progress.ts) in the per-step counts. */
const ROLLOUT_STEP_NAMES: Record<string, string> = {
  upload: 'Upload',
  install: 'Install and reboot',
  verify: 'Verify',
};

const hostOf = (address: string): string => address.replace(/^https?:\/\//, '');

const STEP_WORDS: Record<FirmwareDeviceStep, string> = {
  waiting: 'Waiting',
  uploading: 'Uploading',
  rebooting: 'Rebooting',
  verifying: 'Verifying',
  'certificate-changed': 'Certificate changed',
  verified: 'Verified',
  failed: 'Failed',
  skipped: 'Skipped',
  'not-started': 'Not started',
  unknown: 'Unknown — check',
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
function tally(devices: readonly FirmwareDeviceProgress[]): string {
  const by = new Map<FirmwareDeviceStep, number>();
  for (const d of devices) by.set(d.step, (by.get(d.step) ?? 0) + 1);
  return (Object.keys(STEP_WORDS) as FirmwareDeviceStep[])
    .filter((step) => (by.get(step) ?? 0) > 0)
    .map((step) => `${by.get(step) ?? 0} ${STEP_WORDS[step].toLowerCase()}`)
    .join(' · ');
}

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
  const n = changes.length;
  return (
    <div className="firmware-question" role="group" aria-label="Certificate changed after the update">
      <p>
        <strong>Certificate changed after the update</strong> on {count(n, 'updated device')}. A firmware
        update may bring a new self-signed certificate; check the fingerprints before you trust them.
        {pending
          ? ' The rollout waits for your answer.'
          : ' Without trusting them those devices could not be verified.'}
      </p>
      <ul className="firmware-fingerprints" aria-label="Changed certificates">
        {changes.map((c) => (
          <li key={c.deviceId}>
            <span className="mono">{hostOf(c.address)}</span>: trusted{' '}
            <span className="mono">{c.before}</span>, now <span className="mono">{c.after}</span>
          </li>
        ))}
      </ul>
      <div className="firmware-question-actions">
        <button type="button" className="button button-primary" onClick={() => void answer(true)}>
          {`Trust the new certificates of the ${count(n, 'updated device')}`}
        </button>
        {pending && (
          <button type="button" className="button" onClick={() => void answer(false)}>
            Don’t trust them
          </button>
        )}
      </div>
    </div>
  );
}

function DeviceRow({ device }: { device: FirmwareDeviceProgress }): ReactNode {
  return (
    <tr data-step={device.step}>
      <td className="mono">{hostOf(device.address)}</td>
      <td>
        <span className={`badge ${STEP_TONES[device.step]}`}>
          {device.step === 'uploading' && device.percent !== undefined
            ? `Uploading ${device.percent} %`
            : STEP_WORDS[device.step]}
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
          ? `${run.step !== undefined ? `Now: ${run.step}` : 'Starting…'}${run.stopping !== undefined ? ` — ${run.stopping}` : ''}`
          : outcome !== undefined
            ? `${firmwareSummary(outcome).replace(/^f/, 'F')}.`
            : 'Ended.'}
      </p>
      {!running && outcome?.stopped !== undefined && (
        <p className="field-hint">
          {outcome.cancelled ? 'Cancelled' : `The rollout stopped: ${outcome.stopped}`}. Firmware… again on
          the same devices continues where it stopped: it reads every device first and never uploads twice to
          one that took the image.
        </p>
      )}
      {outcome !== undefined && outcome.activityErrors.length > 0 && (
        <p className="field-error" role="alert">
          The activity log could not be written: {outcome.activityErrors[0]}
        </p>
      )}
      <p className="firmware-tally">{tally(run.devices)}</p>
      <RunProgress progress={run.progress} running={running} stepWords={ROLLOUT_STEP_NAMES} />
      {run.question !== undefined && <CertificateQuestionBox changes={run.question.changes} pending />}
      {untrusted.length > 0 && <CertificateQuestionBox changes={untrusted} pending={false} />}
      {s.trusted !== null && <p className="notice-ok">{s.trusted}</p>}
      {!running && (
        <div className="firmware-failures">
          <OutcomeFailures outcomes={failuresOf(run)} />
        </div>
      )}
      <div className="firmware-table-box">
        <table className="data-table firmware-table" aria-label="Firmware update per device">
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Step</th>
              <th scope="col">What happened</th>
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
            Stop after this batch
          </button>
        )}
        {running && (
          <button type="button" className="button button-danger" onClick={() => void s.cancel()}>
            Cancel now
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          {running ? 'Close (it keeps running)' : 'Close'}
        </button>
      </div>
    </div>
  );
}
