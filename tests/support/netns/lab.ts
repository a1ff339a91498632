/**
 * A private test network for realistic silent hosts: empty addresses that DROP packets, as on a real LAN,
 * where loopback can only refuse. Two network namespaces this module creates (root only):
 *
 *   scanner ns  198.18.0.1/30 ──veth── 198.18.0.2/30  site ns
 *               route 198.18.1.0/24 via .2               the whole /24 is local; nft DNATs each device's
 *                                                        address to a simulator on 127.0.1.N and drops
 *                                                        every other packet to the /24
 *
 * The block is the /24 198.18.1.0/24 (devices at .10, .22, .34 …), or with `block: 'sparse-16'` the /16
 * 198.19.0.0/16 with the devices spread evenly over it (a big site's flat network, mostly empty).
 * `slowAccept` makes the last devices answer a connection late, as a busy controller does: their SYNs
 * go through a delay line (syn-delay.py, Python's standard library; `tc netem` is not always there).
 *
 * 198.18.0.0/15 is the RFC 2544 benchmarking range; it exists only inside these namespaces, and nothing
 * in the root namespace (interfaces, routes, firewall) is touched. Scans and nmap run inside the scanner
 * namespace (`ip netns exec`). `close()` kills the processes it started and deletes both namespaces
 * (which removes the veth pair and the nft table with them).
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { REPO_ROOT } from '../run-cli';

export const LAB_NETWORK = '198.18.1';
export const LAB_CIDR = `${LAB_NETWORK}.0/24`;
/** The sparse layout's block: a /16 inside the same benchmarking range. */
export const SPARSE_LAB_CIDR = '198.19.0.0/16';
const COMMAND_TIMEOUT_MS = 10_000;

export interface LabDevice {
  /** The device's address in the lab /24, as the scanner sees it. */
  address: string;
  mac: string;
  profile: 'field' | 'spec';
  /** Set for a device that accepts connections this late (`slowAccept`). */
  acceptDelayMs?: number;
}

export interface LabOptions {
  /** Where the devices sit: the /24 (default, at most 21 devices) or spread over a /16. */
  block?: '24' | 'sparse-16';
  /** The last `count` devices accept a connection only `delayMs` after its SYN arrived. */
  slowAccept?: { count: number; delayMs: number };
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** Time from the SIGINT to the exit, when `interruptOnFirstLine` sent one. */
  exitAfterInterruptMs?: number;
}

export interface RunOptions {
  /** Killed (SIGKILL) after this long; default 60 s. */
  timeoutMs?: number;
  /** Sends SIGINT (Ctrl-C) once the command printed its first line; `interruptedAfterMs` says when. */
  interruptOnFirstLine?: boolean;
}

export interface NetnsLab {
  scannerNs: string;
  /** The block the devices are in (LAB_CIDR or SPARSE_LAB_CIDR). */
  cidr: string;
  devices: LabDevice[];
  /** Runs a command inside the scanner namespace; killed after `timeoutMs`. */
  runInScanner(command: string, args: readonly string[], options?: RunOptions): Promise<RunResult>;
  /** Everything the simulated devices recorded so far. */
  requests(): Promise<{ method: string; path: string; credentials: string[] }[]>;
  /**
   * The scanner's end of the veth down (the laptop's cable out: its routes to the site go with it) or up
   * again, with its route to the site put back as the laptop's network manager would.
   */
  setScannerLink(up: boolean): void;
  close(): Promise<void>;
}

function ip(args: readonly string[], input?: string): void {
  execFileSync('ip', [...args], { timeout: COMMAND_TIMEOUT_MS, input, stdio: ['pipe', 'ignore', 'pipe'] });
}

let availability: string | undefined | null = null;

/** Why the lab cannot be built here, or undefined when it can (checked once per process). */
export function netnsUnavailable(): string | undefined {
  if (availability !== null) return availability;
  availability = (() => {
    if (process.getuid?.() !== 0) return 'network namespaces need root';
    for (const tool of ['ip', 'nft']) {
      if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `\`${tool}\` is not installed`;
    }
    const probe = `mdklab-probe-${process.pid}`;
    const added = spawnSync('ip', ['netns', 'add', probe], { timeout: COMMAND_TIMEOUT_MS });
    if (added.status !== 0) return `\`ip netns add\` failed: ${added.stderr.toString().trim()}`;
    const nft = spawnSync('ip', ['netns', 'exec', probe, 'nft', 'add', 'table', 'ip', 'probe'], {
      timeout: COMMAND_TIMEOUT_MS,
    });
    spawnSync('ip', ['netns', 'del', probe], { timeout: COMMAND_TIMEOUT_MS });
    if (nft.status !== 0) return `nftables does not work in a namespace: ${nft.stderr.toString().trim()}`;
    return undefined;
  })();
  return availability;
}

