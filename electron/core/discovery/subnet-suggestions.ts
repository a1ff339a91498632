/**
 * Subnets worth scanning, from the laptop's own interfaces: the technician plugs
 * into the site LAN and picks it instead of typing it. Loopback and link-local (169.254/16, what a laptop
 * gives itself when no DHCP answered) are left out: no device lives there. A network wider than /16 is
 * narrowed to the /16 around the laptop's address, so a suggestion never needs the large-scan confirmation.
 */
import os from 'node:os';
import type { NetworkInterfaceInfo } from 'node:os';
import { formatIpv4, networkOf, parseIpv4 } from '../../../shared/domain/targets/ipv4';

export interface SubnetSuggestion {
  /** Interface name, e.g. `eth0`, `en0`, `Wi-Fi`. */
  interfaceName: string;
  /** The laptop's own address on it. */
  address: string;
  /** What to scan, e.g. `192.168.1.0/24`. */
  cidr: string;
  /** Host addresses in it (without network and broadcast). */
  hostCount: number;
  /** True when the interface's network was wider than /16 and was narrowed. */
  capped: boolean;
}

export const WIDEST_SUGGESTED_PREFIX = 16;

const LINK_LOCAL_FIRST = 0xa9fe0000; // 169.254.0.0
const LINK_LOCAL_LAST = 0xa9feffff;

export function suggestSubnets(
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = os.networkInterfaces(),
): SubnetSuggestion[] {
  const suggestions: SubnetSuggestion[] = [];
  const seen = new Set<string>();
  for (const [interfaceName, infos] of Object.entries(interfaces)) {
    for (const info of infos ?? []) {
      if (info.family !== 'IPv4' || info.internal) continue;
      const parsed = parseIpv4(info.address);
      const prefix = Number(info.cidr?.split('/')[1]);
      if (!parsed.ok || !Number.isInteger(prefix)) continue;
      const value = parsed.value;
      if (value >>> 24 === 127 || (value >= LINK_LOCAL_FIRST && value <= LINK_LOCAL_LAST)) continue;
      // Point-to-point links (/31, /32: VPNs, tethering) have no neighbours to find.
      if (prefix > 30) continue;
      const used = Math.max(prefix, WIDEST_SUGGESTED_PREFIX);
      const cidr = `${formatIpv4(networkOf(value, used))}/${used}`;
      if (seen.has(cidr)) continue;
      seen.add(cidr);
      suggestions.push({
        interfaceName,
        address: info.address,
        cidr,
        hostCount: 2 ** (32 - used) - 2,
        capped: used !== prefix,
      });
    }
  }
  return suggestions;
}
