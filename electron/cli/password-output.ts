/**
 * What `minerdeck password change` prints: the preview (who will change, who is skipped and why) and one
 * outcome per device as it finishes — a JSON line each with `--json` (`address`, `ok`, and `error:
 * {code, message}` when the device was not changed), else a human line (failures on stderr). Never the
 * new password: these come from plans and results, which hold none (shared/domain/commission.ts).
 */
import type { WritePlanEntry, WriteResult } from '../../shared/domain/commission';
import type { Output } from './output';

/** The preview as lines for a person. */
export function previewLines(plan: readonly WritePlanEntry[]): string[] {
  const sending = plan.filter((p) => p.send).length;
  const skipped = plan.length - sending;
  const width = Math.max(...plan.map((p) => p.address.length));
  return [
    `Preview: ${sending} device${sending === 1 ? '' : 's'} will change${skipped > 0 ? `, ${skipped} skipped` : ''}.`,
    ...plan.map(
      (p) => `  ${p.address.padEnd(width)}  ${p.send ? `will change (${p.detail})` : `skipped: ${p.detail}`}`,
    ),
  ];
}

/** The preview as JSON lines (`--dry-run`, or no `--yes`): nothing was sent, so there is no `ok` yet. */
export const previewJson = (p: WritePlanEntry): string =>
  JSON.stringify({ preview: true, address: p.address, deviceId: p.deviceId, send: p.send, detail: p.detail });

/**
 * A machine-readable code for outcomes that are not device errors: `SKIPPED` (not sent; the preview said
 * why) and `OUTCOME_UNKNOWN` (sent, no clear answer, the read-back could not decide: check the device).
 */
export function errorOf(result: WriteResult): { code: string; message: string } | undefined {
  switch (result.outcome) {
    case 'done':
      return undefined;
    case 'skipped':
      return { code: result.error?.code ?? 'SKIPPED', message: result.message };
    case 'unknown':
      return { code: 'OUTCOME_UNKNOWN', message: result.message };
    case 'failed':
      return { code: result.error?.code ?? 'INTERNAL', message: result.error?.message ?? result.message };
  }
}

/** `extra`: facts of the write added to the JSON line (the LED's state, a reboot's `after`). */
export function printResult(output: Output, result: WriteResult, extra: Record<string, unknown> = {}): void {
  const error = errorOf(result);
  if (output.json) {
    output.out(
      JSON.stringify({
        address: result.address,
        ok: error === undefined,
        deviceId: result.deviceId,
        outcome: result.outcome,
        ...(error === undefined ? { message: result.message } : { error }),
        ...extra,
      }),
    );
    return;
  }
  if (error === undefined) {
    output.out(`${result.address}: ${result.message}`);
    return;
  }
  // Device errors name the device already; skips and unknowns get its address.
  const host = result.address.replace(/^[a-z]+:\/\//, '');
  output.err(
    `minerdeck: ${error.message.includes(host) ? error.message : `${result.address}: ${error.message}`}`,
  );
}
