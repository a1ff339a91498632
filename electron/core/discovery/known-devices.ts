/**
 * Identity across address changes (issue 4: "a known device found at a new address is reported as moved,
 * not as new"). Devices get their address from DHCP, so after a reboot the same machine can answer at
 * another address; its MAC (from `/info`) stays. Without a MAC the address is all we have.
 */
import type { DiscoveredHost } from '../../../shared/domain/discovery';
import { normalizeMac } from './classify';
import type { Finding } from './prober';

export class KnownDevices {
  private readonly byMac = new Map<string, string>();
  private readonly addresses = new Set<string>();
  /** MACs already reported in this scan: a device reachable by name and by address is one device. */
  private readonly reported = new Set<string>();

  /** `known`: MAC → the address the device had when last seen. */
  constructor(known: ReadonlyMap<string, string> = new Map()) {
    for (const [mac, address] of known) {
      this.byMac.set(normalizeMac(mac), address);
      this.addresses.add(address);
    }
  }

  /** The finding as a result, or undefined when this scan already reported the same device. */
  judge(finding: Finding): DiscoveredHost | undefined {
    const mac = finding.identity?.mac ?? null;
    if (mac === null) {
      return { ...finding, seen: this.addresses.has(finding.address) ? 'known' : 'new' };
    }
    if (this.reported.has(mac)) return undefined;
    this.reported.add(mac);
    const previous = this.byMac.get(mac);
    if (previous === undefined) return { ...finding, seen: 'new' };
    if (previous === finding.address) return { ...finding, seen: 'known' };
    return { ...finding, seen: 'moved', previousAddress: previous };
  }
}
