/**
 * Plain-http connections to devices, kept between requests: a poll's `/status` and `/summary` share one,
 * and the next poll five seconds later reuses it when the device keeps idle connections that long — most
 * of a poll's CPU is opening and closing the TCP connection (benchmark).
 *
 * Rules:
 * - at most `maxSocketsPerDevice` connections to one device (embedded web servers dislike many); more
 *   requests wait their turn;
 * - at most `maxTotalSockets` fleet-wide; at the cap the connection idle the longest is closed to make room,
 *   and only when none is idle does a request wait;
 * - an idle connection is closed after `idleTimeoutMs`, or shortly before the device said it would close
 *   it (`Keep-Alive: timeout=N`): a request written into a connection the device is closing is lost. A GET
 *   may use it until 250 ms before (on a LAN the device's idle clock starts a few milliseconds before
 *   ours, and a GET that still crosses the close is sent once more); a POST, never resent, only until a
 *   second before, as Node's own agent does. A device that says nothing keeps it until our idle timeout;
 *   if it closed it anyway, the transport sends a GET once more on a fresh connection (StaleSocketError);
 * - one timer sweeps idle connections, not one timer per socket, and each sweep looks only at the connections
 *   due to expire by then (filed by expiry when they become idle), not at every idle one: a monitor keeps one
 *   per device, 10,000 on a large site, and would otherwise walk them all every second.
 */
import net from 'node:net';
import type { DeviceAddress } from '../../../shared/domain/device-address';
import { DeviceError } from './device-error';
import { ExpiryBuckets } from './expiry-buckets';
import { Http1Connection } from './http1-connection';
import { hostPort } from './network-errors';
import { SharedBufferReads } from './shared-buffer-reads';
import { whenConnected } from './socket-connect';

export interface ConnectionPoolOptions {
  maxSocketsPerDevice: number;
  maxTotalSockets: number;
  idleTimeoutMs: number;
  now?: () => number;
}

/** A GET stops using a kept connection this long before the time the device announced. */
const RESENDABLE_MARGIN_MS = 250;
/** A POST (never resent) stops this long before it, so it never crosses the device's close. */
const NOT_RESENDABLE_MARGIN_MS = 1000;

interface DeviceConnections {
  /** Connections open or opening, busy or idle. */
  open: number;
  /** Idle ones, the most recently used last. */
  idle: Http1Connection[];
  /** Requests waiting for a connection to this device. */
  waiting: (() => void)[];
}

const marginFor = (resendable: boolean): number =>
  resendable ? RESENDABLE_MARGIN_MS : NOT_RESENDABLE_MARGIN_MS;

export class ConnectionPool {
  private readonly devices = new Map<string, DeviceConnections>();
  /** Every idle connection, the one idle longest first (a Set keeps insertion order). */
  private readonly idle = new Set<Http1Connection>();
  /** Idle connections by when they expire: a sweep looks only at those due. */
  private readonly expiring: ExpiryBuckets<Http1Connection>;
  /** Devices whose last connection closed, or that were just added: the sweep drops those still empty. */
  private maybeEmpty: string[] = [];
  private readonly sweepEveryMs: number;
  /** Requests waiting for the fleet-wide cap. */
  private readonly waitingForRoom: (() => void)[] = [];
  private total = 0;
  private sweepTimer: NodeJS.Timeout | undefined;
  private closed = false;
  private readonly now: () => number;

  constructor(private readonly options: ConnectionPoolOptions) {
    this.now = options.now ?? Date.now;
    this.sweepEveryMs = Math.max(50, Math.min(1000, options.idleTimeoutMs / 2));
    this.expiring = new ExpiryBuckets(this.sweepEveryMs);
  }

  /** Connections open or opening, fleet-wide (for tests and the soak benchmark). */
  get openConnections(): number {
    return this.total;
  }

