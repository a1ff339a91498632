/**
 * The addresses of a scan as a few merged blocks, never as a list: the count is known before the first
 * probe (for the confirmation above 65,536 and for progress), duplicates and overlaps disappear, and the
 * scanner pulls one address at a time, so a /8 costs the same memory as a /24.
 */
import { formatIpv4 } from './ipv4';
import type { Ipv4Entry, NamedEntry } from './target-token';

/** Which ports to probe on one host: the scan's default ports and/or ports written as `host:port`. */
export interface PortSpec {
  useDefaults: boolean;
  /** Ports given explicitly, ascending, without duplicates. */
  ports: readonly number[];
}

/** One host to probe. */
export interface ScanTarget {
  /** IPv4 address, host name, or IPv6 address (without brackets). */
  host: string;
  ports: PortSpec;
}

/** A run of consecutive IPv4 addresses that share one port spec. */
export interface Ipv4Segment {
  first: number;
  last: number;
  ports: PortSpec;
}

/** Above this many addresses a scan needs an explicit confirmation (the CLI's `--yes`). */
export const CONFIRMATION_THRESHOLD = 65_536;

export interface TargetSet extends Iterable<ScanTarget> {
  /** Distinct addresses and names to probe. */
  readonly count: number;
  /** True above CONFIRMATION_THRESHOLD addresses. */
  readonly needsConfirmation: boolean;
  readonly segments: readonly Ipv4Segment[];
  readonly named: readonly ScanTarget[];
}

const DEFAULT_KEY = 0; // port 0 cannot be written, so it stands for "the scan's default ports"

/** One shared PortSpec object per distinct combination, so segments compare by identity. */
class PortSpecs {
  private readonly byKey = new Map<string, PortSpec>();

  get(keys: Iterable<number>): PortSpec {
    const sorted = [...keys].sort((a, b) => a - b);
    const id = sorted.join(',');
    let spec = this.byKey.get(id);
    if (spec === undefined) {
      spec = { useDefaults: sorted[0] === DEFAULT_KEY, ports: sorted.filter((k) => k !== DEFAULT_KEY) };
      this.byKey.set(id, spec);
    }
    return spec;
  }
}

/**
 * Sweep over block starts and ends: between two consecutive boundaries the set of ports asked for is
 * constant, so that stretch becomes one segment. O(n log n) in the number of entries, whatever their size.
 */
function mergeIpv4(entries: readonly Ipv4Entry[], specs: PortSpecs): Ipv4Segment[] {
  const events = entries.flatMap((e) => {
    const key = e.port ?? DEFAULT_KEY;
    return [
      { at: e.first, key, delta: 1 },
      { at: e.last + 1, key, delta: -1 },
    ];
  });
  events.sort((a, b) => a.at - b.at);
  const active = new Map<number, number>();
  const segments: Ipv4Segment[] = [];
  let i = 0;
  while (i < events.length) {
    const at = events[i]?.at ?? 0;
    for (let e = events[i]; e !== undefined && e.at === at; e = events[++i]) {
      const count = (active.get(e.key) ?? 0) + e.delta;
      if (count === 0) active.delete(e.key);
      else active.set(e.key, count);
    }
    const next = events[i]?.at;
    if (next === undefined || active.size === 0) continue;
    const ports = specs.get(active.keys());
    const previous = segments.at(-1);
    if (previous !== undefined && previous.last + 1 === at && previous.ports === ports)
      previous.last = next - 1;
    else segments.push({ first: at, last: next - 1, ports });
  }
  return segments;
}

function mergeNamed(entries: readonly NamedEntry[], specs: PortSpecs): ScanTarget[] {
  const byHost = new Map<string, Set<number>>();
  for (const entry of entries) {
    const keys = byHost.get(entry.host) ?? new Set<number>();
    keys.add(entry.port ?? DEFAULT_KEY);
    byHost.set(entry.host, keys);
  }
  return [...byHost].map(([host, keys]) => ({ host, ports: specs.get(keys) }));
}

export function buildTargetSet(ipv4: readonly Ipv4Entry[], named: readonly NamedEntry[]): TargetSet {
  const specs = new PortSpecs();
  const segments = mergeIpv4(ipv4, specs);
  const namedTargets = mergeNamed(named, specs);
  const count = segments.reduce((sum, s) => sum + (s.last - s.first + 1), 0) + namedTargets.length;
  return {
    count,
    needsConfirmation: count > CONFIRMATION_THRESHOLD,
    segments,
    named: namedTargets,
    *[Symbol.iterator]() {
      for (const segment of segments) {
        for (let n = segment.first; n <= segment.last; n += 1) {
          yield { host: formatIpv4(n), ports: segment.ports };
        }
      }
      yield* namedTargets;
    },
  };
}

/** The ports to probe on a target, given the scan's default ports (no copy in the common case). */
export function portsFor(target: ScanTarget, defaults: readonly number[]): readonly number[] {
  if (!target.ports.useDefaults) return target.ports.ports;
  if (target.ports.ports.length === 0) return defaults;
  return [...new Set([...defaults, ...target.ports.ports])].sort((a, b) => a - b);
}
