/**
 * How `minerdeck scan` shows what it finds: one line per host (human or the issue's exact JSON shape), a
 * progress bar redrawn in place on a terminal, and the closing summary. Kept apart from the command so
 * the formats are tested without a network.
 */
import type {
  DiscoveredHost,
  DiscoveredIdentity,
  ScanProgress,
  ScanSummary,
} from '../../shared/domain/discovery';
import { formatDuration } from '../../shared/format/duration';
import { sameMacWords } from '../../shared/domain/same-mac';
import type { ProgressStream } from './commands/context';

/**
 * `{"address","port","kind","identity"}`: exactly the keys scripts rely on, identity fields null when
 * unknown; `sameMacAs` (other live addresses with this MAC) and `tlsFingerprint256` only when there is
 * something to say.
 */
export function resultJson(host: DiscoveredHost): string {
  const identity: DiscoveredIdentity | null =
    host.identity === null
      ? null
      : {
          mac: host.identity.mac,
          model: host.identity.model,
          firmware: host.identity.firmware,
          hostname: host.identity.hostname,
          serial: host.identity.serial,
        };
  // The fingerprint only for https hosts, so the keys of a plain scan stay exactly the documented four.
  const tls = host.tlsFingerprint256 !== undefined ? { tlsFingerprint256: host.tlsFingerprint256 } : {};
  const twins = host.sameMacAs !== undefined ? { sameMacAs: host.sameMacAs } : {};
  return JSON.stringify({
    address: host.address,
    port: host.port,
    kind: host.kind,
    identity,
    ...twins,
    ...tls,
  });
}

export function summaryJson(summary: ScanSummary): string {
  return JSON.stringify({
    summary: { probed: summary.probed, found: summary.found, durationMs: summary.durationMs },
  });
}

const hostPort = (host: DiscoveredHost): string =>
  `${host.address.includes(':') ? `[${host.address}]` : host.address}:${host.port}`;

/** What a scan line says about an https device's certificate, against the pin the inventory holds. */
export type CertificateTrust = 'new' | 'trusted' | 'changed';

const sameFingerprint = (a: string, b: string): boolean =>
  a.replace(/[^0-9a-f]/gi, '').toUpperCase() === b.replace(/[^0-9a-f]/gi, '').toUpperCase();

export function certificateTrust(fingerprint: string, pin: string | undefined): CertificateTrust {
  if (pin === undefined) return 'new';
  return sameFingerprint(fingerprint, pin) ? 'trusted' : 'changed';
}

/**
 * Trust on first use starts here: the technician reads the fingerprint of a certificate nobody trusted yet
 * (or one that replaced the trusted one) and compares it with the device before `minerdeck trust`.
 */
function certificateFact(host: DiscoveredHost, trust: CertificateTrust | undefined): string[] {
  const fingerprint = host.tlsFingerprint256;
  if (fingerprint === undefined) return [];
  switch (trust) {
    case 'trusted':
      return ['certificate trusted'];
    case 'changed':
      return [`certificate CHANGED since it was trusted: SHA-256 ${fingerprint}`];
    case 'new':
      return [`new certificate SHA-256 ${fingerprint}: compare it with the device, then trust it`];
    default:
      return [`certificate SHA-256 ${fingerprint}`];
  }
}

/** `trust`: known with `scan --save` (the inventory's pins); without it the fingerprint is shown alone. */
export function resultLine(host: DiscoveredHost, trust?: CertificateTrust): string {
  const where = `${host.scheme === 'https' ? 'https://' : ''}${hostPort(host)}`;
  const identity = host.identity;
  const facts =
    identity === null
      ? host.kind === 'device'
        ? ['identity not shared without credentials']
        : []
      : [identity.model, identity.firmware, identity.mac, identity.hostname, identity.serial].filter(
          (fact): fact is string => fact !== null,
        );
  const moved = host.seen === 'moved' ? [`moved from ${host.previousAddress ?? '?'}`] : [];
  if (host.sameMacAs !== undefined) moved.push(sameMacWords(host.sameMacAs));
  const certificate = certificateFact(host, trust);
  return [host.kind.padEnd(10), where.padEnd(22), [...facts, ...moved, ...certificate].join('  ·  ')]
    .join(' ')
    .trimEnd();
}

const plural = (n: number, one: string, many: string): string =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function summaryLine(summary: ScanSummary, devices: number): string {
  const others = summary.found - devices;
  const what = `${plural(devices, 'device', 'devices')}${others > 0 ? ` and ${plural(others, 'other web server', 'other web servers')}` : ''}`;
  const seconds = (summary.durationMs / 1000).toFixed(2);
  const scope = summary.cancelled
    ? `cancelled after ${plural(summary.probed, 'address', 'addresses')} of ${summary.total.toLocaleString('en-US')}`
    : `among ${plural(summary.probed, 'address', 'addresses')}`;
  return `Found ${what} ${scope} in ${seconds} s.`;
}

/** A one-line bar on a terminal; nothing at all when the stream is not one (pipes, CI logs). */
export class ProgressBar {
  private drawn = false;
  private last: ScanProgress | undefined;

  constructor(private readonly stream: ProgressStream | undefined) {}

  private get active(): boolean {
    return this.stream?.isTTY === true;
  }

  draw(progress: ScanProgress): void {
    this.last = progress;
    if (!this.active) return;
    const width = Math.max(10, Math.min(40, (this.stream?.columns ?? 80) - 60));
    const share = progress.total > 0 ? progress.probed / progress.total : 1;
    const full = Math.round(share * width);
    const bar = `${'#'.repeat(full)}${'-'.repeat(width - full)}`;
    const eta = progress.etaSeconds === null ? '' : ` · ${formatDuration(progress.etaSeconds)} left`;
    const text =
      `[${bar}] ${progress.probed.toLocaleString('en-US')}/${progress.total.toLocaleString('en-US')}` +
      ` · ${progress.found} found · ${Math.round(progress.rate).toLocaleString('en-US')}/s${eta}`;
    this.stream?.write(`\r${text}\x1b[K`);
    this.drawn = true;
  }

  /** Prints a line above the bar: clear, print, draw the bar again. */
  around(print: () => void): void {
    const redraw = this.drawn ? this.last : undefined;
    this.clear();
    print();
    if (redraw !== undefined) this.draw(redraw);
  }

  /** Removes the bar so the next line starts clean. */
  clear(): void {
    if (!this.active || !this.drawn) return;
    this.stream?.write('\r\x1b[K');
    this.drawn = false;
  }
}
