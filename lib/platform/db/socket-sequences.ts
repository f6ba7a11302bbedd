import type { PGlite } from '@electric-sql/pglite';

/** pglite-socket's query queue (0.2.17), as far as this patch touches it. */
interface QueueItem {
  handlerId: number;
  message: Uint8Array;
  resolve: (bytes: number) => void;
  reject: (err: unknown) => void;
  onData: (data: Uint8Array) => void;
}
export interface SocketQueryQueue {
  queue: QueueItem[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue: () => Promise<void>;
  clearQueueForHandler: (handlerId: number) => void;
}

/** Messages after which a connection has nothing more in flight: Sync, simple Query, Terminate, Flush, a password, COPY's end. */
const ENDS = new Set([...'SQXHpcf'].map((c) => c.charCodeAt(0)));
const PROTOCOL_3 = 196608;

function endsSequence(m: Uint8Array): boolean {
  // The startup message has no type byte: its length, then the protocol version.
  if (m.length >= 8 && new DataView(m.buffer, m.byteOffset, m.byteLength).getInt32(4) === PROTOCOL_3) return true;
  return ENDS.has(m[0]!);
}

/**
 * pglite-socket serves many connections from one PGlite session and queues
 * their messages one by one, keeping a connection's messages together only
 * inside a transaction. An extended-protocol query (Parse, Bind, Execute,
 * Sync) outside one can then be cut by another connection's Parse: with a
 * large parameter the Bind arrives in several network chunks, another
 * connection's unnamed statement replaces ours, and the Bind fails ("bind
 * message supplies 2 parameters, but prepared statement requires 1"). This
 * keeps every connection's sequence together until its Sync.
 */
export function keepSequencesTogether(q: SocketQueryQueue): void {
  let open: number | null = null;
  const clear = q.clearQueueForHandler.bind(q);
  q.clearQueueForHandler = (handlerId) => {
    clear(handlerId);
    if (open === handlerId) {
      open = null;
      void q.processQueue();
    }
  };
  q.processQueue = async () => {
    if (q.processing || q.queue.length === 0) return;
    q.processing = true;
    try {
      while (q.queue.length > 0) {
        const owner = open ?? (q.db.isInTransaction() ? q.lastHandlerId : null);
        let item: QueueItem | undefined;
        if (owner !== null) {
          const k = q.queue.findIndex((x) => x.handlerId === owner);
          // The owner's next message has not arrived yet: wait for it (enqueue calls us again).
          if (k === -1) break;
          item = q.queue.splice(k, 1)[0];
        } else {
          item = q.queue.shift();
        }
        if (!item) break;
        let bytes = 0;
        const current = item;
        try {
          await q.db.runExclusive(() => q.db.execProtocolRawStream(current.message, { onRawData: (d: Uint8Array) => ((bytes += d.length), current.onData(d)) }));
        } catch (err) {
          open = null;
          current.reject(err);
          continue;
        }
        open = endsSequence(current.message) ? null : current.handlerId;
        q.lastHandlerId = current.handlerId;
        current.resolve(bytes);
      }
    } finally {
      q.processing = false;
    }
  };
}
