import { EventEmitter } from 'node:events';
import pg from 'pg';
import { realtimeMessageSchema, type RealtimeMessage } from '@hostdeck/contracts';

/**
 * Carries realtime messages to the browsers of one user. With one panel process (PGlite) delivery
 * is in-process; with several processes on PostgreSQL every message goes through LISTEN/NOTIFY so
 * a browser connected to any process receives it (ARCHITECTURE.md, Realtime).
 */
export interface RealtimeBus {
  publish(userId: number, message: RealtimeMessage): void;
  subscribe(userId: number, listener: (message: RealtimeMessage) => void): () => void;
  /**
   * Something was written: every process (this one included) drops what it cached from the
   * database (http/read-cache.ts). An Update-data message announces a change too. Resolves once
   * the other processes can receive it (the NOTIFY is sent).
   */
  announceChange(): Promise<void>;
  /** Called on every change announced by any process, and on every Update-data message. */
  onChange(listener: () => void): () => void;
  close(): Promise<void>;
}

const CHANGE = 'change';

class LocalDelivery {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  deliver(userId: number, message: RealtimeMessage) {
    // First the caches, then the browsers: a browser told to reload must not get the old answer.
    if (message.type === 'Update-data') this.changed();
    this.emitter.emit(String(userId), message);
  }
  changed() {
    this.emitter.emit(CHANGE);
  }
  onChange(listener: () => void) {
    this.emitter.on(CHANGE, listener);
    return () => void this.emitter.off(CHANGE, listener);
  }
  subscribe(userId: number, listener: (message: RealtimeMessage) => void) {
    this.emitter.on(String(userId), listener);
    return () => void this.emitter.off(String(userId), listener);
  }
}

export function createLocalRealtimeBus(): RealtimeBus {
  const delivery = new LocalDelivery();
  return {
    publish: (userId, message) => delivery.deliver(userId, message),
    subscribe: (userId, listener) => delivery.subscribe(userId, listener),
    announceChange: async () => delivery.changed(),
    onChange: (listener) => delivery.onChange(listener),
    close: async () => {},
  };
}

const CHANNEL = 'hostdeck_realtime';
/** How long a write's answer waits at most for its change announcement to come back. */
const CHANGE_ECHO_WAIT_MS = 1000;
/** NOTIFY payloads are limited to 8000 bytes; stream chunks are split below that. */
const MAX_STREAM_PIECE_CHARACTERS = 1000;

export async function createPostgresRealtimeBus(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
): Promise<RealtimeBus> {
  const delivery = new LocalDelivery();
  /** Announced changes whose NOTIFY has not come back to this process yet, by id. */
  const changesOnTheWay = new Map<string, () => void>();
  let changeCount = 0;
  // One connection, so notifications keep their order (stream pieces must arrive in sequence).
  const publisher = new pg.Pool({ connectionString, max: 1 });
  let listener: pg.Client | null = null;
  let closed = false;

  const connectListener = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      try {
        const envelope = JSON.parse(notification.payload) as
          { userId: number; message: unknown } | { change: string };
        if ('change' in envelope) {
          delivery.changed();
          changesOnTheWay.get(envelope.change)?.();
          return;
        }
        delivery.deliver(envelope.userId, realtimeMessageSchema.parse(envelope.message));
      } catch (error) {
        onError(error);
      }
    });
    client.on('error', (error) => {
      onError(error);
      if (!closed) setTimeout(() => void connectListener().catch(onError), 1000);
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await connectListener();

  const notify = (userId: number, message: RealtimeMessage) => {
    publisher
      .query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ userId, message })])
      .catch(onError);
  };

  return {
    publish(userId, message) {
      if (message.type !== 'Stream_content' || message.content.length <= MAX_STREAM_PIECE_CHARACTERS) {
        notify(userId, message);
        return;
      }
      for (let start = 0; start < message.content.length; start += MAX_STREAM_PIECE_CHARACTERS) {
        notify(userId, {
          ...message,
          content: message.content.slice(start, start + MAX_STREAM_PIECE_CHARACTERS),
        });
      }
    },
    subscribe: (userId, callback) => delivery.subscribe(userId, callback),
    async announceChange() {
      // Here at once, and in the other processes through the NOTIFY. It resolves when the NOTIFY
      // has come back here: PostgreSQL sent it to every listening process at the same moment, so
      // they have it too before the writer answers (at most CHANGE_ECHO_WAIT_MS later).
      delivery.changed();
      changeCount += 1;
      const id = `${process.pid}.${changeCount}`;
      const echoed = new Promise<void>((resolve) => {
        const timer = setTimeout(() => changesOnTheWay.delete(id) && resolve(), CHANGE_ECHO_WAIT_MS);
        changesOnTheWay.set(id, () => {
          clearTimeout(timer);
          changesOnTheWay.delete(id);
          resolve();
        });
      });
      await publisher
        .query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify({ change: id })])
        .catch(onError);
      await echoed;
    },
    onChange: (listener) => delivery.onChange(listener),
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
