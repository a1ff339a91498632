/**
 * One listening socket of a device: an http(s).Server bound to the device's loopback address, with every
 * connection tracked so closing never waits for clients (hung requests and keep-alive sockets included).
 */
import { createServer as createHttpServer } from 'node:http';
import type { RequestListener, Server as HttpServer, ServerOptions } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { Server as HttpsServer } from 'node:https';
import type { Socket } from 'node:net';
import type { TlsMaterial } from './tls';

const SERVER_OPTIONS: ServerOptions = {
  // A hung request must stay hung until the client gives up, not get node's 408 after 5 minutes.
  requestTimeout: 0,
  // Node runs one timer per server to police header timeouts; slow it down so 2,000 idle devices are cheap.
  connectionsCheckingInterval: 120_000,
};

/** Node's own default, and actix-web's: an idle keep-alive connection is closed after 5 s. */
export const DEFAULT_IDLE_CONNECTION_MS = 5_000;

export class DeviceServer {
  private readonly sockets = new Set<Socket>();
  /** Connections accepted since listening. */
  accepted = 0;

  private constructor(readonly server: HttpServer | HttpsServer) {
    server.on('connection', (socket: Socket) => {
      this.accepted += 1;
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
  }

  /** Rejects with the listen error (e.g. EADDRINUSE) and leaves nothing open. */
  static listen(
    host: string,
    port: number,
    tls: TlsMaterial | undefined,
    onRequest: RequestListener,
    idleConnectionMs = DEFAULT_IDLE_CONNECTION_MS,
  ): Promise<DeviceServer> {
    const options: ServerOptions = { ...SERVER_OPTIONS, keepAliveTimeout: idleConnectionMs };
    const server = tls
      ? createHttpsServer({ ...options, key: tls.key, cert: tls.cert }, onRequest)
      : createHttpServer(options, onRequest);
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen({ host, port, exclusive: true }, () => {
        server.off('error', reject);
        // After listening, errors are per connection; keep one listener so none is ever unhandled.
        server.on('error', () => undefined);
        resolve(new DeviceServer(server));
      });
    });
  }

  get connectionCount(): number {
    return this.sockets.size;
  }

  /** New connections get the new certificate; open ones are dropped so clients reconnect and see it. */
  setTls(tls: TlsMaterial): void {
    if (!('setSecureContext' in this.server)) throw new Error('not an https server');
    this.server.setSecureContext({ key: tls.key, cert: tls.cert });
    this.destroySockets();
  }

  destroySockets(): void {
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }

  /** Stops listening and drops every connection at once. */
  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.destroySockets();
    });
  }
}
