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
  close(): Promise<void>;
}

class LocalDelivery {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  deliver(userId: number, message: RealtimeMessage) {
    this.emitter.emit(String(userId), message);
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
    close: async () => {},
  };
}

const CHANNEL = 'hostdeck_realtime';
/** NOTIFY payloads are limited to 8000 bytes; stream chunks are split below that. */
const MAX_STREAM_PIECE_CHARACTERS = 1000;

export async function createPostgresRealtimeBus(
  connectionString: string,
  onError: (error: unknown) => void = () => {},
): Promise<RealtimeBus> {
  const delivery = new LocalDelivery();
  // One connection, so notifications keep their order (stream pieces must arrive in sequence).
  const publisher = new pg.Pool({ connectionString, max: 1 });
  let listener: pg.Client | null = null;
  let closed = false;

  const connectListener = async () => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (notification) => {
      if (notification.channel !== CHANNEL || !notification.payload) return;
      try {
        const envelope = JSON.parse(notification.payload) as { userId: number; message: unknown };
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
    async close() {
      closed = true;
      await listener?.end().catch(() => {});
      await publisher.end().catch(() => {});
    },
  };
}
