/**
 * `minerdeck report [--site NAME] [--format csv|json|html] [--out FILE] [--no-check] [--technician NAME]`:
 * the hand-over report of a site (page 1 names who hands over: `--technician`, else the laptop's user).
 * Unless `--no-check`, every device is read once first, with
 * the credentials in the keychain (the monitor's own poll, so states, reasons and alerts are the app's);
 * whether each device has an API key comes from the keychain's metadata, never from the key.
 *
 * The format is `--format`, else the extension of `--out`, else HTML; `--json` is `--format json`, and
 * with another `--format` it is bad usage (exit 2): the two ask for different documents, and a CSV or
 * HTML printed under `--json` would skip the terminal's escaping. With `--out` the file is written
 * atomically and a summary goes to stderr; without it the report is printed.
 */
import { extname } from 'node:path';
import type { ReportFormat } from '../../../shared/domain/report';
import { REPORT_FORMATS } from '../../../shared/domain/report';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { writeFileAtomic } from '../../core/inventory/atomic-file';
import { readCredentialFacts } from '../../core/report/credential-facts';
import { checkDevices } from '../../core/report/live-check';
import { renderReport } from '../../core/report/render-report';
import { createReportService } from '../../core/report/report-service';
import { readStandardFacts } from '../../core/report/report-standard-facts';
import { createCommissionServices } from '../../core/commission/commission-services';
import { intOption, parse } from '../args';
import { EXIT, printLines, reportError } from '../output';
import type { CliContext } from './context';
import { openCliCredentials } from './credentials-context';
import { toAppError } from '../../core/errors/to-app-error';
import {
  appVersion,
  openCliInventory,
  resolveCliSite,
  tellProblems,
  withSiteHint,
} from './inventory-context';
import { REPORT_USAGE } from './inventory-usage';
import { failureLines } from '../../../shared/format/report-failure-lines';

function formatOf(format: string | undefined, out: string | undefined): Result<ReportFormat> {
  const wanted = format ?? (out === undefined ? 'html' : extname(out).slice(1).toLowerCase() || 'html');
  const known = (REPORT_FORMATS as readonly string[]).includes(wanted);
  if (known) return ok(wanted as ReportFormat);
  return format === undefined
    ? ok('html')
    : err('INVALID_INPUT', `--format is one of ${REPORT_FORMATS.join(', ')}, not "${format}".`);
}

export async function reportCommand(ctx: CliContext, argv: readonly string[]): Promise<number> {
  const parsed = parse(argv, {
    site: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    'no-check': { type: 'boolean', default: false },
    technician: { type: 'string' },
    timeout: { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  });
  if (!parsed.ok) return reportError(ctx.output, parsed.error);
  const { values, positionals } = parsed.value;
  const output = { ...ctx.output, json: false };
  if (positionals.length > 0) {
    return reportError(output, {
      code: 'INVALID_INPUT',
      message: `report takes no arguments. Usage: ${REPORT_USAGE}`,
    });
  }
  const out = values.out as string | undefined;
  const asked = values.format as string | undefined;
  if (values.json === true && asked !== undefined && asked !== 'json') {
    return reportError(output, {
      code: 'INVALID_INPUT',
      message: `--json asks for the report as JSON and --format ${asked} for another format: give one of them (--json is the same as --format json). Usage: ${REPORT_USAGE}`,
    });
  }
  const format = formatOf(
    (values.format as string | undefined) ?? (values.json === true ? 'json' : undefined),
    out,
  );
  if (!format.ok) return reportError(output, format.error);
  const timeout = intOption(values.timeout, 'timeout', 100, 120_000);
  if (!timeout.ok) return reportError(output, timeout.error);
  const check = values['no-check'] !== true;

  const credentials = await openCliCredentials(ctx, { timeoutMs: timeout.value, keychain: 'open' });
  try {
    const inventory = openCliInventory(ctx);
    const { vault } = credentials.services;
    const reports = createReportService({
      store: inventory.store,
      laptop: ctx.hostname,
      app: { name: 'Minerdeck', version: appVersion() },
      credentialFacts: async () =>
        credentials.persistent
          ? readCredentialFacts(credentials.services.vault, (why) =>
              output.err(`minerdeck: the keychain could not be listed (${why}); API keys show as unknown.`),
            )
          : undefined,
      liveCheck: (targets, signal) =>
        checkDevices(targets, {
          client: credentials.client,
          sessions: credentials.services.sessions,
          ...(timeout.value !== undefined ? { timeoutMs: timeout.value } : {}),
          ...(signal !== undefined ? { signal } : {}),
        }),
      // The standard's parts read as `commission --dry-run` reads them, on the devices that answered.
      standard: {
        passwordStored: async (siteId) =>
          credentials.persistent ? (await vault.sitePassword(siteId)) !== undefined : undefined,
        readFacts: (input) =>
          readStandardFacts(
            {
              commission: createCommissionServices({
                client: credentials.client,
                credentials: credentials.services,
                inventory,
              }),
              sessions: credentials.services.sessions,
              client: credentials.client,
              sitePassword: (siteId) => vault.sitePassword(siteId),
            },
            input,
          ),
      },
    });
    const site = await resolveCliSite(output, inventory, values.site as string | undefined);
    if (!site.ok) {
      tellProblems(output, inventory);
      return reportError(output, site.error);
    }
    if (check) output.err('Reading every device of the site once…');
    const technician = values.technician as string | undefined;
    const report = await reports.report({
      site: site.value.id,
      check,
      signal: ctx.signal,
      ...(technician !== undefined ? { technician } : {}),
    });
    tellProblems(output, inventory);
    if (!report.ok) return reportError(output, withSiteHint(report.error));
    const rendered = renderReport(report.value, format.value);
    if (out === undefined) {
      const content = rendered.content.replace(/^\uFEFF/, '').trimEnd();
      // JSON exactly as saved; CSV and HTML are read on the terminal: line by line, printable (output.ts).
      if (format.value === 'json') ctx.output.data(content);
      else printLines(ctx.output, content);
    } else await writeFileAtomic(out, rendered.content);
    const { counts } = report.value;
    const states = Object.entries(counts.byState)
      .map(([state, n]) => `${n} ${state}`)
      .join(', ');
    output.err(
      `Report of site "${report.value.site.name}": ${counts.devices} devices (${states || 'none'}), ${counts.apiKeys} with an API key, ${counts.withProblems} with problems or alerts${out === undefined ? '.' : `; written to ${out}.`}`,
    );
    // The failed devices by their slot, where a technician walks to (issue 34).
    for (const line of failureLines(report.value)) output.err(`  failed: ${line}`);
    return EXIT.ok;
  } catch (error) {
    return reportError(output, toAppError(error));
  } finally {
    await credentials.close();
  }
}
