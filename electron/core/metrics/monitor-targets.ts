/**
 * The monitors a site's Prometheus scrapes, as the technician types them for the hand-over
 * (`export --prometheus … --metrics 10.0.1.2:9464 --metrics 10.0.2.2:9464`): a site larger than one laptop
 * is split by address blocks, one `monitor --metrics` per laptop or process, all scraped by one
 * Prometheus. Each address is read by the targets parser the scan uses (shared/domain/targets), so a typo
 * gets the same specific reason, then must be what Prometheus can scrape: one IP address and a port. A
 * host name is refused because a monitor answers only requests naming its own address (allowed-host.ts);
 * a block, a range or a wildcard address is not one monitor; the same monitor twice would count its
 * devices twice in the site's totals.
 */
import { formatIpv4 } from '../../../shared/domain/targets/ipv4';
import { parseTargetToken } from '../../../shared/domain/targets/target-token';
import type { Result } from '../../../shared/result';
import { err, ok } from '../../../shared/result';
import { DEFAULT_METRICS_HOST } from './metrics-server';

export const DEFAULT_METRICS_PORT = 9464;

const refuse = (option: string, text: string, why: string): Result<never> =>
  err('INVALID_INPUT', `${option} "${text}": ${why}.`);

/** One monitor as Prometheus writes a target: `10.0.1.2:9464`, `[fd00::2]:9464`. */
export function parseMonitorTarget(text: string, option = '--metrics'): Result<string> {
  const typed = text.trim();
  // A port alone is this machine's loopback, as `monitor --metrics 9464` serves it.
  const token = /^\d+$/.test(typed) ? `${DEFAULT_METRICS_HOST}:${typed}` : typed;
  if (token === '') return refuse(option, text, "give a monitor's address and port, e.g. 10.0.1.2:9464");
  const parsed = parseTargetToken(token);
  if (!parsed.ok) return refuse(option, text, parsed.reason);
  const { entry } = parsed;
  if (entry.kind === 'ipv4' && entry.first !== entry.last) {
    return refuse(
      option,
      text,
      "that is a block or a range; give one monitor's address and port, e.g. 10.0.1.2:9464",
    );
  }
  const ipv6 = entry.kind === 'named' && entry.host.includes(':');
  if (entry.kind === 'named' && !ipv6) {
    return refuse(
      option,
      text,
      "give the monitor's IP address, not a host name: a monitor answers only requests that name its address",
    );
  }
  const host = entry.kind === 'ipv4' ? formatIpv4(entry.first) : entry.host;
  const written = ipv6 ? `[${host}]` : host;
  if (entry.port === undefined) {
    return refuse(
      option,
      text,
      `add the port its monitor serves on, e.g. ${written}:${DEFAULT_METRICS_PORT}`,
    );
  }
  if (host === '0.0.0.0' || host === '::') {
    return refuse(
      option,
      text,
      `${host} is where a monitor listens on every address, not an address to scrape; give the laptop's address on the site network, e.g. 10.0.1.2:${entry.port}`,
    );
  }
  return ok(`${written}:${entry.port}`);
}

/** Every monitor once, in the order given; none given: this machine's `127.0.0.1:9464`. */
export function parseMonitorTargets(texts: readonly string[], option = '--metrics'): Result<string[]> {
  if (texts.length === 0) return ok([`${DEFAULT_METRICS_HOST}:${DEFAULT_METRICS_PORT}`]);
  const targets: string[] = [];
  for (const text of texts) {
    const target = parseMonitorTarget(text, option);
    if (!target.ok) return target;
    if (targets.includes(target.value)) {
      return refuse(
        option,
        text,
        `${target.value} is given twice; name each monitor once (its devices would count twice in the site's totals)`,
      );
    }
    targets.push(target.value);
  }
  return ok(targets);
}
