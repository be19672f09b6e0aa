import { describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, teamApiTokenRoutes } from '@hostdeck/contracts/api-tokens';
import { apiTokens, events, sites } from '../database/schema.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
  useTestApp,
} from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';

/**
 * Team tokens (issue 23 point 6): Olga owns the team "Ops" sharing `shared-web`; she also owns
 * `own-web`, which the team does not share. Ada administers the team; Dev is a developer.
 */
describe('team API tokens', () => {
  const { testApp, db } = useTestApp();

  async function scene() {
    const test = testApp();
    const olga = await signIn(test, 'Olga Owner');
    const ada = await signIn(test, 'Ada Admin');
    const dev = await signIn(test, 'Dev Developer');
    const team = await insertTeam(db(), olga.user.id, 'Ops');
    await insertMember(db(), team.id, ada.user.id, 'admin');
    await insertMember(db(), team.id, dev.user.id, 'developer');
    const shared = await insertServer(db(), olga.user.id, { name: 'shared-web', ip: '203.0.113.41' });
    const own = await insertServer(db(), olga.user.id, { name: 'own-web', ip: '203.0.113.42' });
    await insertShare(db(), team.id, shared.id);
    const [site] = await db()
      .insert(sites)
      .values({
        serverId: own.id,
        userId: olga.user.id,
        name: 'own.example.com',
        linuxUser: 'own',
        status: 'active',
      })
      .returning();
    const base = teamApiTokenRoutes.list.path.replace(':team', String(team.id));
    const make = async (who: typeof olga, scopes: string[], expires_in_days: number | null = 30) => {
      const made = await who.api.post(base, { name: 'deploy bot', scopes, expires_in_days });
      expect(made.statusCode, made.body).toBe(201);
      const data = made.json().data as { id: number; token: string };
      const call = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
        test.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${data.token}` },
          ...(body ? { payload: body } : {}),
        });
      return { ...data, call };
    };
    return { olga, ada, dev, team, shared, own, ownSite: site!, base, make };
  }

  it("sees the team's servers and not its maker's own", async () => {
    const { olga, shared, own, ownSite, make } = await scene();
    const token = await make(olga, ['read']);
    const list = await token.call('GET', '/api/servers');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((server: { id: number }) => server.id)).toEqual([shared.id]);
    expect((await token.call('GET', `/api/servers/${shared.id}`)).statusCode).toBe(200);
    expect((await token.call('GET', `/api/servers/${own.id}`)).statusCode).toBe(404);
    expect((await token.call('GET', `/api/sites/${ownSite.id}`)).statusCode).toBe(404);
    const sitesList = await token.call('GET', '/api/sites');
    expect(sitesList.json().data).toEqual([]);
    // The maker's session still sees both.
    const mine = await olga.api.get('/api/servers');
    expect(mine.json().data).toHaveLength(2);
    // Events: the team's servers' only, not the maker's account events.
    await db().insert(events).values({ userId: olga.user.id, type: 'account_thing', description: 'Mine' });
    expect((await olga.api.get('/api/events')).json().data).toHaveLength(1);
    const teamEvents = await token.call('GET', '/api/events');
    expect(teamEvents.statusCode, teamEvents.body).toBe(200);
    expect(teamEvents.json().data).toEqual([]);
    // Outside servers, sites and events a team token is refused.
    const profile = await token.call('GET', '/api/user/ssh-keys');
    expect(profile.statusCode).toBe(403);
    expect(profile.json().message).toBe(API_TOKEN_MESSAGES.teamOnly);
  });

  it("refuses a read token's write (403) and an expired token (401)", async () => {
    const { ada, shared, make } = await scene();
    const read = await make(ada, ['read']);
    const write = await read.call('POST', `/api/servers/${shared.id}/favorite`);
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toBe(API_TOKEN_MESSAGES.missingScope);
    const expiring = await make(ada, ['read']);
    await db()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id));
    expect((await expiring.call('GET', '/api/servers')).statusCode).toBe(401);
  });

  it("stops a removed team's tokens, and those of a maker who left; lists them on the team only", async () => {
    const { olga, ada, dev, team, base, make } = await scene();
    const owners = await make(olga, ['read']);
    const admins = await make(ada, ['read']);
    expect((await admins.call('GET', '/api/servers')).statusCode).toBe(200);
    // A developer may not see or make them; a stranger is told nothing.
    expect((await dev.api.get(base)).statusCode).toBe(403);
    expect((await dev.api.post(base, { name: 'x', scopes: ['read'] })).statusCode).toBe(403);
    const stranger = await signIn(testApp(), 'Mallory');
    expect((await stranger.api.get(base)).statusCode).toBe(404);
    // On the team's list, not on the maker's own list.
    const listed = await olga.api.get(base);
    expect(listed.json().data.map((token: { id: number }) => token.id)).toEqual([owners.id, admins.id]);
    expect((await olga.api.get('/api/user/api-tokens')).json().data).toEqual([]);
    // Ada leaves the team: her token stops.
    await olga.api.delete(`/api/teams/${team.id}/members/${ada.user.id}`);
    expect((await admins.call('GET', '/api/servers')).statusCode).toBe(401);
    // The team is deleted: its tokens are gone.
    expect((await olga.api.delete(`/api/teams/${team.id}`)).statusCode).toBeLessThan(300);
    expect((await owners.call('GET', '/api/servers')).statusCode).toBe(401);
    expect(await db().select().from(apiTokens).where(eq(apiTokens.teamId, team.id))).toEqual([]);
  });

  it('revokes a team token from the team page', async () => {
    const { olga, base, make } = await scene();
    const token = await make(olga, ['read']);
    expect((await olga.api.delete(`${base}/${token.id}`)).statusCode).toBe(204);
    expect((await token.call('GET', '/api/servers')).statusCode).toBe(401);
  });
});