  /**
   * An idle connection to `address` that can still be trusted, at once, or undefined: most requests of a
   * monitored fleet take this path, without a promise or a wait.
   */
  takeIdleNow(address: DeviceAddress, resendable = true): Http1Connection | undefined {
    if (this.closed) return undefined;
    const device = this.devices.get(hostPort(address));
    return device === undefined ? undefined : this.takeIdle(device, marginFor(resendable));
  }

  /**
   * How much longer (ms) a GET can still reuse the device's most recently used idle connection, or
   * undefined when it has none: the monitor times its next poll to find it (see state-machine.ts).
   */
  keptFor(address: DeviceAddress): number | undefined {
    const newest = this.devices.get(hostPort(address))?.idle.at(-1);
    if (newest === undefined || !newest.usable) return undefined;
    const idleFor = this.now() - newest.idleSince;
    const ours = this.options.idleTimeoutMs - idleFor;
    const theirs =
      newest.keepAliveMs === undefined
        ? Number.POSITIVE_INFINITY
        : newest.keepAliveMs - RESENDABLE_MARGIN_MS - idleFor;
    return Math.max(0, Math.min(ours, theirs));
  }

  /**
   * A connection to `address` for one request: an idle one that can still be trusted, else a new one.
   * Hand it back with `release`. `resendable`: the request is a GET, which the transport sends once more
   * if a kept connection turns out closed (it may use a kept connection a little longer).
   */
  async acquire(
    address: DeviceAddress,
    connectTimeoutMs: number,
    signal: AbortSignal,
    resendable = true,
  ): Promise<Http1Connection> {
    const key = hostPort(address);
    for (;;) {
      if (this.closed)
        throw new DeviceError('CANCELLED', `The device client was closed; nothing was sent to ${key}.`);
      if (signal.aborted) throw signal.reason;
      const device = this.deviceFor(key);
      const reused = this.takeIdle(device, marginFor(resendable));
      if (reused !== undefined) return reused;
      if (device.open >= this.options.maxSocketsPerDevice) {
        await this.wait(device.waiting, signal);
        continue;
      }
      if (this.total >= this.options.maxTotalSockets && !this.evictOldestIdle()) {
        await this.wait(this.waitingForRoom, signal);
        continue;
      }
      return this.connect(address, device, connectTimeoutMs, signal);
    }
  }

  /** Back from a request: kept for the next one when the answer allowed it, closed otherwise. */
  release(connection: Http1Connection, keepAlive: boolean): void {
    const device = this.devices.get(hostPort(connection.address));
    if (!keepAlive || this.closed || !connection.usable || device === undefined) {
      connection.destroy();
      return;
    }
    connection.idleSince = this.now();
    device.idle.push(connection);
    this.idle.add(connection);
    this.expiring.file(connection, this.expiresAt(connection));
    this.armSweep();
    // A request waiting for this device takes it; else one waiting for fleet-wide room may close it to
    // make room (it would otherwise wait until some connection closes, up to the idle timeout).
    (device.waiting.shift() ?? this.waitingForRoom.shift())?.();
  }

  /** Closes every connection; requests waiting for one fail with `CANCELLED`. */
  close(): void {
    this.closed = true;
    clearTimeout(this.sweepTimer);
    this.expiring.clear();
    for (const connection of this.idle) connection.destroy();
    for (const wake of this.waitingForRoom.splice(0)) wake();
    for (const device of this.devices.values()) for (const wake of device.waiting.splice(0)) wake();
  }

  private deviceFor(key: string): DeviceConnections {
    let device = this.devices.get(key);
    if (device === undefined) {
      device = { open: 0, idle: [], waiting: [] };
      this.devices.set(key, device);
      // Dropped by a sweep if it never gets a connection (an aborted wait).
      this.maybeEmpty.push(key);
    }
    return device;
  }

  private takeIdle(device: DeviceConnections, marginMs: number): Http1Connection | undefined {
    for (let connection = device.idle.pop(); connection !== undefined; connection = device.idle.pop()) {
      this.idle.delete(connection);
      if (connection.usable && !this.expired(connection, this.now(), marginMs)) return connection;
      connection.destroy();
    }
    return undefined;
  }

