/**
 * What every bulk write command (`password change`, `pools set`, `locate`, `reboot`, …) reads the same
 * way: the per-request timeout, the concurrency, and `--yes` / `--dry-run` (preview first: docs/design.md,
 * Commissioning actions 1). One place, so the commands cannot drift apart in their words or limits.
 */
import { intOption } from '../args';
import { confirmOnTerminal } from '../confirm-prompt';
import type { Output } from '../output';
import { EXIT, reportError } from '../output';
import type { WriteResult } from '../../../shared/domain/commission';
import { appError } from '../../../shared/result';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import type { CliContext } from './context';
import { concurrencyOption } from './targets';

/** The options a write command adds to the common ones. */
export const WRITE_OPTIONS = {
  site: { type: 'string' },
  yes: { type: 'boolean', default: false },
  'dry-run': { type: 'boolean', default: false },
  concurrency: { type: 'string' },
} as const;

export interface WriteRunOptions {
  timeoutMs: number | undefined;
  concurrency: number | undefined;
  yes: boolean;
  dryRun: boolean;
}

/** Bad usage (exit 2) with the command's own sentence. */
export const usageError = (output: Output, message: string): number =>
  reportError(output, appError('INVALID_INPUT', message));

/**
 * A preview without --yes: nothing was sent (bad usage, exit 2), saying what --yes would do (`what`, e.g.
 * "set the pools") on how many devices, or that it could do nothing.
 */
export function nothingSent(output: Output, sending: number, what: string): number {
  return usageError(
    output,
    sending > 0
      ? `Nothing was sent: add --yes to ${what} on ${sending} device${sending === 1 ? '' : 's'}.`
      : 'Nothing was sent, and none of these devices can be set (see why above).',
  );
}

/** `verb` names what --yes does in the "not both" sentence, e.g. `change` or `set`. */
/**
 * Asks on the terminal before a long run (`commission`, `firmware upgrade`): "Go ahead and <what>? Type
 * "yes" to start:". Undefined when confirmed; else the exit code, said why: cancelled (Ctrl-C), no
 * terminal to ask on (add --yes, or --dry-run to see the `preview` only), or not confirmed — nothing sent.
 */
export async function confirmStart(
  ctx: Pick<CliContext, 'secrets' | 'signal'>,
  output: Output,
  what: string,
  preview: string,
): Promise<number | undefined> {
  const answer = await confirmOnTerminal(
    ctx.secrets,
    `Go ahead and ${what}? Type "yes" to start:`,
    ctx.signal,
  );
  if (ctx.signal.aborted)
    return reportError(output, { code: 'CANCELLED', message: 'cancelled: nothing was sent.' });
  if (answer === 'yes') return undefined;
  return usageError(
    output,
    answer === 'no-terminal'
      ? `Nothing was sent: no terminal to ask on. Add --yes to ${what} (or --dry-run to see the ${preview} only).`
      : 'Nothing was sent: not confirmed.',
  );
}

export function writeRunOptions(
  values: { timeout?: unknown; concurrency?: unknown; yes?: unknown; 'dry-run'?: unknown },
  verb: string,
): Result<WriteRunOptions> {
  const timeout = intOption(values.timeout, 'timeout', 100, 120_000);
  if (!timeout.ok) return timeout;
  const concurrency = concurrencyOption(values.concurrency);
  if (!concurrency.ok) return concurrency;
  const yes = values.yes === true;
  const dryRun = values['dry-run'] === true;
  if (yes && dryRun) {
    return err('INVALID_INPUT', `give --yes (${verb}) or --dry-run (preview only), not both.`);
  }
  return ok({ timeoutMs: timeout.value, concurrency: concurrency.value, yes, dryRun });
}

/** Where a bulk write's activity went: recorded in the site's log, or why it could not be. */
export function tellActivity(
  output: Output,
  siteName: string,
  outcome: { activity?: unknown; activityError?: string },
): void {
  if (outcome.activity !== undefined) {
    output.err(`Recorded in the activity log of site "${siteName}".`);
  } else if (outcome.activityError !== undefined) {
    output.err(
      `minerdeck: the activity log of site "${siteName}" could not be written: ${outcome.activityError}`,
    );
  }
}

/** A bulk write's exit code: cancelled (130) when any device was, 0 when every device took it, else 1. */
export function writeExitCode(results: readonly WriteResult[]): number {
  if (results.some((r) => r.error?.code === 'CANCELLED')) return EXIT.cancelled;
  return results.every((r) => r.outcome === 'done') ? EXIT.ok : EXIT.failed;
}
