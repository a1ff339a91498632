/** Subnet suggestions from interface tables as Linux, macOS and Windows report them. */
import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { suggestSubnets } from '../../../../electron/core/discovery/subnet-suggestions';

function v4(address: string, cidr: string, internal = false): NetworkInterfaceInfo {
  return { address, netmask: '', family: 'IPv4', mac: '00:00:00:00:00:00', internal, cidr };
}
const v6: NetworkInterfaceInfo = {
  address: 'fe80::1',
  netmask: 'ffff:ffff:ffff:ffff::',
  family: 'IPv6',
  mac: '00:00:00:00:00:00',
  internal: false,
  cidr: 'fe80::1/64',
  scopeid: 2,
};

describe('suggestSubnets', () => {
  it('suggests the network of each LAN interface, and nothing for loopback, link-local or IPv6', () => {
    const suggestions = suggestSubnets({
      lo: [v4('127.0.0.1', '127.0.0.1/8', true)],
      eth0: [v4('192.168.1.23', '192.168.1.23/24'), v6],
      'Wi-Fi': [v4('10.20.30.40', '10.20.28.0/22')],
      en5: [v4('169.254.10.20', '169.254.10.20/16')],
    });
    expect(suggestions).toEqual([
      {
        interfaceName: 'eth0',
        address: '192.168.1.23',
        cidr: '192.168.1.0/24',
        hostCount: 254,
        capped: false,
      },
      {
        interfaceName: 'Wi-Fi',
        address: '10.20.30.40',
        cidr: '10.20.28.0/22',
        hostCount: 1022,
        capped: false,
      },
    ]);
  });

  it('narrows networks wider than /16 to the /16 around the laptop', () => {
    expect(suggestSubnets({ eth1: [v4('10.77.3.4', '10.0.0.0/8')] })).toEqual([
      { interfaceName: 'eth1', address: '10.77.3.4', cidr: '10.77.0.0/16', hostCount: 65_534, capped: true },
    ]);
  });

  it('skips point-to-point links and lists a shared network once', () => {
    expect(
      suggestSubnets({
        tun0: [v4('10.8.0.2', '10.8.0.2/32')],
        eth0: [v4('192.168.5.10', '192.168.5.10/24')],
        eth0_1: [v4('192.168.5.11', '192.168.5.11/24')],
      }).map((s) => s.cidr),
    ).toEqual(['192.168.5.0/24']);
  });

  it('reads the real interfaces without failing', () => {
    for (const s of suggestSubnets()) expect(s.cidr).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
  });
});
