/**
 * A place in line for one piece of bounded work (a password hash, a parse of an import), taken before the work that
 * leads to it, so a refused request costs nothing but the refusal. `release()` gives an unused place back (the
 * request ended without the work); it is harmless once the work has started.
 */
export interface GateTicket {
  run<T>(work: () => Promise<T>): Promise<T>;
  release(): void;
}

interface Waiting {
  start: () => void;
  cancel: () => void;
}

/**
 * A counting semaphore with a bounded line, for work the process must not do more of at once than it has cores or
 * memory for; the places not yet running (reserved or waiting) count in the line. A full line refuses at once with
 * `busy()` (an HttpError 503 with Retry-After), as does a waiting place given back.
 */
export class BoundedGate {
  private running = 0;
  /** Tickets admitted and not yet running: reserved by a request, or waiting in `line`. */
  private pending = 0;
  private readonly line: Waiting[] = [];

  constructor(
    private readonly concurrent: number,
    private readonly busy: () => Error,
  ) {}

  /** A ticket, or `busy()` thrown when `queueBound` places are already pending beyond the free slots. */
  admit(queueBound: number): GateTicket {
    const free = Math.max(0, this.concurrent - this.running);
    if (this.pending >= free + queueBound) throw this.busy();
    this.pending += 1;
    let state: 'reserved' | 'waiting' | 'started' | 'released' = 'reserved';
    let waiting: Waiting | undefined;
    return {
      run: <T>(work: () => Promise<T>): Promise<T> => {
        if (state !== 'reserved') return Promise.reject(new Error(`gate ticket already ${state}`));
        return new Promise<T>((resolve, reject) => {
          const start = () => {
            state = 'started';
            this.pending -= 1;
            this.running += 1;
            work()
              .then(resolve, reject)
              .finally(() => {
                this.running -= 1;
                this.next();
              });
          };
          if (this.running < this.concurrent && this.line.length === 0) {
            start();
          } else {
            state = 'waiting';
            waiting = { start, cancel: () => reject(this.busy()) };
            this.line.push(waiting);
          }
        });
      },
      release: () => {
        if (state === 'reserved' || state === 'waiting') {
          // A request that went away before its turn: its place (and its work) is given to the next one.
          if (waiting) this.line.splice(this.line.indexOf(waiting), 1);
          this.pending -= 1;
          const cancel = state === 'waiting' ? waiting?.cancel : undefined;
          state = 'released';
          cancel?.();
        }
      },
    };
  }

  private next(): void {
    while (this.running < this.concurrent && this.line.length > 0) this.line.shift()!.start();
  }

  /** For tests: what runs and what waits right now. */
  stats(): { running: number; pending: number } {
    return { running: this.running, pending: this.pending };
  }
}
