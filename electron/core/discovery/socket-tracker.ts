/**
 * What a scan holds open — sockets and retry pauses — in one place, so cancel can end them all at once
 * (every socket closed within 100 ms of cancel). Probes settle through their sockets' own `close` events;
 * the tracker only makes sure nothing outlives the scan, including a socket opened after cancel.
 *
 * Whoever ends a socket calls `forget` (no `close` listener per socket: a sweep opens tens of thousands).
 */
import type { Socket } from 'node:net';

export class SocketTracker {
  private readonly sockets = new Set<Socket>();
  private readonly pauses = new Map<NodeJS.Timeout, () => void>();
  private closed = false;

  /** Registers a socket; after `destroyAll` a new socket is destroyed at once. Returns the socket. */
  add<T extends Socket>(socket: T): T {
    if (this.closed) {
      socket.destroy();
      return socket;
    }
    this.sockets.add(socket);
    return socket;
  }

  /** Destroys a socket the scan is done with and stops tracking it. */
  release(socket: Socket): void {
    socket.destroy();
    this.sockets.delete(socket);
  }

  /** Runs `then` after `ms`, or at once when the scan is cancelled before that. */
  pause(ms: number, then: () => void): void {
    if (this.closed) {
      then();
      return;
    }
    const timer = setTimeout(() => {
      this.pauses.delete(timer);
      then();
    }, ms);
    this.pauses.set(timer, then);
  }

  get size(): number {
    return this.sockets.size;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Destroys every open socket now and ends every pause; later `add`s are destroyed on arrival. */
  destroyAll(): void {
    if (this.closed) return;
    this.closed = true;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    const pending = [...this.pauses];
    this.pauses.clear();
    for (const [timer, then] of pending) {
      clearTimeout(timer);
      then();
    }
  }
}
