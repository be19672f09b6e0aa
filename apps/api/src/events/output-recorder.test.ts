import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_OUTPUT_TRUNCATION_MARKER, type RealtimeMessage } from '@hostdeck/contracts';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { events } from '../database/schema.js';
import { createLocalRealtimeBus } from '../realtime/realtime-bus.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createEventsRepository } from './events.repository.js';
import { createOutputRecorder, truncateToBytes } from './output-recorder.js';

const databases = await availableTestDatabases();

describe('truncateToBytes', () => {
  it('never splits a multi-byte character', () => {
    expect(truncateToBytes('Máy chủ', 3)).toBe('Má');
    expect(truncateToBytes('Máy chủ', 2)).toBe('M');
    expect(truncateToBytes('abc', 10)).toBe('abc');
  });
});

describe.each(databases)('event output on $name', (database) => {
  let connection: DatabaseConnection;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const created = await database.create();
    drop = created.drop;
    connection = await openDatabase(created.target);
  });
  afterAll(async () => {
    await connection.close();
    await drop();
  });

  it('streams every chunk at once, appends in batches, and caps with a visible marker', async () => {
    const repository = createEventsRepository(connection.db);
    const event = await repository.insert({ type: 'test', description: 'output' });
    const bus = createLocalRealtimeBus();
    const received: RealtimeMessage[] = [];
    bus.subscribe(7, (message) => received.push(message));
    const recorder = createOutputRecorder({
      eventId: event.id,
      serverId: null,
      audience: [7],
      repository,
      bus,
      flushIntervalMs: 50,
      limitBytes: 100,
    });
    recorder.write('line one\n');
    expect(received).toHaveLength(1);
    recorder.write('dòng hai\n');
    await recorder.flush();
    let [row] = await connection.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.output).toBe('line one\ndòng hai\n');

    recorder.write('x'.repeat(200));
    recorder.write('dropped after the cap');
    await recorder.flush();
    [row] = await connection.db.select().from(events).where(eq(events.id, event.id));
    expect(row!.outputTruncated).toBe(true);
    expect(row!.output.endsWith(EVENT_OUTPUT_TRUNCATION_MARKER)).toBe(true);
    expect(row!.output).not.toContain('dropped');
    expect(Buffer.byteLength(row!.output)).toBe(100 + Buffer.byteLength(EVENT_OUTPUT_TRUNCATION_MARKER));
    expect(row!.outputBytes).toBe(Buffer.byteLength(row!.output));
    const streamed = received
      .map((message) => (message.type === 'Stream_content' ? message.content : ''))
      .join('');
    expect(streamed).toBe(row!.output);
  });
});
