/**
 * One client socket: reassembles wire messages from TCP chunks and answers them one at a time, in order.
 * Bytes that are not a valid message close this socket only.
 */
import type { Socket } from 'node:net';
import { decodeMessage, HEADER_SIZE, readHeaderLength, type Request, type StreamedMessage } from './wire';

/** Produces the reply for a request, or undefined when the client asked for none (moreToCome). */
export type RequestHandler = (request: Request) => Promise<Buffer | StreamedMessage | undefined>;

/**
 * Large replies (a find's thousands of documents) go out in slices of this size, through buffers that are
 * reused: a reply never needs a buffer of its own size, and what has been sent is not left behind for the
 * garbage collector to find.
 */
const SLICE = 256 * 1024;
const freeSlices: Buffer[] = [];

function takeSlice(): Buffer {
  return freeSlices.pop() ?? Buffer.allocUnsafeSlow(SLICE);
}

function giveBack(slice: Buffer): void {
  if (freeSlices.length < 4) freeSlices.push(slice);
}

function write(socket: Socket, bytes: Buffer): Promise<void> {
  return new Promise((resolve, reject) => socket.write(bytes, (error) => (error ? reject(error) : resolve())));
}

/** Writes a streamed message slice by slice: one slice on its way to the socket while the next one fills. */
async function stream(socket: Socket, message: StreamedMessage): Promise<void> {
  const reader = message.body.reader();
  let slice = takeSlice();
  let at = message.header.copy(slice, 0);
  let previous: Promise<void> | undefined;
  for (;;) {
    at = reader.fill(slice, at);
    if (at === 0) {
      giveBack(slice);
      break;
    }
    if (previous) await previous;
    const filled = slice;
    previous = write(socket, filled.subarray(0, at)).then(() => giveBack(filled));
    if (at < filled.length) break;
    slice = takeSlice();
    at = 0;
  }
  await previous;
}

export class Connection {
  private chunks: Buffer[] = [];
  private buffered = 0;
  /** Length of the message being received, once its header arrived. */
  private expected: number | undefined;
  private readonly queue: Request[] = [];
  private busy = false;

  constructor(
    private readonly socket: Socket,
    private readonly handle: RequestHandler,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    // A client resetting its socket is routine (killed test process, pool shutdown): just drop it.
    socket.on('error', () => socket.destroy());
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    try {
      this.extractMessages();
    } catch {
      this.socket.destroy();
      return;
    }
    void this.processQueue();
  }

  private merged(): Buffer {
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks, this.buffered)];
    return this.chunks[0];
  }

  private extractMessages(): void {
    for (;;) {
      if (this.expected === undefined) {
        if (this.buffered < HEADER_SIZE) return;
        this.expected = readHeaderLength(this.merged());
      }
      if (this.buffered < this.expected) return;
      const data = this.merged();
      const message = data.subarray(0, this.expected);
      const rest = data.subarray(this.expected);
      this.chunks = rest.length ? [rest] : [];
      this.buffered = rest.length;
      this.expected = undefined;
      this.queue.push(decodeMessage(message));
    }
  }

  private async processQueue(): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      while (this.queue.length && !this.socket.destroyed) {
        const reply = await this.handle(this.queue.shift()!);
        if (reply === undefined || this.socket.destroyed) continue;
        if (Buffer.isBuffer(reply)) this.socket.write(reply);
        else await stream(this.socket, reply);
      }
    } catch {
      this.socket.destroy();
    } finally {
      this.busy = false;
    }
  }
}
