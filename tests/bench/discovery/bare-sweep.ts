/**
 * The peer of the loopback benchmark: the least a Node program can do to sweep addresses with connect(),
 * at a fixed concurrency. No timeouts, no tracking, no HTTP: the floor the scanner is compared with.
 */
import net from 'node:net';
import { formatIpv4 } from '../../../shared/domain/targets/ipv4';

/** Connects to `count` consecutive addresses from `first`; resolves with how many accepted. */
export async function bareConnectSweep(
  first: number,
  count: number,
  port: number,
  concurrency: number,
): Promise<number> {
  let next = first;
  const last = first + count - 1;
  let accepted = 0;
  const worker = async (): Promise<void> => {
    while (next <= last) {
      const host = formatIpv4(next);
      next += 1;
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, host);
        socket.once('connect', () => {
          accepted += 1;
          socket.destroy();
          resolve();
        });
        socket.once('error', () => resolve());
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return accepted;
}
