import { describe, expect, it } from 'vitest';
import { bind9RecordsEdit, bind9ZoneRead, bind9Zones } from '@hostdeck/recipes/bind9';
import { ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { Caller } from '../policy/server-policy.js';
import type { ServerRow } from '../servers/servers.repository.js';
import { BIND9_WRITE_TASK } from './bind9-events.js';
import { bind9TodaySerial, createBind9Service } from './bind9.service.js';

const caller = { id: 1 } as Caller;
const ZONES = 'installed\t1\nrunning\t1\nzone\texample.com\tprimary\t1\t0\nzone\thand.test\tprimary\t0\t0\n';
const WWW = 'www.example.com.\t3600 IN A\t192.0.2.1';
const ZONE = `managed\t1\ndnssec\t0\nrr\texample.com. 3600 IN SOA ns1.example.com. h.example.com. 2026112901 7200 3600 1209600 3600\nrr\t${WWW}\n`;

/** The service over fakes: the server's answers by recipe, and the events it starts. */
function setUp(options: { manage?: boolean } = {}) {
  const started: { task?: string; recipeId?: string; input: unknown; type: string; description: unknown }[] =
    [];
  const service = createBind9Service({
    policy: {
      authorizeServer: async (_caller, _server, ability) => {
        if (ability === 'manage' && options.manage === false) throw new ForbiddenError();
        return {} as never;
      },
    },
    servers: {
      findRow: async () =>
        ({
          id: 7,
          ip: '203.0.113.7',
          sealedPrivateKey: 'sealed',
          sealedPassword: null,
        }) as unknown as ServerRow,
    },
    inventory: {
      read: async (_server, recipe, input, parse) => {
        if (recipe.id === bind9Zones.id) return parse(ZONES);
        if (recipe.id === bind9ZoneRead.id) {
          const zone = (input as { zone: string }).zone;
          return parse(zone === 'hand.test' ? 'managed\t0\n' : ZONE);
        }
        throw new Error(`unexpected read ${recipe.id}`);
      },
    },
    events: {
      startTask: async (request) => {
        started.push(request);
        return { id: started.length } as never;
      },
      startRecipe: async (request) => {
        started.push(request);
        return { id: started.length } as never;
      },
    },
    now: () => new Date('2026-11-29T10:00:00Z'),
  });
  return { service, started };
}

describe('bind9 service', () => {
  it('lists zones, panel and hand-made, and a zone with its records', async () => {
    const { service } = setUp();
    expect((await service.status(caller, 7)).zones.map((zone) => [zone.name, zone.managed])).toEqual([
      ['example.com', true],
      ['hand.test', false],
    ]);
    const records = await service.records(caller, 7, 'example.com');
    expect(records.zone).toMatchObject({ name: 'example.com', serial: 2026112901, managed: true });
    expect(records.data).toEqual([expect.objectContaining({ type: 'A', name: 'www', content: '192.0.2.1' })]);
    expect(records.meta.hasProxy).toBe(false);
    await expect(service.records(caller, 7, 'nowhere.test')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('creates a zone as the write task with SOA, NS and the server address', async () => {
    const { service, started } = setUp();
    await service.createZone(caller, 7, { name: 'new.test' });
    expect(started[0]).toMatchObject({ task: BIND9_WRITE_TASK, type: 'bind9_zone' });
    const input = started[0]!.input as { content: string; mode: string };
    expect(input.mode).toBe('create');
    expect(input.content).toContain(
      `new.test. 3600 IN SOA ns1.new.test. hostmaster.new.test. ${bind9TodaySerial(new Date('2026-11-29T10:00:00Z'))}`,
    );
    expect(input.content).toContain('ns1.new.test. 3600 IN A 203.0.113.7');
  });

  it('edits records by id with the records-edit recipe; a stale id or a hand-made zone is refused', async () => {
    const { service, started } = setUp();
    const [www] = (await service.records(caller, 7, 'example.com')).data;
    await service.updateRecord(caller, 7, 'example.com', www!.id, {
      type: 'A',
      name: 'www',
      ttl: 1,
      content: '192.0.2.2',
    });
    expect(started[0]).toMatchObject({
      recipeId: bind9RecordsEdit.id,
      input: {
        zone: 'example.com',
        remove: [www!.id],
        add: [{ type: 'A', name: 'www', content: '192.0.2.2' }],
      },
    });
    await expect(service.deleteRecord(caller, 7, 'example.com', 'ffffffffffffffff')).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(
      service.createRecord(caller, 7, 'hand.test', { type: 'A', name: 'x', ttl: 1, content: '192.0.2.1' }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(service.deleteZone(caller, 7, 'hand.test')).rejects.toBeInstanceOf(ValidationError);
    expect(started).toHaveLength(1);
  });

  it('needs manage to change anything', async () => {
    const { service, started } = setUp({ manage: false });
    await expect(service.createZone(caller, 7, { name: 'new.test' })).rejects.toBeInstanceOf(ForbiddenError);
    await expect(service.updateZone(caller, 7, 'example.com', true)).rejects.toBeInstanceOf(ForbiddenError);
    expect(started).toHaveLength(0);
  });

  it('exports the canonical lines, SOA included', async () => {
    const { service } = setUp();
    const exported = await service.export(caller, 7, 'example.com');
    expect(exported.content.split('\n').filter(Boolean)).toHaveLength(2);
    await expect(service.export(caller, 7, 'hand.test')).rejects.toBeInstanceOf(ValidationError);
  });
});