  /** Past our idle timeout, or within `marginMs` of the time the device said it closes it. */
  private expired(connection: Http1Connection, now: number, marginMs = RESENDABLE_MARGIN_MS): boolean {
    return now >= this.expiresAt(connection, marginMs);
  }

  /** When the idle connection expires for a GET (our idle timeout, or shortly before the device's). */
  private expiresAt(connection: Http1Connection, marginMs = RESENDABLE_MARGIN_MS): number {
    const ours = connection.idleSince + this.options.idleTimeoutMs;
    const deviceKeeps = connection.keepAliveMs;
    return deviceKeeps === undefined ? ours : Math.min(ours, connection.idleSince + deviceKeeps - marginMs);
  }

  private async connect(
    address: DeviceAddress,
    device: DeviceConnections,
    connectTimeoutMs: number,
    signal: AbortSignal,
  ): Promise<Http1Connection> {
    device.open += 1;
    this.total += 1;
    let counted = true;
    const forget = (): void => {
      if (!counted) return;
      counted = false;
      device.open -= 1;
      this.total -= 1;
      if (device.open === 0) this.maybeEmpty.push(hostPort(address));
      // The entry stays even when empty: dropping it here, while a caller may still hold it (takeIdle
      // closes expired connections mid-acquire), would split one device's cap across two entries. The
      // sweep drops empty entries.
      this.armSweep();
      device.waiting.shift()?.();
      this.waitingForRoom.shift()?.();
    };
    try {
      const reads = new SharedBufferReads();
      const socket = net.connect({ host: address.host, port: address.port, onread: reads.option });
      await whenConnected(socket, address, { connectTimeoutMs, signal }, 'connect');
      const connection = new Http1Connection(socket, address, reads);
      connection.onClose = () => {
        this.dropIdle(device, connection);
        forget();
      };
      if (socket.destroyed) forget();
      return connection;
    } catch (error) {
      forget();
      throw error;
    }
  }

  private dropIdle(device: DeviceConnections, connection: Http1Connection): void {
    if (!this.idle.delete(connection)) return;
    const at = device.idle.indexOf(connection);
    if (at >= 0) device.idle.splice(at, 1);
  }

  private evictOldestIdle(): boolean {
    const oldest = this.idle.values().next();
    if (oldest.done === true) return false;
    oldest.value.destroy(); // its close handler leaves the idle lists, frees the slot and wakes a waiter
    return true;
  }

  /** Waits for a slot; an abort rejects with its reason and leaves the queue. */
  private wait(queue: (() => void)[], signal: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const at = queue.indexOf(wake);
        if (at >= 0) queue.splice(at, 1);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      queue.push(wake);
    });
  }

  private armSweep(): void {
    if (this.sweepTimer !== undefined || this.closed) return;
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = undefined;
      this.sweep();
    }, this.sweepEveryMs);
    this.sweepTimer.unref();
  }

  /**
   * Closes the idle connections expired by now, looking only at those due (the connections released in
   * about one sweep period, however many are idle), and drops the entries of devices left without one.
   */
  private sweep(): void {
    const now = this.now();
    this.expiring.sweep(now, (connection, period) => {
      // Taken since, or taken and released again (filed again, later): not this filing's business.
      if (!this.idle.has(connection)) return false;
      if (this.expiring.periodOf(this.expiresAt(connection)) !== period) return false;
      if (this.expired(connection, now) || !connection.usable) {
        connection.destroy();
        return false;
      }
      return true; // its period has begun, its time not: looked at again at the next sweep
    });
    const maybeEmpty = this.maybeEmpty;
    this.maybeEmpty = [];
    for (const key of maybeEmpty) {
      const device = this.devices.get(key);
      if (device !== undefined && device.open === 0 && device.waiting.length === 0) this.devices.delete(key);
    }
    if (this.idle.size > 0 || !this.expiring.empty) this.armSweep();
  }
}
