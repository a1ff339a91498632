/**
 * A rollout's entries in the site's activity log (docs/design.md, Commissioning actions 6): one before each
 * step's uploads (`upload`, awaited: nothing is uploaded that the log does not know of), and as devices take
 * the image (`accepted`, with the deadline as `until`: monitors in other processes show them updating) and
 * get their verdict (`verdict`, with `from` and `to`). Those two are gathered for a moment and written
 * together, so a batch of twenty is a few entries, not forty; the rollout waits for them at the end of each
 * step. A run killed in between loses at most that moment, and the next run reads the devices anyway.
 */
import type { ActivityEntry, FirmwareActivity, WriteOutcome } from '../../../shared/domain/commission';
import type { FirmwareImage } from '../../../shared/domain/firmware';
import type { MessageRef } from '../../../shared/i18n/message';
import type { InventoryServices } from '../inventory/inventory-services';

export interface LoggedDevice {
  deviceId: string;
  address: string;
  from?: string;
  to?: string;
}

interface Line extends LoggedDevice {
  outcome: WriteOutcome;
  message: string;
  text?: MessageRef;
}

export interface FirmwareLogOptions {
  inventory: Pick<InventoryServices, 'recordActivity'>;
  siteId: string;
  image: FirmwareImage;
  expectVersion?: string;
  keepSettings: boolean;
  now: () => Date;
  /** How long accepted devices and verdicts are gathered before they are written. */
  gatherMs?: number;
}

export interface FirmwareLog {
  /** The entry before a step's uploads; rejects when it could not be written (then nothing is uploaded). */
  uploading(step: string, devices: readonly LoggedDevice[], until: Date): Promise<void>;
  /** The device took the image (or may have): it reboots, and is expected back until `until`. */
  accepted(device: LoggedDevice, message: string, until: Date): void;
  verdict(device: LoggedDevice, outcome: WriteOutcome, message: string, text?: MessageRef): void;
  /** Writes what is gathered; resolves when written (or failed: see `errors`). */
  flush(): Promise<void>;
  /** Entries that could not be written, in words. */
  readonly errors: string[];
}

const MB = 1024 * 1024;

export function createFirmwareLog(options: FirmwareLogOptions): FirmwareLog {
  const { inventory, siteId, image } = options;
  const gatherMs = options.gatherMs ?? 500;
  const errors: string[] = [];
  const firmware = (phase: FirmwareActivity['phase']): FirmwareActivity => ({
    phase,
    image,
    ...(options.expectVersion !== undefined ? { expectVersion: options.expectVersion } : {}),
  });
  const imageText = `${image.name} (${(image.bytes / MB).toFixed(1)} MB, sha256 ${image.sha256.slice(0, 12)}…)`;
  const settings = options.keepSettings ? '' : ', settings not kept';
  const line = (d: Line): ActivityEntry['devices'][number] => ({
    deviceId: d.deviceId,
    address: d.address,
    outcome: d.outcome,
    message: d.message.slice(0, 1000),
    ...(d.text !== undefined ? { text: d.text } : {}),
    ...(d.from !== undefined ? { from: d.from.slice(0, 100) } : {}),
    ...(d.to !== undefined ? { to: d.to.slice(0, 100) } : {}),
  });

  async function record(entry: Omit<ActivityEntry, 'id' | 'by'>): Promise<boolean> {
    const written = await inventory
      .recordActivity(entry)
      .catch((error: unknown) => ({ ok: false as const, error: { message: String(error) } }));
    if (written.ok) return true;
    errors.push(written.error.message);
    return false;
  }

  let accepted: { line: Line; until: Date }[] = [];
  let verdicts: Line[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function writeGathered(): Promise<void> {
    const takenAccepted = accepted;
    const takenVerdicts = verdicts;
    accepted = [];
    verdicts = [];
    if (takenAccepted.length > 0) {
      const until = new Date(Math.max(...takenAccepted.map((a) => a.until.getTime())));
      await record({
        siteId,
        at: options.now().toISOString(),
        action: 'firmware',
        what: `firmware ${imageText}${settings}: taken, rebooting`,
        until: until.toISOString(),
        firmware: firmware('accepted'),
        devices: takenAccepted.map((a) => line(a.line)),
      });
    }
    if (takenVerdicts.length > 0) {
      const expected = options.expectVersion !== undefined ? `, expected ${options.expectVersion}` : '';
      await record({
        siteId,
        at: options.now().toISOString(),
        action: 'firmware',
        what: `firmware ${imageText}${settings}${expected}: verdicts`,
        firmware: firmware('verdict'),
        devices: takenVerdicts.map(line),
      });
    }
  }

  /** Chains a write after the one in flight, so entries keep their order. */
  function writeNow(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    writing = writing.then(writeGathered);
    return writing;
  }

  function soon(): void {
    if (timer === undefined) timer = setTimeout(() => void writeNow(), gatherMs);
  }

  return {
    errors,
    async uploading(step, devices, until) {
      // Whatever was gathered goes first: the log keeps the order things happened in.
      await writeNow();
      const written = await record({
        siteId,
        at: options.now().toISOString(),
        action: 'firmware',
        what: `firmware ${imageText}${settings}: uploading to ${devices.length} device${devices.length === 1 ? '' : 's'} (${step})`,
        until: until.toISOString(),
        firmware: firmware('upload'),
        devices: devices.map((d) =>
          line({
            ...d,
            outcome: 'unknown',
            message: 'upload about to start; its verdict follows in a later entry',
          }),
        ),
      });
      if (!written) {
        throw new Error(
          `the activity log could not be written (${errors[errors.length - 1] ?? 'no reason given'})`,
        );
      }
    },
    accepted(device, message, until) {
      accepted.push({ line: { ...device, outcome: 'unknown', message }, until });
      soon();
    },
    verdict(device, outcome, message, text) {
      verdicts.push({ ...device, outcome, message, ...(text !== undefined ? { text } : {}) });
      soon();
    },
    flush: () => writeNow(),
  };
}
