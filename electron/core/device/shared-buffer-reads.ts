/**
 * Reads of a plain TCP socket delivered straight into one shared buffer (Node's documented `onread` option
 * of `net.connect`), instead of a new Buffer and a stream 'data' event per read: the monitor reads ~600
 * answers a second. Made before the socket (pass `option` to `net.connect`), handed to the connection made
 * on it (http1-connection.ts).
 */

/** One buffer for the reads of every plain socket: reads are handled one at a time, bodies are copied out. */
const SHARED_READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

export class SharedBufferReads {
  private deliver: ((chunk: Buffer) => void) | undefined;
  /** Bytes came before any connection listened: nobody asked for them. */
  unsolicited = false;

  readonly option = {
    buffer: SHARED_READ_BUFFER,
    callback: (bytes: number, buffer: Uint8Array): boolean => {
      const chunk = (buffer as Buffer).subarray(0, bytes);
      if (this.deliver === undefined) this.unsolicited = true;
      else this.deliver(chunk);
      return true;
    },
  };

  /** Where reads go from now on; the chunk is only valid during the call. */
  deliverTo(deliver: (chunk: Buffer) => void): void {
    this.deliver = deliver;
  }
}
