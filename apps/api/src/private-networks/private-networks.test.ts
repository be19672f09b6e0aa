import { describe, expect, it, vi } from 'vitest';
import { errorResponseSchema } from '@hostdeck/contracts';
import {
  PRIVATE_NETWORK_MESSAGES,
  privateNetworkActionResponseSchema,
  privateNetworkListResponseSchema,
} from '@hostdeck/contracts/private-networks';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { events } from '../database/schema.js';
import { translate } from '../i18n/translate.js';
import { createEventHooks } from '../jobs/event-hooks.js';
import { insertServer, signIn, useTestApp } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';
import { registerPrivateNetworkEventHandlers } from './private-networks.events.js';
import { createPrivateNetworksRepository } from './private-networks.repository.js';

const BASE = '/api/private-networks';
const KEY_A = 'xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=';
const KEY_B = 'TrMvSoP4jYQlY6RIzBgbssQqY3vxI2Pi+y71lOWWXX0=';

describe('private networks API', () => {
  const { testApp, db } = useTestApp();
  const readEvent = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;

  it('refuses hostile names and foreign servers before anything starts', async () => {
    const olga = await signIn(testApp(), 'Olga');
    const piet = await signIn(testApp(), 'Piet');
    const sealed = { sealedPassword: 'x' };
    const one = await insertServer(db(), olga.user.id, { name: 'one', ...sealed });
    const two = await insertServer(db(), olga.user.id, { name: 'two', ...sealed });
    const pietServer = await insertServer(db(), piet.user.id, { name: 'piet', ...sealed });
    const before = (await db().select().from(events)).length;
    for (const name of [...SHELL_INJECTION_PAYLOADS, '-net', 'net\n', 'a\u0000b']) {
      const response = await olga.api.post(BASE, { name, servers: [one.id, two.id] });
      expect(response.statusCode, JSON.stringify(name)).toBe(422);
    }
    expect((await olga.api.post(BASE, { name: 'db', servers: [one.id] })).statusCode).toBe(422);
    expect((await olga.api.post(BASE, { name: 'db', servers: [one.id, pietServer.id] })).statusCode).toBe(
      404,
    );
    expect(await db().select().from(events)).toHaveLength(before);
    expect(privateNetworkListResponseSchema.parse((await olga.api.get(BASE)).json()).data).toEqual([]);
  });

  it('joins in one action, sets peers once every key is known, and settles every status', async () => {
    const olga = await signIn(testApp(), 'Olga');
    const piet = await signIn(testApp(), 'Piet');
    const sealed = { sealedPassword: 'x' };
    const one = await insertServer(db(), olga.user.id, { name: 'one', ip: '192.0.2.1', ...sealed });
    const two = await insertServer(db(), olga.user.id, { name: 'two', ip: '192.0.2.2', ...sealed });

    const created = await olga.api.post(BASE, { name: 'db-net', servers: [one.id, two.id] });
    expect(created.statusCode, created.body).toBe(201);
    const { network, events: started } = privateNetworkActionResponseSchema.parse(created.json()).data;
    expect(network).toMatchObject({
      name: 'db-net',
      interface: `hdnet${network!.id}`,
      members: [
        { server_id: one.id, server_name: 'one', status: 'joining', public_key: null },
        { server_id: two.id, server_name: 'two', status: 'joining', public_key: null },
      ],
    });
    const [addressOne, addressTwo] = network!.members.map((member) => member.address);
    expect(addressOne).toMatch(/\.1$/);
    expect(addressTwo).toMatch(/\.2$/);
    expect(started.map((event) => event.server_id)).toEqual([one.id, two.id]);
    const join = await readEvent(started[0]!.id);
    expect(join).toMatchObject({
      type: 'private_network_join',
      recipeId: 'task:private-network-join',
      modelType: 'private_network_member',
      descriptionId: 'joinPrivateNetwork',
      descriptionValues: { network: 'db-net', address: addressOne },
    });

    // Another account sees nothing and can change nothing.
    expect(privateNetworkListResponseSchema.parse((await piet.api.get(BASE)).json()).data).toEqual([]);
    expect((await piet.api.delete(`${BASE}/${network!.id}`)).statusCode).toBe(404);
    expect((await piet.api.get(`/api/servers/${one.id}/private-networks`)).statusCode).toBe(404);
    // Busy while joining.
    const busy = await olga.api.delete(`${BASE}/${network!.id}/members/${two.id}`);
    expect(errorResponseSchema.parse(busy.json()).errors?.network).toEqual([PRIVATE_NETWORK_MESSAGES.busy]);
    const duplicate = await olga.api.post(BASE, { name: 'db-net', servers: [one.id, two.id] });
    expect(errorResponseSchema.parse(duplicate.json()).errors?.name).toEqual([
      PRIVATE_NETWORK_MESSAGES.duplicateName,
    ]);
    expect(translate('vi', PRIVATE_NETWORK_MESSAGES.duplicateName)).toBe('Bạn đã có một mạng riêng tên này');

    // The handlers, as the job runner calls them: the join task recorded the keys.
    const hooks = createEventHooks();
    const repository = createPrivateNetworksRepository(db());
    const startPeerUpdates = vi.fn(async () => []);
    registerPrivateNetworkEventHandlers(hooks, repository, { startPeerUpdates });
    const [memberOne, memberTwo] = network!.members;
    await repository.setMemberPublicKey(memberOne!.id, KEY_A);
    await hooks.finished({ ...join, status: 'FINISHED' });
    expect(startPeerUpdates).not.toHaveBeenCalled();
    await repository.setMemberPublicKey(memberTwo!.id, KEY_B);
    await hooks.finished({ ...(await readEvent(started[1]!.id)), status: 'FINISHED' });
    expect(startPeerUpdates).toHaveBeenCalledWith(olga.user.id, network!.id);

    const ofServer = await olga.api.get(`/api/servers/${two.id}/private-networks`);
    const listed = privateNetworkListResponseSchema.parse(ofServer.json()).data;
    expect(listed[0]!.members.map((member) => [member.status, member.public_key, member.server_ip])).toEqual([
      ['active', KEY_A, '192.0.2.1'],
      ['active', KEY_B, '192.0.2.2'],
    ]);

    // Remove one: a leave event on it; a failed leave leaves it `error`, a finished one removes it.
    const removed = await olga.api.delete(`${BASE}/${network!.id}/members/${two.id}`);
    expect(removed.statusCode, removed.body).toBe(201);
    const removal = privateNetworkActionResponseSchema.parse(removed.json()).data.events;
    const leave = await readEvent(removal[0]!.id);
    expect(leave).toMatchObject({
      type: 'private_network_leave',
      recipeId: 'private-network-leave',
      serverId: two.id,
    });
    // The other member gets its peers set again (without the leaving one).
    expect(removal.slice(1).map((event) => event.server_id)).toEqual([one.id]);
    await hooks.finished({ ...leave, status: 'ERROR' });
    expect((await repository.findMember(memberTwo!.id))?.status).toBe('error');
    await hooks.finished({ ...leave, status: 'FINISHED' });
    expect(await repository.findMember(memberTwo!.id)).toBeUndefined();

    // Delete the network: it goes with its last member.
    const deleted = await olga.api.delete(`${BASE}/${network!.id}`);
    expect(deleted.statusCode, deleted.body).toBe(201);
    const [lastLeave] = privateNetworkActionResponseSchema.parse(deleted.json()).data.events;
    await hooks.finished({ ...(await readEvent(lastLeave!.id)), status: 'FINISHED' });
    expect(privateNetworkListResponseSchema.parse((await olga.api.get(BASE)).json()).data).toEqual([]);
  });
});
