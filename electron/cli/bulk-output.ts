/**
 * Printing the outcome of a command over many devices as each device finishes: one JSON object per line
 * with `--json` (each with `address` and `ok`), else one human line per device (failures on stderr) and a
 * one-line tally when there was more than one device. The exit code sums it up.
 */
import { formatDeviceAddress } from '../../shared/domain/device-address';
import type { BulkOutcome } from '../core/credentials/bulk';
import type { BulkTarget } from '../core/credentials/credential-services';
import type { Output } from './output';
import { EXIT } from './output';

export interface OutcomePrinter<V> {
  /** The human line for a device that succeeded (without the address). */
  line: (value: V) => string;
  /** Fields of the JSON object for a device that succeeded, besides `ok` and `address`. */
  json: (value: V) => Record<string, unknown>;
}

export function printOutcome<V>(
  output: Output,
  outcome: BulkOutcome<BulkTarget, V>,
  printer: OutcomePrinter<V>,
): void {
  const address = formatDeviceAddress(outcome.item.address);
  if (output.json) {
    output.out(
      JSON.stringify(
        outcome.ok
          ? { ok: true, address, ...printer.json(outcome.value) }
          : { ok: false, address, error: { code: outcome.error.code, message: outcome.error.message } },
      ),
    );
  } else if (outcome.ok) {
    output.out(`${address}: ${printer.line(outcome.value)}`);
  } else {
    // Device errors name the device; the few that do not (cancelled before contact) get its address.
    const { message } = outcome.error;
    output.err(
      `minerdeck: ${message.includes(outcome.item.address.host) ? message : `${address}: ${message}`}`,
    );
  }
}

/** `verb` past tense: "unlocked 3 of 5 devices; 2 failed". Only for runs over more than one device. */
export function printTally(
  output: Output,
  outcomes: readonly BulkOutcome<BulkTarget, unknown>[],
  verb: string,
): void {
  if (output.json || outcomes.length < 2) return;
  const ok = outcomes.filter((o) => o.ok).length;
  const failed = outcomes.length - ok;
  output.err(`${verb} ${ok} of ${outcomes.length} devices${failed > 0 ? `; ${failed} failed` : ''}.`);
}

/** 0 all ok; 130 when cancelled; 1 when any device failed. */
export function exitCodeFor(outcomes: readonly BulkOutcome<unknown, unknown>[]): number {
  if (outcomes.some((o) => !o.ok && o.error.code === 'CANCELLED')) return EXIT.cancelled;
  return outcomes.every((o) => o.ok) ? EXIT.ok : EXIT.failed;
}
