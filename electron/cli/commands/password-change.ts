/**
 * `printf %s "$NEW" | minerdeck password change <address…> --new-password-stdin [--site NAME] [--yes]
 * [--json]`: replaces the passwords of many devices at once (docs/design.md, Commissioning actions).
 *
 * The current password of each device comes from the keychain (its own, else its site's; `--site` names
 * that site, and then the new password also becomes the site's password). First a preview — who will
 * change, who is skipped and why (offline, no known password, locked out, an unconfirmed earlier change)
 * — and without `--yes` nothing is sent (exit 2). With `--yes` each device gets one `POST /settings`,
 * keychain first (commission/password-change.ts), and the request is recorded in the site's activity
 * log. The new password is checked before any network call and never printed.
 */
import { summarizeActivity } from '../../../shared/domain/commission';
import { NEW_PASSWORD_MIN_LENGTH, newPasswordProblem } from '../../../shared/domain/password-rules';
import { createPasswordServices } from '../../core/commission/password-services';
import { toAppError } from '../../core/errors/to-app-error';
import { parse } from '../args';
import { EXIT, reportError } from '../output';
import { previewJson, previewLines, printResult } from '../password-output';
import type { CliContext } from './context';
import { keychainRequired } from './credentials-context';
import { commonOptions, readRequiredSecret } from './device-command';
import { bulkOf, openReachingCredentials } from './device-run';
import { PASSWORD_CHANGE_USAGE } from './password-usage';
import { commandTargets, TARGET_OPTIONS } from './targets';
import { usageError, WRITE_OPTIONS, writeRunOptions, tellActivity, writeExitCode } from './write-run-options';
import { openWriteSite, resolveWriteTargets } from './write-targets';

export async function passwordChangeCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    ...commonOptions,
    'new-password-stdin': { type: 'boolean', default: false },
    ...WRITE_OPTIONS,
    ...TARGET_OPTIONS,
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values } = parsed.value;
  const output = { ...ctx.output, json: values.json === true };
  const targets = await commandTargets(ctx, output, parsed.value, { usage: PASSWORD_CHANGE_USAGE });
  if (!targets.ok) return reportError(output, targets.error);
  const run = writeRunOptions(values, 'change');
  if (!run.ok) return reportError(output, run.error);
  const { yes, dryRun } = run.value;
  if (values['new-password-stdin'] !== true) {
    return usageError(
      output,
      `the new password comes from standard input: add --new-password-stdin. Usage: ${PASSWORD_CHANGE_USAGE}`,
    );
  }
  // The new password is judged before anything else happens: no site, no keychain, no network yet.
  const secret = await readRequiredSecret(ctx, 'New password');
  if (!secret.ok) return reportError(output, secret.error);
  const problem = newPasswordProblem(secret.value);
  if (problem !== undefined) {
    // Short ones are refused because anyone on the site LAN can try passwords on these devices.
    const why =
      secret.value !== '' && secret.value.length < NEW_PASSWORD_MIN_LENGTH
        ? ' Anyone on the site LAN can try passwords on these devices, and a short one is quickly guessed.'
        : '';
    const said = problem.charAt(0).toLowerCase() + problem.slice(1);
    return usageError(output, `the new password is refused: ${said}${why} Nothing was sent.`);
  }
  const next = secret.value;

  // Only the site: the password on standard input here is the new one, read above.
  const opened = await openWriteSite(ctx, output, { site: values.site, all: values.all });
  if (!opened.ok) return reportError(output, opened.error);
  const { inventory, site, siteGiven } = opened.value;

  const { reach, credentials } = await openReachingCredentials(ctx, run.value.timeoutMs);
  try {
    if (!credentials.persistent) {
      // Keychain first (docs/design.md, Commissioning actions 4): a new password nobody keeps strands a device.
      return reportError(
        output,
        keychainRequired(
          credentials.services.keychain,
          'no password was changed: the new one could not be kept',
        ),
      );
    }
    const { services } = credentials;
    const commission = createPasswordServices({
      client: credentials.client,
      credentials: services,
      inventory,
      now: () => new Date(),
    });
    const bulk = bulkOf(ctx, run.value.concurrency);
    const { targets: devices, offline } = await resolveWriteTargets(
      { services, reach },
      targets.value.addresses,
      {
        site,
        siteGiven,
        bulk,
      },
    );
    const plan = await commission.planPasswordChange(devices, {
      offlineReason: (target) => offline.get(target.deviceId),
    });
    const sending = plan.filter((p) => p.send).length;

    if (!yes) {
      if (output.json) for (const p of plan) output.out(previewJson(p));
      else for (const line of previewLines(plan)) output.out(line);
      if (dryRun) return EXIT.ok;
      return usageError(
        output,
        sending > 0
          ? `Nothing was sent: add --yes to change ${sending} device${sending === 1 ? '' : 's'}.`
          : 'Nothing was sent, and none of these devices can be changed (see why above).',
      );
    }
    // With --json the preview still reaches a person, on stderr; stdout keeps one line per device.
    for (const line of previewLines(plan)) (output.json ? output.err : output.out)(line);

    const outcome = await commission.changePasswords(devices, next, {
      plan,
      siteId: site.id,
      ...(siteGiven ? { asSitePassword: site.id } : {}),
      ...bulk,
      onResult: (result) => printResult(output, result),
    });
    const { results } = outcome;
    output.err(`${summarizeActivity({ action: 'password-change', devices: results })}.`);
    tellActivity(output, site.name, outcome);
    return writeExitCode(results);
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
