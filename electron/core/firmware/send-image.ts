/**
 * The image sent to one device, once (docs/design.md, Commissioning actions 2): with its best credential
 * (the API key, else a session token; the session manager unlocks with the stored password first when it
 * has neither), and what came of it in the rollout's terms:
 * - `accepted`: 200 `{"after": N}`, it reboots in N seconds (a number outside 0–10 min is not believed:
 *   the usual 3 s is counted, and said);
 * - `refused`: any other answer ("upload refused: <the device's err>"): nothing was installed;
 * - `cut`: the upload stopped before the whole image went out, or was never sent: nothing was installed;
 * - `no-answer`: the whole image went out and no answer came: it may be installing. Never resent; the
 *   verification decides, like a reboot that got no answer.
 */
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { message } from '../../../shared/i18n/message';
import type { Clock } from '../clock/clock';
import type { SessionManager } from '../credentials/session-manager';
import type { SessionTarget } from '../credentials/session-target';
import { errorForStatus } from '../device/answer';
import { DeviceError, isDeviceError } from '../device/device-error';
import { asObject, own } from '../device/json-fields';
import { hostPort } from '../device/network-errors';
import { implausibleText, outside, REBOOT_DELAY_S } from '../device/plausible-bounds';
import { credentialHeaders, credentialSecret } from '../device/request-input';
import type { TlsPins } from '../device/tls-pinning';
import type { FirmwareImageFile } from './image-file';
import type { UploadAnswer, UploadTimeouts } from './upload';
import { DEFAULT_UPLOAD_TIMEOUTS, uploadFirmware } from './upload';

/** The seconds before going down when the device does not say (the vendor's default). */
export const USUAL_AFTER_SECONDS = 3;

export type SendOutcome =
  | { kind: 'accepted'; at: number; after: number; words: string }
  | { kind: 'refused'; words: string }
  | { kind: 'cut'; words: string; cancelled: boolean }
  | { kind: 'no-answer'; at: number; after: number; words: string };

export interface SendDeps {
  sessions: SessionManager;
  tls: { pins: TlsPins | undefined; ca?: readonly string[] | undefined };
  now: () => number;
  /** Field ms on `clock` (default the real one): the upload gets them in real ms (`clock.realMs`). */
  timeouts?: Partial<UploadTimeouts>;
  clock?: Clock;
}

/** The upload's timeouts in real ms on the run's clock (each never under the clock's real floor). */
function realTimeouts(deps: SendDeps): Partial<UploadTimeouts> | undefined {
  const clock = deps.clock;
  if (clock === undefined || clock.scale === 1) return deps.timeouts;
  const all = { ...DEFAULT_UPLOAD_TIMEOUTS, ...deps.timeouts };
  return {
    connectTimeoutMs: clock.realMs(all.connectTimeoutMs),
    stallTimeoutMs: clock.realMs(all.stallTimeoutMs),
    answerTimeoutMs: clock.realMs(all.answerTimeoutMs),
  };
}

const trimDot = (words: string): string => words.trim().replace(/\.$/, '');

/** `after` of an accepted update: plausible seconds, or the usual ones with why. */
function afterOf(body: Buffer): { after: number; odd?: string } {
  let value: unknown;
  try {
    value = own(asObject(JSON.parse(body.toString('utf8'))) ?? {}, 'after');
  } catch {
    return {
      after: USUAL_AFTER_SECONDS,
      odd: `its answer was not JSON: the usual ${USUAL_AFTER_SECONDS} s is counted`,
    };
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return {
      after: USUAL_AFTER_SECONDS,
      odd: `it did not say when it reboots: the usual ${USUAL_AFTER_SECONDS} s is counted`,
    };
  }
  if (outside(value, REBOOT_DELAY_S)) {
    return {
      after: USUAL_AFTER_SECONDS,
      odd: `it said it reboots in ${implausibleText(value, 's', REBOOT_DELAY_S)}, which cannot be right: the usual ${USUAL_AFTER_SECONDS} s is counted`,
    };
  }
  return { after: value };
}

/** The device's refusal in words: its own `err` text when it sent one. */
function refusal(
  answer: Extract<UploadAnswer, { kind: 'answered' }>,
  address: DeviceAddress,
  secrets: string[],
) {
  const error = errorForStatus(
    { status: answer.status, headers: answer.headers, body: answer.body },
    { where: hostPort(address), isUnlock: false, secrets },
  );
  const text = error.detail.deviceMessage;
  if (text !== undefined) return text;
  if (error.code === 'AUTH_REQUIRED') return 'the device refused the credentials (401)';
  return `the device answered HTTP ${answer.status}`;
}

export async function sendImage(
  deps: SendDeps,
  target: SessionTarget,
  file: FirmwareImageFile,
  keepSettings: boolean,
  options: { signal: AbortSignal; onProgress: (sentBytes: number) => void },
): Promise<SendOutcome> {
  const { address } = target;
  let sent: UploadAnswer | undefined;
  const timeouts = realTimeouts(deps);
  let secrets: string[] = [];
  try {
    await deps.sessions.callOnce(
      target,
      async (credential) => {
        secrets = credentialSecret(credential);
        sent = await uploadFirmware({
          address,
          credentialHeaders: credentialHeaders(credential, hostPort(address)),
          image: { path: file.path, name: file.image.name, bytes: file.image.bytes },
          keepSettings,
          tls: deps.tls,
          signal: options.signal,
          onProgress: options.onProgress,
          ...(timeouts !== undefined ? { timeouts } : {}),
        });
        // A 401 tells the session manager this credential is done for (the upload is not resent).
        if (sent.kind === 'answered' && sent.status === 401) {
          throw new DeviceError(
            'AUTH_REQUIRED',
            `${hostPort(address)}: the device refused the credentials.`,
            { status: 401 },
            { text: message('errors.firmware.credentialsRefused', { where: hostPort(address) }) },
          );
        }
      },
      { signal: options.signal },
    );
  } catch (error) {
    if (sent === undefined) {
      // Never sent: no credential, an unlock that failed, or a cancel before it began.
      const cancelled = isDeviceError(error) && error.code === 'CANCELLED';
      const why = trimDot(error instanceof Error ? error.message : String(error));
      return { kind: 'cut', cancelled, words: `the image was not sent: ${why}` };
    }
  }
  const answer = sent;
  if (answer === undefined) return { kind: 'cut', cancelled: false, words: 'the image was not sent' };
  switch (answer.kind) {
    case 'answered': {
      if (answer.status < 200 || answer.status >= 300) {
        return { kind: 'refused', words: `upload refused: ${refusal(answer, address, secrets)}` };
      }
      const at = deps.now();
      const { after, odd } = afterOf(answer.body);
      return {
        kind: 'accepted',
        at,
        after,
        words: `took the image; it reboots in ${after} s${odd !== undefined ? ` (${odd})` : ''}`,
      };
    }
    case 'cut': {
      const cancelled = answer.error.code === 'CANCELLED';
      const why = cancelled
        ? 'cancelled during the upload'
        : `the upload failed: ${trimDot(answer.error.message)}`;
      return {
        kind: 'cut',
        cancelled,
        words: `${why} (${Math.floor((answer.sentBytes / file.image.bytes) * 100)} % sent; the device did not get the whole image, nothing changed)`,
      };
    }
    case 'no-answer': {
      const at = deps.now();
      return {
        kind: 'no-answer',
        at,
        after: USUAL_AFTER_SECONDS,
        words: `the whole image was sent and no answer came (${trimDot(answer.error.message)}): watching whether it reboots on new firmware (not resent)`,
      };
    }
  }
}
