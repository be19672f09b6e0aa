import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@hostdeck/contracts';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import {
  addUserSshKeyToServersBodySchema,
  createUserSshKeyBodySchema,
  generatedSshKeySchema,
  USER_SSH_KEY_MESSAGES,
  userSshKeyEventsResponseSchema,
  userSshKeyRoutes,
  userSshKeySchema,
} from '@hostdeck/contracts/user-ssh-keys';
import { events } from '../database/schema.js';
import { createEventHooks } from '../jobs/event-hooks.js';
import { insertServer, signIn, useTestApp } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';
import { registerUserSshKeyEventHandlers } from './user-ssh-keys.events.js';
import { createUserSshKeysRepository } from './user-ssh-keys.repository.js';
import { sshKeyFingerprint } from './user-ssh-keys.service.js';

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDqOdFzYCt3O98IFWo94zzHIxtcWUvuOC0l1EB+4eTRw me@laptop';
const BASE = userSshKeyRoutes.list.path;

/** What `ssh-keygen -l` says of a key, to hold the API's fingerprint to. */
function keygenFingerprint(publicKey: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'hd-ukey-'));
  try {
    writeFileSync(path.join(dir, 'key.pub'), `${publicKey}\n`);
    return execFileSync('ssh-keygen', ['-l', '-f', path.join(dir, 'key.pub')], { encoding: 'utf8' }).split(
      ' ',
    )[1]!;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('account SSH keys: grammar', () => {
  it('refuses options, second lines, control characters and injection payloads in the key and name', () => {
    for (const public_key of [
      `command="id" ${KEY}`,
      `from="1.2.3.4" ${KEY}`,
      `${KEY}\nssh-ed25519 AAAA other`,
      KEY.replace(' me@laptop', '\r me@laptop'),
      `${KEY}\u0000x`,
      'ssh-ed25519 notbase64!',
      '',
    ]) {
      expect(createUserSshKeyBodySchema.safeParse({ name: 'laptop', public_key }).success, public_key).toBe(
        false,
      );
    }
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      // A name is a label in the panel only; a plain word such as `id` is a fine one.
      if (/^[\p{L}\p{N} ._-]+$/u.test(payload.trim())) continue;
      expect(createUserSshKeyBodySchema.safeParse({ name: payload, public_key: KEY }).success, payload).toBe(
        false,
      );
      expect(
        addUserSshKeyToServersBodySchema.safeParse({ targets: [{ server_id: 1, users: [payload] }] }).success,
        payload,
      ).toBe(false);
    }
    expect(createUserSshKeyBodySchema.safeParse({ name: 'Máy tính xách tay', public_key: KEY }).success).toBe(
      true,
    );
    expect(
      addUserSshKeyToServersBodySchema.safeParse({ targets: [{ server_id: 1, users: ['root', 'root'] }] })
        .success,
    ).toBe(false);
    expect(
      addUserSshKeyToServersBodySchema.safeParse({
        targets: [
          { server_id: 1, users: ['root'] },
          { server_id: 1, users: ['hostdeck'] },
        ],
      }).success,
    ).toBe(false);
  });

  it('computes the fingerprint ssh-keygen prints', () => {
    expect(sshKeyFingerprint(KEY)).toBe(keygenFingerprint(KEY));
  });
});

