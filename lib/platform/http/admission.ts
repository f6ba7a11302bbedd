import { overloaded, type AppError } from '../errors';

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Bounded concurrency with a bounded wait (admission control). Up to `limit`
 * holders run; up to `maxWaiting` more wait at most `maxWaitMs` for a place;
 * anyone beyond is refused at once. Refusing early keeps the latency of the
 * admitted requests bounded instead of letting every request slow down until
 * clients time out (and retry, making it worse).
 */
export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  shed = 0;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly maxWaiting: number,
    readonly maxWaitMs: number,
  ) {}

  get inUse() {
    return this.running;
  }

  get queued() {
    return this.waiting.length;
  }

  /** A place, or `overloaded`. Call the returned function exactly once when done. */
  async enter(): Promise<() => void> {
    if (this.running < this.limit) {
      this.running++;
      return this.leaver();
    }
    if (this.waiting.length >= this.maxWaiting) throw this.refuse();
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(waiter), 1);
          reject(this.refuse());
        }, this.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
    // The place was handed over by the leaver (running stays counted).
    return this.leaver();
  }

  /** Non-waiting variant for cheap work: a place now, or undefined. */
  tryEnter(): (() => void) | undefined {
    if (this.running >= this.limit) {
      this.shed++;
      return undefined;
    }
    this.running++;
    return this.leaver();
  }

  private leaver(): () => void {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const next = this.waiting.shift();
      if (next) next.admit();
      else this.running--;
    };
  }

  private refuse(): AppError {
    this.shed++;
    // Retry after about the time the queue ahead needs to clear.
    return overloaded(`The server is at capacity for ${this.name}; retry shortly.`, Math.max(1, this.maxWaitMs / 2000));
  }
}
