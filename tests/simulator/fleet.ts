/**
 * A fleet: many simulated devices in one process, one loopback address each, sharing a port by default.
 * Devices start in parallel batches so thousands come up in about a second. The fleet owns what its
 * devices share: the field clock (sim-clock.ts), the site link (site-link.ts) and the field faults
 * (field-faults.ts).
 */
import { randomInt } from 'node:crypto';
import { planFieldFaults, picksOf, withFieldFault } from './field-faults';
import type { FaultPlan } from './field-faults';
import { HostAllocator, parseHostBase, randomHostBase, randomPort } from './host-alloc';
import { checkTimeScale, simClock } from './sim-clock';
import type { SimClock } from './sim-clock';
import { SimDeviceImpl } from './sim-device';
import { SiteLink } from './site-link';
import type {
  FieldFaultPick,
  Fleet,
  FleetOptions,
  LinkStats,
  LinkUpload,
  RecordedRequest,
  SimDevice,
  SimDeviceOptions,
} from './types';

/** Listens in flight at once: enough for speed, few enough not to exhaust the accept backlog or fds. */
const START_BATCH = 256;
/** Tries per device when its address or port is taken (another fleet in a parallel worker). */
const MAX_ATTEMPTS = 12;

function isAddressInUse(e: unknown): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === 'EADDRINUSE';
}

function checkPort(port: number | undefined, what: string): void {
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65535)) {
    throw new RangeError(`${what} must be an integer 1-65535, got ${port}`);
  }
}

class FleetImpl implements Fleet {
  readonly devices: SimDeviceImpl[] = [];
  readonly requests: RecordedRequest[] = [];
  private port: number;
  private readonly portFixed: boolean;
  private readonly hosts: HostAllocator;
  /** Random per fleet: MACs differ between fleets of parallel workers. */
  private readonly tag = randomInt(0, 65536);
  private nextIndex = 0;
  private closed = false;
  private readonly record: ((r: RecordedRequest) => void) | undefined;
  private readonly clock: SimClock;
  private readonly link: SiteLink | undefined;
  private readonly drawSeed: number;
  private faultPlan: FaultPlan[] = [];

  constructor(private readonly opts: FleetOptions) {
    checkPort(opts.port, 'fleet port');
    this.clock = simClock(checkTimeScale(opts.timeScale ?? 1));
    this.drawSeed = opts.seed ?? 1;
    if (!Number.isFinite(this.drawSeed)) throw new RangeError(`seed must be a number, got ${opts.seed}`);
    this.link = opts.link === undefined ? undefined : new SiteLink(opts.link, this.clock);
    this.port = opts.port ?? randomPort();
    this.portFixed = opts.port !== undefined;
    this.hosts = new HostAllocator(
      opts.hostBase === undefined ? randomHostBase() : parseHostBase(opts.hostBase),
    );
    this.record = opts.recordRequests === false ? undefined : (r) => this.requests.push(r);
  }

  get timeScale(): number {
    return this.clock.scale;
  }

  get clockStartMs(): number {
    return this.clock.startMs;
  }

  now(): number {
    return this.clock.now();
  }

  linkStats(): LinkStats | undefined {
    return this.link?.stats();
  }

  /** Every upload that passed the site link: who, started and ended (field epoch ms). */
  linkTimeline(): LinkUpload[] {
    return this.link?.timeline() ?? [];
  }

  fieldFaults(): FieldFaultPick[] {
    return picksOf(this.faultPlan, (i) => this.devices.find((d) => d.index === i));
  }

  async populate(count: number): Promise<void> {
    if (this.opts.fieldFaults !== undefined) this.faultPlan = planFieldFaults(this.opts.fieldFaults, count);
    const byIndex = new Map(this.faultPlan.map((p) => [p.index, p]));
    const perDevice = (i: number): SimDeviceOptions =>
      withFieldFault({ ...this.opts.defaults, ...this.opts.devices?.[i] }, byIndex.get(i));
    if (count === 0) return;
    // The first device settles the port (a taken port moves the whole fleet); the rest follow in batches.
    this.devices.push(await this.spawn(perDevice(0)));
    for (let i = 1; i < count; i += START_BATCH) {
      const batch = Array.from({ length: Math.min(START_BATCH, count - i) }, (_, k) =>
        this.spawn(perDevice(i + k)),
      );
      const settled = await Promise.allSettled(batch);
      for (const s of settled) if (s.status === 'fulfilled') this.devices.push(s.value);
      const failed = settled.find((s) => s.status === 'rejected');
      if (failed) throw failed.reason;
    }
  }

  async addDevice(opts: SimDeviceOptions = {}): Promise<SimDevice> {
    if (this.closed) throw new Error('fleet is closed');
    const device = await this.spawn({ ...this.opts.defaults, ...opts });
    if (this.closed) {
      await device.close();
      throw new Error('fleet closed while the device started');
    }
    this.devices.push(device);
    return device;
  }

  device(idOrHost: string): SimDevice | undefined {
    return this.devices.find((d) => d.id === idOrHost || d.host === idOrHost);
  }

  clearRequests(): void {
    this.requests.length = 0;
    for (const d of this.devices) d.clearRequests();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.link?.close();
    await Promise.all(this.devices.map((d) => d.close()));
  }

  /** Starts one device, moving to the next address (or, before any device runs, another port) when taken. */
  private async spawn(o: SimDeviceOptions): Promise<SimDeviceImpl> {
    checkPort(o.port, 'device port');
    const index = this.nextIndex++;
    for (let attempt = 1; ; attempt++) {
      const device = new SimDeviceImpl({
        id: `sim-${index + 1}`,
        index,
        fleetTag: this.tag,
        host: o.host ?? this.hosts.allocate(),
        port: o.port ?? this.port,
        options: o,
        onRecord: this.record,
        clock: this.clock,
        drawSeed: this.drawSeed,
        ...(this.link !== undefined ? { link: this.link } : {}),
      });
      try {
        await device.start();
        return device;
      } catch (e) {
        await device.close();
        const canMovePort = !this.portFixed && o.port === undefined && this.devices.length === 0;
        const canMove = o.host === undefined || canMovePort;
        if (!isAddressInUse(e) || !canMove || attempt >= MAX_ATTEMPTS) throw e;
        if (canMovePort) this.port = randomPort();
      }
    }
  }
}

/** Starts a fleet; on failure closes whatever already started and rethrows. */
export async function startFleet(opts: FleetOptions = {}): Promise<Fleet> {
  const count = opts.count ?? opts.devices?.length ?? 1;
  if (!(Number.isInteger(count) && count >= 0))
    throw new RangeError(`count must be an integer >= 0, got ${count}`);
  const fleet = new FleetImpl(opts);
  try {
    await fleet.populate(count);
  } catch (e) {
    await fleet.close();
    throw e;
  }
  return fleet;
}