/**
 * A device is hardware of its own: the laptop's load does not delay its answers. The delay line shares
 * this machine (and its load, other tests, other work), so it runs at a real-time priority where it can
 * (`chrt`, root): a slow device then answers when it says, not tens of milliseconds later when a CPU
 * comes free. Plain priority where `chrt` is missing or refused.
 */
function realTime(): string[] {
  const tried = spawnSync('chrt', ['-f', '10', 'true'], { timeout: COMMAND_TIMEOUT_MS });
  return tried.status === 0 ? ['chrt', '-f', '10'] : [];
}

/** Why slow devices (`slowAccept`) cannot be built here, or undefined when they can. */
export function slowAcceptUnavailable(): string | undefined {
  return spawnSync('sh', ['-c', 'command -v python3']).status === 0
    ? undefined
    : '`python3` is not installed';
}

/** Device i (0-based) sits at .10, .22, .34 …: spread over the /24 like a real site, never .0 or .255. */
export const labAddress = (index: number): string => `${LAB_NETWORK}.${10 + 12 * index}`;

/** Device i of `count` in the sparse /16: evenly spread, never on a .0 or .255. */
export function sparseLabAddress(index: number, count: number): string {
  const offset = Math.floor(((index + 0.5) * 65536) / count);
  const low = offset % 256 === 0 ? 1 : offset % 256 === 255 ? 254 : offset % 256;
  return `198.19.${Math.floor(offset / 256)}.${low}`;
}

/** The simulator (host) behind each lab address. */
interface Mapping {
  address: string;
  host: string;
}

const natMap = (mappings: readonly Mapping[]): string =>
  `{ ${mappings.map((m) => `${m.address} : ${m.host}`).join(', ')} }`;

/**
 * Devices' SYNs are DNATed to their simulators on arrival; a slow device's are not (they reach `input`
 * and are dropped there), its delayed copy comes from inside the namespace and is DNATed on `output`.
 */
function nftRules(cidr: string, port: number, fast: readonly Mapping[], slow: readonly Mapping[]): string {
  const chain = (name: string, hook: string, rules: readonly string[]): string[] =>
    rules.length === 0
      ? []
      : [`  chain ${name} {`, `    type ${hook};`, ...rules.map((r) => `    ${r}`), '  }'];
  return [
    'table ip minerdeck_lab {',
    ...chain('prerouting', 'nat hook prerouting priority dstnat', [
      ...(fast.length > 0 ? [`tcp dport ${port} dnat to ip daddr map ${natMap(fast)}`] : []),
    ]),
    ...chain('output', 'nat hook output priority -100', [
      ...(slow.length > 0 ? [`tcp dport ${port} dnat to ip daddr map ${natMap(slow)}`] : []),
    ]),
    ...chain('input', 'filter hook input priority filter', [`ip daddr ${cidr} drop`]),
    '}',
    '',
  ].join('\n');
}

const scannerLinkName = (tag: string): string => `mdk${tag}a`;

function buildNetwork(scannerNs: string, siteNs: string, tag: string, cidr: string): void {
  const [a, b] = [scannerLinkName(tag), `mdk${tag}b`];
  ip(['netns', 'add', scannerNs]);
  ip(['netns', 'add', siteNs]);
  ip(['link', 'add', a, 'netns', scannerNs, 'type', 'veth', 'peer', 'name', b, 'netns', siteNs]);
  for (const [ns, dev, address] of [
    [scannerNs, a, '198.18.0.1/30'],
    [siteNs, b, '198.18.0.2/30'],
  ] as const) {
    ip(['-n', ns, 'link', 'set', 'lo', 'up']);
    ip(['-n', ns, 'addr', 'add', address, 'dev', dev]);
    ip(['-n', ns, 'link', 'set', dev, 'up']);
  }
  ip(['-n', scannerNs, 'route', 'add', cidr, 'via', '198.18.0.2']);
  ip(['-n', siteNs, 'route', 'add', 'local', cidr, 'dev', 'lo']);
  // DNAT to the namespace's loopback needs route_localnet (namespaced: this namespace only).
  ip(['netns', 'exec', siteNs, 'sysctl', '-qw', 'net.ipv4.conf.all.route_localnet=1']);
  ip(['netns', 'exec', siteNs, 'sysctl', '-qw', `net.ipv4.conf.${b}.route_localnet=1`]);
}

function deleteNamespaces(names: readonly string[]): void {
  for (const name of names) spawnSync('ip', ['netns', 'del', name], { timeout: COMMAND_TIMEOUT_MS });
}

