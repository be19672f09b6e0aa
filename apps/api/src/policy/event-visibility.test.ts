import { describe, expect, it } from 'vitest';
import { and, eq } from '../testing/sql.js';
import { eventSchema, paginatedSchema, type RealtimeMessage } from '@hostdeck/contracts';
import { teamMembers } from '../database/schema.js';
import { createEventsRepository } from '../events/events.repository.js';
import { NotFoundError } from '../domain/errors.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
  useTestApp,
  type SignedInUser,
} from './testing/policy-fixtures.js';

const eventList = paginatedSchema(eventSchema);

/** Events follow their server through the policy: team members of a shared server see them. */
describe('event visibility', () => {
  const { testApp, db } = useTestApp();

  async function scene() {
    const olga = await signIn(testApp(), 'Olga Owner');
    const ed = await signIn(testApp(), 'Ed Editor');
    const mallory = await signIn(testApp(), 'Mallory');
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'developer');
    const server = await insertServer(db(), olga.user.id);
    await insertShare(db(), team.id, server.id);
    const events = createEventsRepository(db());
    const byOwner = await events.insert({
      type: 'install',
      description: 'Install nginx',
      userId: olga.user.id,
      serverId: server.id,
    });
    const byMember = await events.insert({
      type: 'install',
      description: 'Install php',
      userId: ed.user.id,
      serverId: server.id,
    });
    return { olga, ed, mallory, team, server, byOwner, byMember };
  }
  const visibleEvents = async (client: SignedInUser) =>
    eventList.parse((await client.api.get('/api/events')).json()).data.map((event) => event.id);

  it('shows a shared server’s events to its team, and to no one else', async () => {
    const { olga, ed, mallory, byOwner, byMember } = await scene();
    expect(await visibleEvents(olga)).toEqual([byMember.id, byOwner.id]);
    expect(await visibleEvents(ed)).toEqual([byMember.id, byOwner.id]);
    expect(await visibleEvents(mallory)).toEqual([]);
  });

  it('lets a team member start a recipe on the shared server; an outsider gets 404', async () => {
    const { ed, mallory, server } = await scene();
    const start = (userId: number) =>
      testApp().panel.events.startRecipe({
        userId,
        serverId: server.id,
        recipeId: 'nginx-install',
        input: {},
        type: 'install_nginx',
        description: { id: 'installApplication', values: { application: 'nginx' } },
      });
    await expect(start(mallory.user.id)).rejects.toBeInstanceOf(NotFoundError);
    // Workers are off in this app: the event is queued, nothing connects to the server.
    const event = await start(ed.user.id);
    expect(event).toMatchObject({ serverId: server.id, userId: ed.user.id, status: 'PENDING' });
    expect(await visibleEvents(ed)).toContain(event.id);
  });

  it('lets a team member cancel an event of the shared server; others get 404', async () => {
    const { ed, mallory, byOwner } = await scene();
    expect((await mallory.api.post(`/api/events/${byOwner.id}/cancel`)).statusCode).toBe(404);
    const cancelled = await ed.api.post(`/api/events/${byOwner.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ id: byOwner.id, status: 'CANCELLED' });
  });

  it('tells the team about event changes, and stops once a member is removed', async () => {
    const { olga, ed, team, byMember } = await scene();
    const received: RealtimeMessage[] = [];
    const unsubscribe = testApp().panel.bus.subscribe(ed.user.id, (message) => received.push(message));
    await db()
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, ed.user.id)));
    // Even the events Ed started are gone with the server: their output describes it.
    expect(await visibleEvents(ed)).toEqual([]);
    expect((await ed.api.post(`/api/events/${byMember.id}/cancel`)).statusCode).toBe(404);
    expect((await olga.api.post(`/api/events/${byMember.id}/cancel`)).statusCode).toBe(200);
    unsubscribe();
    expect(received.filter((message) => message.type === 'Event-status')).toEqual([]);
  });

  it('sends Event-status to every member while they belong', async () => {
    const { olga, ed, byOwner } = await scene();
    const received: RealtimeMessage[] = [];
    const unsubscribe = testApp().panel.bus.subscribe(ed.user.id, (message) => received.push(message));
    expect((await olga.api.post(`/api/events/${byOwner.id}/cancel`)).statusCode).toBe(200);
    unsubscribe();
    expect(received).toContainEqual(
      expect.objectContaining({ type: 'Event-status', description: 'Install nginx' }),
    );
  });
});
