import { describe, expect, it } from 'vitest';
import { and, eq } from '../testing/sql.js';
import { servers, teamMembers, users } from '../database/schema.js';
import { ForbiddenError, NotFoundError } from '../domain/errors.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import type { ServerAbility } from './abilities.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  useTestDatabase,
} from './testing/policy-fixtures.js';
import { authorizeServer, serverIsVisibleTo, usersWithServerAccess } from './server-policy.js';
import { authorizeSite } from './site-policy.js';
import { authorizeTeam } from './team-policy.js';

const databases = await availableTestDatabases();

describe.each(databases)('access policy on $name', (database) => {
  const db = useTestDatabase(database);
  let counter = 0;
  async function user(name: string) {
    counter += 1;
    const [row] = await db()
      .insert(users)
      .values({ name, email: `${name.toLowerCase()}-${counter}@example.test` })
      .returning();
    return row!;
  }
  const visibleIds = async (userId: number) =>
    (await db().select({ id: servers.id }).from(servers).where(serverIsVisibleTo(servers.id, userId))).map(
      (row) => row.id,
    );

  /** What authorizeServer answers, as 'ok', 403 or 404. */
  async function outcome(userId: number, serverId: number, ability: ServerAbility) {
    try {
      await authorizeServer(db(), { id: userId }, serverId, ability);
      return 'ok';
    } catch (error) {
      if (error instanceof NotFoundError) return 404;
      if (error instanceof ForbiddenError) return 403;
      throw error;
    }
  }
  async function outcomes(userId: number, serverId: number) {
    return {
      view: await outcome(userId, serverId, 'view'),
      manage: await outcome(userId, serverId, 'manage'),
      share: await outcome(userId, serverId, 'share'),
      delete: await outcome(userId, serverId, 'delete'),
    };
  }

  /** Alice owns a server shared with Tom's team, where Ed is an editor and Ada an admin. */
  async function scene() {
    const alice = await user('Alice');
    const tom = await user('Tom');
    const ed = await user('Ed');
    const ada = await user('Ada');
    const mallory = await user('Mallory');
    const server = await insertServer(db(), alice.id);
    const team = await insertTeam(db(), tom.id);
    await insertMember(db(), team.id, alice.id, 'developer');
    await insertMember(db(), team.id, ed.id, 'developer');
    await insertMember(db(), team.id, ada.id, 'admin');
    await insertShare(db(), team.id, server.id);
    return { alice, tom, ed, ada, mallory, server, team };
  }

  it('lets the owner do everything and returns the row without credentials', async () => {
    const { alice, server } = await scene();
    expect(await outcomes(alice.id, server.id)).toEqual({
      view: 'ok',
      manage: 'ok',
      share: 'ok',
      delete: 'ok',
    });
    const row = await authorizeServer(db(), alice, server.id, 'view');
    expect(row.id).toBe(server.id);
    for (const key of ['sealedPassword', 'sealedPrivateKey', 'hostKeyFingerprint'])
      expect(row).not.toHaveProperty(key);
    expect(await visibleIds(alice.id)).toContain(server.id);
  });

  it('lets team members and the team owner view and manage, not share or delete', async () => {
    const { tom, ed, ada, server } = await scene();
    for (const member of [tom, ed, ada]) {
      expect(await outcomes(member.id, server.id), member.name).toEqual({
        view: 'ok',
        manage: 'ok',
        share: 403,
        delete: 403,
      });
      expect(await visibleIds(member.id)).toContain(server.id);
    }
  });

  it('answers 404 to anyone else, for every ability and for ids that do not exist', async () => {
    const { mallory, server } = await scene();
    expect(await outcomes(mallory.id, server.id)).toEqual({
      view: 404,
      manage: 404,
      share: 404,
      delete: 404,
    });
    expect(await outcomes(mallory.id, 2_000_000_000)).toEqual({
      view: 404,
      manage: 404,
      share: 404,
      delete: 404,
    });
    expect(await visibleIds(mallory.id)).not.toContain(server.id);
  });

  it('does not leak through another team: membership of a team that does not share the server', async () => {
    const { mallory, server } = await scene();
    const other = await insertTeam(db(), mallory.id, 'Other');
    const eve = await user('Eve');
    await insertMember(db(), other.id, eve.id, 'admin');
    for (const person of [mallory, eve]) {
      expect(await outcome(person.id, server.id, 'view')).toBe(404);
      expect(await visibleIds(person.id)).not.toContain(server.id);
    }
  });

  it('takes access away from a removed member at once', async () => {
    const { ed, server, team } = await scene();
    await db()
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, ed.id)));
    expect(await outcomes(ed.id, server.id)).toEqual({ view: 404, manage: 404, share: 404, delete: 404 });
    expect(await visibleIds(ed.id)).not.toContain(server.id);
  });

  it('gives a role it does not know no access, in checks and in lists alike', async () => {
    const { server, team } = await scene();
    const ghost = await user('Ghost');
    await insertMember(db(), team.id, ghost.id, 'auditor');
    expect(await outcome(ghost.id, server.id, 'view')).toBe(404);
    expect(await visibleIds(ghost.id)).not.toContain(server.id);
    expect(await usersWithServerAccess(db(), server.id)).not.toContain(ghost.id);
  });

  it('lists who may view a server: its owner, the team owner and the members', async () => {
    const { alice, tom, ed, ada, mallory, server } = await scene();
    const audience = await usersWithServerAccess(db(), server.id);
    expect(audience.sort()).toEqual([alice.id, tom.id, ed.id, ada.id].sort());
    expect(audience).not.toContain(mallory.id);
    const lonely = await insertServer(db(), mallory.id);
    expect(await usersWithServerAccess(db(), lonely.id)).toEqual([mallory.id]);
  });

  it('agrees between the single check and the list condition for every user and server', async () => {
    const { alice, tom, ed, ada, mallory, server } = await scene();
    const own = await insertServer(db(), mallory.id);
    for (const person of [alice, tom, ed, ada, mallory]) {
      const visible = await visibleIds(person.id);
      for (const id of [server.id, own.id]) {
        expect(visible.includes(id), `${person.name} ${id}`).toBe(
          (await outcome(person.id, id, 'view')) === 'ok',
        );
      }
    }
  });

  it('reaches a site through its server (the sites issue passes its row)', async () => {
    const { alice, ed, mallory, server } = await scene();
    const site = { id: 7, serverId: server.id, name: 'shop.example.com' };
    expect(await authorizeSite(db(), alice, site, 'delete')).toBe(site);
    expect(await authorizeSite(db(), ed, site, 'manage')).toBe(site);
    await expect(authorizeSite(db(), ed, site, 'delete')).rejects.toBeInstanceOf(ForbiddenError);
    await expect(authorizeSite(db(), mallory, site, 'view')).rejects.toBeInstanceOf(NotFoundError);
    await expect(authorizeSite(db(), alice, null, 'view')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('authorizes teams: owner and members get their role, outsiders 404, missing permission 403', async () => {
    const { tom, ed, ada, mallory, team } = await scene();
    expect((await authorizeTeam(db(), tom, team.id, 'team:delete')).role).toBe('owner');
    expect((await authorizeTeam(db(), ada, team.id, 'team:add-members')).role).toBe('admin');
    await expect(authorizeTeam(db(), ada, team.id, 'team:delete')).rejects.toBeInstanceOf(ForbiddenError);
    expect((await authorizeTeam(db(), ed, team.id)).role).toBe('developer');
    await expect(authorizeTeam(db(), ed, team.id, 'team:update')).rejects.toBeInstanceOf(ForbiddenError);
    await expect(authorizeTeam(db(), mallory, team.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(authorizeTeam(db(), mallory, 2_000_000_000)).rejects.toBeInstanceOf(NotFoundError);
  });
});
