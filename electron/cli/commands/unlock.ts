/**
 * `minerdeck unlock <address> --password-stdin [--json]`: tries the password once and says whether it
 * worked. The token never leaves the process; a wrong password is never retried (no lockouts by us).
 */
import { appError } from '../../../shared/result';
import { EXIT, reportError } from '../output';
import type { CliContext } from './context';
import { parseDeviceCommand, readRequiredSecret, toAppError } from './device-command';

export const UNLOCK_USAGE = 'minerdeck unlock <address> --password-stdin [--json] [--timeout ms]';

export async function unlockCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const args = parseDeviceCommand(
    argv,
    { 'password-stdin': { type: 'boolean', default: false } },
    UNLOCK_USAGE,
  );
  if (!args.ok) return reportError(ctx.output, args.error);
  const { address, text, values, timeoutMs } = args.value;
  const output = { ...ctx.output, json: args.value.json };
  if (values['password-stdin'] !== true) {
    return reportError(
      output,
      appError(
        'INVALID_INPUT',
        `the password comes from standard input: add --password-stdin. Usage: ${UNLOCK_USAGE}`,
      ),
      { address: text },
    );
  }
  const secret = await readRequiredSecret(ctx, 'Password');
  if (!secret.ok) return reportError(output, secret.error, { address: text });

  const client = ctx.createClient(timeoutMs === undefined ? {} : { totalTimeoutMs: timeoutMs });
  try {
    await client.unlock(address, secret.value, { signal: ctx.signal });
    if (output.json) output.out(JSON.stringify({ ok: true, address: text, unlocked: true }));
    else output.out(`${text}: unlocked (password accepted)`);
    return EXIT.ok;
  } catch (error) {
    return reportError(output, toAppError(error), { address: text });
  } finally {
    client.close();
  }
}
