/**
 * Identity across address changes, as a scan streams its findings (a known device found at a new address is
 * reported as moved, not as new; two live addresses with one MAC are two devices, since cloned control-board
 * images share MACs). The rule itself is credentials/identity-rule.ts; this applies it to findings as they
 * come:
 *
 * - a MAC that a known device had at another address is `moved` only when that old address no longer
 *   answers with it. The old address is asked (anonymous GETs, as for any scanned host) and the finding
 *   waits for the answer; a found host is always reported, also when the scan is cancelled meanwhile;
 * - a second address answering with a MAC reported already is a device of its own: it is reported with
 *   the first one's address, and the first is reported again (`again`) with the second's. A later report
 *   of an address replaces the earlier one.
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import { formatDeviceAddress, parseDeviceAddress } from '../../../shared/domain/device-address';
import { macDeviceId } from '../credentials/device-identity';
import type { KnownDevice, Verdict } from '../credentials/identity-rule';
import { judgeSightings, KnownIndex } from '../credentials/identity-rule';
import type { Finding } from './prober';

export type { KnownDevice } from '../credentials/identity-rule';

export interface KnownDevicesOptions {
  known: readonly KnownDevice[];
  /**
   * What answers at a canonical address now: the MAC it tells, null when no device with a MAC answers,
   * undefined when it could not be asked (the scan was cancelled).
   */
  check: (address: string) => Promise<string | null | undefined>;
  /** A host to report; `again` when it was reported before and what is known about it changed. */
  report: (host: DiscoveredHost, again: boolean) => void;
}

const addressOf = (finding: Finding): string =>
  formatDeviceAddress({ scheme: finding.scheme, host: finding.address, port: finding.port });

const hostOf = (address: string): string => {
  const parsed = parseDeviceAddress(address);
  return parsed.ok ? parsed.value.host : address;
};

export class KnownDevices {
  private readonly index: KnownIndex;
  private readonly found = new Map<string, Finding>();
  /** Addresses by MAC id: findings, and known devices' old addresses that still answer with it. */
  private readonly groups = new Map<string, Set<string>>();
  /** Old addresses that still answer with their MAC (not scan targets, so never reported). */
  private readonly stillThere = new Map<string, string>();
  private readonly silent = new Set<string>();
  /** MAC ids whose known device's old address is being asked, with that address. */
  private readonly asking = new Map<string, string>();
  private readonly checks: Promise<void>[] = [];
  /** What was reported per address, to report again only on a change. */
  private readonly reported = new Map<string, string>();

  constructor(private readonly options: KnownDevicesOptions) {
    this.index = new KnownIndex(options.known);
  }

  judge(finding: Finding): void {
    const address = addressOf(finding);
    if (this.found.has(address)) return;
    this.found.set(address, finding);
    const macId = macDeviceId(finding.identity?.mac ?? null);
    if (macId === undefined) {
      this.tell([address], judgeSightings([{ address, mac: null }], this.index));
      return;
    }
    const group = this.groups.get(macId) ?? new Set<string>();
    this.groups.set(macId, group);
    group.add(address);
    const before = this.index.byId.get(macId)?.address;
    if (before !== undefined && !group.has(before) && !this.asking.has(macId) && !this.silent.has(before)) {
      this.ask(macId, before);
    }
    this.evaluate(macId);
  }

  /** Resolves when every old address asked about has answered and every finding is reported. */
  async settled(): Promise<void> {
    while (this.checks.length > 0) await Promise.all(this.checks.splice(0));
  }

  private ask(macId: string, address: string): void {
    this.asking.set(macId, address);
    const done = this.options.check(address).then(
      (mac) => this.heard(macId, address, mac),
      () => this.heard(macId, address, undefined),
    );
    this.checks.push(done);
  }

  private heard(macId: string, address: string, mac: string | null | undefined): void {
    this.asking.delete(macId);
    if (mac !== undefined && macDeviceId(mac) === macId) {
      this.stillThere.set(address, macId.slice('mac:'.length));
      this.groups.get(macId)?.add(address);
    } else if (mac !== undefined) this.silent.add(address);
    this.evaluate(macId);
  }

  private evaluate(macId: string): void {
    const group = this.groups.get(macId);
    if (group === undefined) return;
    // Waiting for the old address, unless the scan itself found it answering already.
    const asked = this.asking.get(macId);
    if (asked !== undefined && !group.has(asked)) return;
    const addresses = [...group];
    const sightings = addresses.map((address) => ({
      address,
      mac: this.found.get(address)?.identity?.mac ?? this.stillThere.get(address) ?? null,
    }));
    this.tell(addresses, judgeSightings(sightings, this.index, this.silent));
  }

  private tell(addresses: readonly string[], verdicts: ReadonlyMap<string, Verdict>): void {
    for (const address of addresses) {
      const finding = this.found.get(address);
      const verdict = verdicts.get(address);
      if (finding === undefined || verdict === undefined) continue;
      const host: DiscoveredHost = {
        ...finding,
        seen: verdict.seen,
        ...(verdict.previousAddress !== undefined
          ? { previousAddress: hostOf(verdict.previousAddress) }
          : {}),
        ...(verdict.sameMacAs.length > 0 ? { sameMacAs: verdict.sameMacAs } : {}),
      };
      const said = JSON.stringify([host.seen, host.previousAddress, host.sameMacAs]);
      const before = this.reported.get(address);
      if (before === said) continue;
      this.reported.set(address, said);
      this.options.report(host, before !== undefined);
    }
  }
}