function waitForLine(
  child: ChildProcessWithoutNullStreams,
  prefix: string,
  timeoutMs: number,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => {
      lines.close();
      reject(new Error(`no "${prefix}" line from the lab fleet within ${timeoutMs} ms`));
    }, timeoutMs);
    lines.on('line', (line) => {
      if (!line.startsWith(`${prefix} `)) return;
      clearTimeout(timer);
      lines.close();
      resolve(line.slice(prefix.length + 1));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the lab fleet exited (${code}) before "${prefix}"`));
    });
  });
}

function run(command: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, [...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, NODE_NO_WARNINGS: '1' },
    });
    let stdout = '';
    let stderr = '';
    let interruptedAt: number | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (options.interruptOnFirstLine === true && interruptedAt === undefined && stdout.includes('\n')) {
        interruptedAt = performance.now();
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const ended = performance.now();
      resolve({
        code,
        stdout,
        stderr,
        wallMs: ended - started,
        ...(interruptedAt !== undefined ? { exitAfterInterruptMs: ended - interruptedAt } : {}),
      });
    });
  });
}

/** Ends a helper process: its stdin closed (it exits by itself), killed when it has not within 5 s. */
async function stopChild(child: ChildProcessWithoutNullStreams): Promise<void> {
  child.stdin.end();
  await new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve();
      return;
    }
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve();
    }, 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Builds the lab with `count` simulator devices on `port`; throws (after cleaning up) when it cannot. */
export async function startNetnsLab(count = 20, port = 80, options: LabOptions = {}): Promise<NetnsLab> {
  const sparse = options.block === 'sparse-16';
  if (!sparse && count > 21) throw new RangeError(`the /24 lab holds at most 21 devices, not ${count}`);
  const cidr = sparse ? SPARSE_LAB_CIDR : LAB_CIDR;
  const addressOf = (i: number): string => (sparse ? sparseLabAddress(i, count) : labAddress(i));
  const slowCount = Math.min(count, options.slowAccept?.count ?? 0);
  const tag = randomBytes(3).toString('hex');
  const scannerNs = `mdklab-${tag}-scan`;
  const siteNs = `mdklab-${tag}-site`;
  const names = [scannerNs, siteNs];
  const helpers: ChildProcessWithoutNullStreams[] = [];
  const cleanup = (): void => {
    for (const child of helpers) child.kill('SIGKILL');
    deleteNamespaces(names);
  };
  // A crashed test run must not leave namespaces behind.
  process.once('exit', cleanup);
  try {
    buildNetwork(scannerNs, siteNs, tag, cidr);
    const fleet = spawn(
      'ip',
      [
        'netns',
        'exec',
        siteNs,
        process.execPath,
        '--import',
        'tsx',
        'tests/support/netns/site-fleet.ts',
        `${count}`,
        `${port}`,
      ],
      { cwd: REPO_ROOT, env: { ...process.env, NODE_NO_WARNINGS: '1' } },
    );
    helpers.push(fleet);
    const ready = JSON.parse(await waitForLine(fleet, 'READY', 30_000 + 100 * count)) as (Omit<
      LabDevice,
      'address'
    > & { host: string })[];
    const running = fleet;
    const slowFrom = ready.length - slowCount;
    const mappings = ready.map((d, i) => ({ address: addressOf(i), host: d.host }));
    ip(
      ['netns', 'exec', siteNs, 'nft', '-f', '-'],
      nftRules(cidr, port, mappings.slice(0, slowFrom), mappings.slice(slowFrom)),
    );
    if (slowCount > 0 && options.slowAccept !== undefined) {
      const delay = spawn(
        'ip',
        [
          'netns',
          'exec',
          siteNs,
          ...realTime(),
          'python3',
          'tests/support/netns/syn-delay.py',
          `mdk${tag}b`,
          `${options.slowAccept.delayMs}`,
          `${port}`,
          ...mappings.slice(slowFrom).map((m) => m.address),
        ],
        { cwd: REPO_ROOT },
      );
      helpers.push(delay);
      await waitForLine(delay, 'READY', 10_000);
    }
    const devices: LabDevice[] = ready.map((d, i) => ({
      address: addressOf(i),
      mac: d.mac,
      profile: d.profile,
      ...(i >= slowFrom && options.slowAccept !== undefined
        ? { acceptDelayMs: options.slowAccept.delayMs }
        : {}),
    }));
    return {
      scannerNs,
      cidr,
      devices,
      runInScanner: (command, args, options = {}) =>
        run('ip', ['netns', 'exec', scannerNs, command, ...args], options),
      setScannerLink: (up) => {
        ip(['-n', scannerNs, 'link', 'set', scannerLinkName(tag), up ? 'up' : 'down']);
        if (up) ip(['-n', scannerNs, 'route', 'replace', cidr, 'via', '198.18.0.2']);
      },
      requests: async () => {
        const answer = waitForLine(running, 'REQUESTS', 10_000);
        running.stdin.write('requests\n');
        return JSON.parse(await answer) as Awaited<ReturnType<NetnsLab['requests']>>;
      },
      close: async () => {
        await Promise.all(helpers.map(stopChild));
        process.removeListener('exit', cleanup);
        deleteNamespaces(names);
      },
    };
  } catch (error) {
    process.removeListener('exit', cleanup);
    cleanup();
    throw error;
  }
}
