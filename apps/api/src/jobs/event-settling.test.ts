import { describe, expect, it } from 'vitest';
import { createSiteResponseSchema, type RealtimeMessage } from '@hostdeck/contracts';
import {
  CERTIFICATE_EVENT_TYPES,
  CERTIFICATE_MODEL_TYPE,
  CERTIFICATE_TASKS,
} from '../certificates/certificate-events.js';
import { createCertificatesRepository } from '../certificates/certificates.repository.js';
import { DEPLOY_EVENT_TYPE, DEPLOY_TASK, DEPLOYMENT_MODEL } from '../deployments/deployment-messages.js';
import { createDeploymentsRepository } from '../deployments/deployments.repository.js';
import { createEventsRepository } from '../events/events.repository.js';
import { useTestApp } from '../policy/testing/policy-fixtures.js';
import { siteScene } from '../sites/testing/sites.js';
import { createSitesRepository } from '../sites/sites.repository.js';

/**
 * Every way an event ends settles what it was about (jobs/finish-event.ts), not only the job
 * runner's: a pending event cancelled and a running one reaped after its process died leave the
 * site, certificate or deployment in a state the user can act on, never `deleting`, `creating` or
 * `pending` for good. The panel runs no workers here: events stay PENDING until a test moves them.
 */
describe('events that end without the job runner', () => {
  const { testApp, db } = useTestApp();

  const repositories = () => ({
    events: createEventsRepository(db()),
    sites: createSitesRepository(db()),
    certificates: createCertificatesRepository(db()),
    deployments: createDeploymentsRepository(db()),
  });
  const readEvent = async (id: number) => (await repositories().events.findById(id))!;
  const readSite = async (id: number) => (await repositories().sites.findById(id))!;

  /** What a panel killed mid-event leaves behind: RUNNING under a lease that expired a minute ago. */
  async function leaveRunningWithExpiredLease(eventId: number) {
    expect(await repositories().events.claim(eventId, 'worker-killed', -60_000)).toMatchObject({
      status: 'RUNNING',
    });
  }

  const insertSite = (serverId: number, userId: number, name: string) =>
    repositories().sites.insert({ serverId, userId, name, linuxUser: 'hostdeck', status: 'active' });

  function listen(userId: number) {
    const messages: RealtimeMessage[] = [];
    testApp().panel.bus.subscribe(userId, (message) => messages.push(message));
    return messages;
  }

  it('a pending site delete that is cancelled leaves the site failed, and it can be deleted again', async () => {
    const { olga, server } = await siteScene(testApp());
    const site = await insertSite(server.id, olga.user.id, 'gone.example.com');
    const deleting = await olga.api.delete(`/api/sites/${site.id}?delete_database=false`);
    expect(deleting.statusCode, deleting.body).toBe(201);
    const eventId = (deleting.json() as { data: { id: number } }).data.id;
    expect((await readSite(site.id)).status).toBe('deleting');

    const messages = listen(olga.user.id);
    const cancelled = await olga.api.post(`/api/events/${eventId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await readEvent(eventId)).toMatchObject({ status: 'CANCELLED', isFinished: true });
    expect((await readSite(site.id)).status).toBe('failed');
    // The browser heard the site list change and the event end.
    expect(messages).toContainEqual({ type: 'Update-data', keys: expect.arrayContaining(['sites']) });
    expect(messages.some((message) => message.type === 'Event-status')).toBe(true);

    const again = await olga.api.delete(`/api/sites/${site.id}?delete_database=false`);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('a running site create reaped after its process died leaves the site failed, and it can be deleted', async () => {
    const { olga, server } = await siteScene(testApp());
    const response = await olga.api.post('/api/sites', { name: 'reaped.example.com', server_id: server.id });
    expect(response.statusCode, response.body).toBe(201);
    const created = createSiteResponseSchema.parse(response.json());
    expect((await readSite(created.id)).status).toBe('creating');

    await leaveRunningWithExpiredLease(created.event_id);
    expect(await testApp().panel.reapExpiredLeases()).toBeGreaterThanOrEqual(1);
    const event = await readEvent(created.event_id);
    expect(event).toMatchObject({ status: 'ERROR', isFinished: true, errorId: 'leaseExpired' });
    expect(event.output).toMatch(/panel stopped while this event was running/);
    expect((await readSite(created.id)).status).toBe('failed');

    const deleted = await olga.api.delete(`/api/sites/${created.id}?delete_database=false`);
    expect(deleted.statusCode, deleted.body).toBe(201);
  });

  it('a pending certificate whose issuing is cancelled becomes failed with the reason', async () => {
    const { olga, server } = await siteScene(testApp());
    const site = await insertSite(server.id, olga.user.id, 'secure.example.com');
    const row = await repositories().certificates.insert({
      siteId: site.id,
      type: 'letsencrypt',
      status: 'pending',
      domains: [site.name],
    });
    const event = await testApp().panel.events.startTask({
      userId: olga.user.id,
      serverId: server.id,
      siteId: site.id,
      task: CERTIFICATE_TASKS.issue,
      input: { certificate_id: row.id },
      type: CERTIFICATE_EVENT_TYPES.issue,
      description: { id: 'issueCertificate', values: { site: site.name } },
      modelId: row.id,
      modelType: CERTIFICATE_MODEL_TYPE,
    });

    const messages = listen(olga.user.id);
    const cancelled = await olga.api.post(`/api/events/${event.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const settled = await repositories().certificates.findForSite(site.id, row.id);
    expect(settled).toMatchObject({ status: 'failed', lastError: 'Cancelled before it started' });
    expect(messages).toContainEqual({
      type: 'Update-data',
      keys: expect.arrayContaining(['certificates']),
    });
  });

  it('a deployment reaped after its process died is recorded failed and finished', async () => {
    const { olga, server } = await siteScene(testApp());
    const site = await insertSite(server.id, olga.user.id, 'app.example.com');
    const deployment = await repositories().deployments.insertDeployment({
      siteId: site.id,
      userId: olga.user.id,
      trigger: 'manual',
      release: '20260101000000',
    });
    const event = await testApp().panel.events.startTask({
      userId: olga.user.id,
      serverId: server.id,
      siteId: site.id,
      task: DEPLOY_TASK,
      input: { deployment_id: deployment.id },
      type: DEPLOY_EVENT_TYPE,
      description: { id: 'deploySite', values: { site: site.name } },
      modelId: deployment.id,
      modelType: DEPLOYMENT_MODEL,
    });
    await repositories().deployments.updateDeployment(deployment.id, { status: 'running' });

    await leaveRunningWithExpiredLease(event.id);
    await testApp().panel.reapExpiredLeases();
    expect(await readEvent(event.id)).toMatchObject({ status: 'ERROR', isFinished: true });
    const settled = await repositories().deployments.findDeploymentById(deployment.id);
    expect(settled!.status).toBe('failed');
    expect(settled!.finishedAt).toBeInstanceOf(Date);
  });
});
