/**
 * `npm run simulator`: a demo fleet for trying the app by hand. Prints where the devices are and how to
 * reach them, then runs until SIGINT/SIGTERM and closes every socket before exiting.
 */
import { parseCliArgs, targetRange, USAGE } from './cli-args';
import { FIELD_LINK, fieldProfile } from './field-profile';
import { startFleet } from './fleet';
import { fleetSummary } from './fleet-summary';

/** The field clock in words: which timings and how fast. */
function clockWords(field: boolean, scale: number): string {
  const timings = field
    ? `field timings, site link ${FIELD_LINK.siteMbps} Mbit/s (${FIELD_LINK.deviceMbps} Mbit/s a device)`
    : 'fast test timings';
  return `${timings}, ${scale === 1 ? 'real time' : `${scale}× real time`}`;
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseCliArgs(argv);
  if (!parsed.ok) {
    process.stderr.write(`simulator: ${parsed.message}\n\n${USAGE}\n`);
    return 2;
  }
  const o = parsed.options;
  if (o.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const basics = { profile: o.profile, password: o.password, https: o.https };
  const fleet = await startFleet({
    count: o.count,
    port: o.port,
    hostBase: o.hostBase,
    // Nobody reads a demo fleet's request log; keep memory flat however long it runs.
    recordRequests: false,
    timeScale: o.timeScale,
    ...(o.field ? { link: FIELD_LINK } : {}),
    defaults: o.field ? fieldProfile(basics) : basics,
    ...(o.noNotesEvery > 0
      ? {
          devices: Array.from({ length: o.count }, (_, i) =>
            (i + 1) % o.noNotesEvery === 0 ? { notesApi: false } : {},
          ),
        }
      : {}),
  });
  // Hosts may skip an address taken by another process: the range is what was actually used.
  const hosts = fleet.devices.map((d) => d.host);
  const out: string[] = [
    fleetSummary(
      fleet.devices.map((d) => ({ host: d.host, model: d.options.model ?? 'unknown model' })),
      { profile: o.profile, port: o.port, https: o.https },
    ),
  ];
  // One line per device only on request: with 200 devices the list pushes everything else off the screen.
  if (o.list) {
    for (const d of fleet.devices) {
      const tls = d.certificateFingerprint256 ? `  sha256 ${d.certificateFingerprint256}` : '';
      out.push(`  ${d.id.padEnd(10)} ${d.address.padEnd(30)} ${d.options.mac}  ${d.options.model}${tls}`);
    }
  }
  out.push(
    '',
    `Password:      ${o.password}`,
    `Target range:  ${targetRange(hosts)}`,
    `Port:          ${o.port}${o.https ? ' (https, self-signed)' : ''}`,
    `Clock:         ${clockWords(o.field, o.timeScale)}`,
    ...(o.noNotesEvery > 0
      ? [`No notes API:  1 device in ${o.noNotesEvery} (firmware without /api/v1/notes)`]
      : []),
    '',
    'Running. Press Ctrl+C to stop.',
  );
  process.stdout.write(`${out.join('\n')}\n`);

  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await fleet.close();
  process.stdout.write('Simulator stopped.\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    const code = typeof e === 'object' && e !== null && 'code' in e ? ` (${String(e.code)})` : '';
    process.stderr.write(
      `simulator: could not start: ${e instanceof Error ? e.message : String(e)}${code}\n`,
    );
    process.exit(1);
  },
);