describe('account SSH keys: API', () => {
  const { testApp, db } = useTestApp();

  const readEvent = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;

  it('adds, lists, refuses a duplicate, hides another account’s key, and generates a pair', async () => {
    const olga = await signIn(testApp(), 'Olga');
    const piet = await signIn(testApp(), 'Piet');
    const created = await olga.api.post(BASE, { name: 'laptop', public_key: `  ${KEY}  ` });
    expect(created.statusCode, created.body).toBe(201);
    const key = userSshKeySchema.parse((created.json() as { data: unknown }).data);
    expect(key).toMatchObject({
      name: 'laptop',
      public_key: KEY,
      fingerprint: keygenFingerprint(KEY),
      type: 'ssh-ed25519',
      comment: 'me@laptop',
      placements: [],
    });

    const again = await olga.api.post(BASE, { name: 'other', public_key: KEY.replace(' me@laptop', '') });
    expect(again.statusCode).toBe(422);
    expect(errorResponseSchema.parse(again.json()).errors?.public_key).toEqual([
      USER_SSH_KEY_MESSAGES.duplicate,
    ]);
    const viAgain = await olga.api.post(BASE, { name: 'other', public_key: KEY }, 'vi');
    expect(errorResponseSchema.parse(viAgain.json()).errors?.public_key).toEqual([
      'Khóa này đã có trong tài khoản của bạn',
    ]);
    const withOption = await olga.api.post(BASE, { name: 'bad', public_key: `command="id" ${KEY}` });
    expect(withOption.statusCode).toBe(422);

    // The same key in another account is that account's own.
    expect((await piet.api.post(BASE, { name: 'shared', public_key: KEY })).statusCode).toBe(201);
    const olgaList = (await olga.api.get(BASE)).json() as { data: unknown[] };
    expect(olgaList.data).toHaveLength(1);
    expect((await piet.api.delete(`${BASE}/${key.id}`)).statusCode).toBe(404);
    expect((await piet.api.post(`${BASE}/${key.id}/add`, { targets: [] })).statusCode).toBe(422);
    expect(
      (await piet.api.post(`${BASE}/${key.id}/add`, { targets: [{ server_id: 1, users: ['root'] }] }))
        .statusCode,
    ).toBe(404);
    expect((await piet.api.delete(`${BASE}/${key.id}/remove`)).statusCode).toBe(404);

    const generated = await olga.api.post(userSshKeyRoutes.generate.path);
    expect(generated.statusCode, generated.body).toBe(200);
    const pair = generatedSshKeySchema.parse(generated.json());
    expect(pair.public_key).toMatch(/^ssh-ed25519 AAAA\S+ hostdeck-key-\d{8}$/);
    expect(pair.private_key).toContain('-----BEGIN OPENSSH PRIVATE KEY-----');
    expect(createUserSshKeyBodySchema.safeParse({ name: 'gen', public_key: pair.public_key }).success).toBe(
      true,
    );
    // Never stored: the account still has its one key.
    expect(((await olga.api.get(BASE)).json() as { data: unknown[] }).data).toHaveLength(1);
  });

  it('starts one event per server, records placements when they finish, and removes from all', async () => {
    const olga = await signIn(testApp(), 'Olga');
    const piet = await signIn(testApp(), 'Piet');
    const sealed = { sealedPassword: 'x' };
    const one = await insertServer(db(), olga.user.id, { name: 'one', ...sealed });
    const two = await insertServer(db(), olga.user.id, { name: 'two', ...sealed });
    const pietServer = await insertServer(db(), piet.user.id, { name: 'piet', ...sealed });
    const key = userSshKeySchema.parse(
      ((await olga.api.post(BASE, { name: 'laptop', public_key: KEY })).json() as { data: unknown }).data,
    );

    // A server of someone else: nothing starts.
    const before = (await db().select().from(events)).length;
    const foreign = await olga.api.post(`${BASE}/${key.id}/add`, {
      targets: [
        { server_id: one.id, users: ['root'] },
        { server_id: pietServer.id, users: ['root'] },
      ],
    });
    expect(foreign.statusCode).toBe(404);
    expect(await db().select().from(events)).toHaveLength(before);

    const added = await olga.api.post(`${BASE}/${key.id}/add`, {
      targets: [
        { server_id: one.id, users: ['root', 'hostdeck'] },
        { server_id: two.id, users: ['deploy'] },
      ],
    });
    expect(added.statusCode, added.body).toBe(201);
    const started = userSshKeyEventsResponseSchema.parse(added.json()).data.events;
    expect(started.map((event) => event.server_id)).toEqual([one.id, two.id]);
    const first = await readEvent(started[0]!.id);
    expect(first).toMatchObject({
      type: 'user_ssh_key_add',
      recipeId: 'ssh-keys-add',
      modelId: key.id,
      modelType: 'user_ssh_key',
      descriptionId: 'addUserSshKey',
      descriptionValues: { key: 'laptop', users: 'root, hostdeck' },
    });

    // The finished-event handler, as the job runner calls it.
    const hooks = createEventHooks();
    const repository = createUserSshKeysRepository(db());
    registerUserSshKeyEventHandlers(hooks, repository);
    expect(await hooks.finished({ ...first, status: 'ERROR' })).toEqual(['ssh-keys']);
    expect(await repository.placements([key.id])).toEqual([]);
    for (const { id } of started) {
      expect(await hooks.finished({ ...(await readEvent(id)), status: 'FINISHED' })).toEqual(['ssh-keys']);
    }
    const listed = userSshKeySchema.parse(((await olga.api.get(BASE)).json() as { data: unknown[] }).data[0]);
    expect(listed.placements).toEqual([
      { server_id: one.id, server_name: 'one', users: ['hostdeck', 'root'] },
      { server_id: two.id, server_name: 'two', users: ['deploy'] },
    ]);

    const refused = await olga.api.delete(`${BASE}/${key.id}`);
    expect(refused.statusCode).toBe(422);
    expect(errorResponseSchema.parse(refused.json()).errors?.sshKey).toEqual([
      USER_SSH_KEY_MESSAGES.stillPlaced,
    ]);

    const removing = await olga.api.delete(`${BASE}/${key.id}/remove`);
    expect(removing.statusCode, removing.body).toBe(201);
    const removals = userSshKeyEventsResponseSchema.parse(removing.json()).data.events;
    expect(removals.map((event) => event.server_id)).toEqual([one.id, two.id]);
    const removal = await readEvent(removals[0]!.id);
    expect(removal).toMatchObject({
      type: 'user_ssh_key_remove',
      recipeId: 'ssh-keys-remove',
      descriptionValues: { key: 'laptop', users: 'hostdeck, root' },
    });
    for (const { id } of removals) await hooks.finished({ ...(await readEvent(id)), status: 'FINISHED' });
    expect(await repository.placements([key.id])).toEqual([]);

    expect((await olga.api.delete(`${BASE}/${key.id}/remove`)).statusCode).toBe(422);
    expect((await olga.api.delete(`${BASE}/${key.id}`)).statusCode).toBe(204);
    expect(((await olga.api.get(BASE)).json() as { data: unknown[] }).data).toEqual([]);
  });
});
