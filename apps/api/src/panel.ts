import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ReadCache } from './http/read-cache.js';
import { createAccounts } from './accounts/accounts.js';
import { AREAS } from './areas.js';
import type { Alerts } from './alerts/alerts.port.js';
import { composeAreas, createPanelServices, type PanelLog } from './composition.js';
import type { Config } from './config/config.js';
import { createSecretBox, type SecretBox } from './crypto/secret-box.js';
import type { DatabaseConnection } from './database/database.js';
import { createEventNotifier } from './events/event-notifier.js';
import { createEventsRepository } from './events/events.repository.js';
import { createEventsService, type EventsService } from './events/events.service.js';
import { buildApp, type AppDependencies } from './http/app.js';
import { createEventHooks } from './jobs/event-hooks.js';
import { createEventFinisher } from './jobs/finish-event.js';
import { createJobQueue, type JobQueue } from './jobs/job-queue.js';
import { createJobRunner, ServerBusyError } from './jobs/job-runner.js';
import { createLeaseReaper } from './jobs/lease-reaper.js';
import { createMailer, type MailLog } from './mail/mailer.js';
import {
  createLocalRealtimeBus,
  createPostgresRealtimeBus,
  type RealtimeBus,
} from './realtime/realtime-bus.js';
import { createSshExecutor, type RemoteExecutor } from './remote/remote-executor.js';
import { createServerConnections } from './servers/server-connection.js';

export interface PanelOptions {
  config: Config;
  database: DatabaseConnection;
  logger?: FastifyBaseLogger | boolean;
  /** Where the panel's own logger writes (tests read it); standard output by default. */
  logDestination?: AppDependencies['logDestination'];
  /** Run queued events in this process (default true). */
  workers?: boolean;
  executor?: RemoteExecutor;
  /** The port the panel calls agents on (AGENT_PORT); tests that run an agent themselves set it. */
  agentPort?: number;
  jobs?: { concurrency?: number; leaseMs?: number; heartbeatMs?: number; reaperIntervalMs?: number };
}

export interface Panel {
  app: FastifyInstance;
  events: EventsService;
  bus: RealtimeBus;
  queue: JobQueue;
  secretBox: SecretBox;
  readCache: ReadCache;
  /** What the panel tells users through their notification channels (alerts/alerts.port.ts). */
  alerts: Alerts;
  reapExpiredLeases(): Promise<number>;
  close(): Promise<void>;
}

/** When a waiting event tries its server again by itself (normally the event before it hands over). */
const BUSY_RETRY_SECONDS = 30;

/**
 * The panel: the event machinery (queue, runner, reaper), the shared services and each area's
 * (composition.ts, areas.ts), then the HTTP app on top of them. Every dependency is declared here
 * or in an area's descriptor, nowhere else (CONVENTIONS.md).
 */
export async function createPanel(options: PanelOptions): Promise<Panel> {
  const { config, database } = options;
  const jobs = {
    concurrency: config.jobConcurrency,
    leaseMs: config.jobLeaseMs,
    heartbeatMs: Math.max(1000, Math.floor(config.jobLeaseMs / 5)),
    reaperIntervalMs: Math.max(1000, Math.floor(config.jobLeaseMs / 3)),
    ...options.jobs,
  };
  const secretBox = createSecretBox(config.appKey);
  const bus =
    database.dialect === 'postgres' && config.databaseUrl
      ? await createPostgresRealtimeBus(config.databaseUrl)
      : createLocalRealtimeBus();
  const repository = createEventsRepository(database.db);
  const connections = createServerConnections(database.db, secretBox);
  const notifier = createEventNotifier({ bus, repository, connections });
  const queue = await createJobQueue(database, {
    concurrency: jobs.concurrency,
    databaseUrl: config.databaseUrl,
  });
  // Areas register their tasks and finished-event handlers here (composeAreas, below).
  const hooks = createEventHooks((message, details) => app.log.error(details, message));
  // The one way an event ends, for the runner, the reaper and cancelling alike.
  const finishEvent = createEventFinisher({
    repository,
    hooks,
    notifier,
    // A server runs one event at a time, oldest first: the one ending starts the next at once.
    async handOver(finished) {
      if (finished.serverId === null) return;
      const next = await repository.nextPending(finished.serverId);
      if (!next) return;
      await repository.setQueueJobId(next.id, await queue.schedule(next.id, next.serverId));
    },
  });
  const events = createEventsService({ repository, queue, notifier, finishEvent, secretBox, connections });
  const executor = options.executor ?? createSshExecutor();
  const runner = createJobRunner({
    hooks,
    finishEvent,
    repository,
    executor,
    connections,
    secretBox,
    notifier,
    leaseMs: jobs.leaseMs,
    heartbeatMs: jobs.heartbeatMs,
  });
  const reaper = createLeaseReaper({ repository, queue, finishEvent, intervalMs: jobs.reaperIntervalMs });

  // Mail is only sent from requests, once `app` exists: its logger is the one to use.
  const mailLog: MailLog = {
    info: (fields, message) => app.log.info(fields, message),
    error: (fields, message) => app.log.error(fields, message),
  };
  const mailer = createMailer({
    mailUrl: config.mailUrl,
    from: config.mailFrom,
    db: database.db,
    log: mailLog,
    outboxPage: config.devOutbox,
  });
  const accounts = createAccounts({
    db: database.db,
    mailer,
    secretBox,
    appKey: config.appKey,
    appUrl: config.appUrl,
    brand: config.brand,
    dataDir: config.dataDir,
    log: mailLog,
    adminEmails: config.adminEmails,
    // The alerts service is built with the others below; a sign-in only happens once it exists.
    onSessionStarted: (userId, client) => services.alerts.signedIn(userId, client.ipAddress),
  });

  // Services are built before the app; they log through its logger once it exists.
  const panelLog: PanelLog = {
    info: (details, message) => app.log.info(details, message),
    warn: (details, message) => app.log.warn(details, message),
    error: (details, message) => app.log.error(details, message),
  };
  const services = createPanelServices({
    config,
    database,
    bus,
    events,
    accounts,
    mailer,
    executor,
    secretBox,
    connections,
    appLog: panelLog,
    agentPort: options.agentPort,
  });
  // Each area's services, tasks and finished-event handlers, from the one list (areas.ts).
  const areas = composeAreas(services, hooks, AREAS);
  const app = await buildApp({
    services,
    areas,
    logger: options.logger,
    logDestination: options.logDestination,
  });
  const log = app.log;

  // At startup first: events left running by a process that died are ended before new work starts.
  await reaper.reap();
  reaper.start();
  if (options.workers !== false) {
    await queue.start(async (eventId) => {
      try {
        await runner.run(eventId);
      } catch (error) {
        if (!(error instanceof ServerBusyError)) throw error;
        // The server runs an older event: the event ending before this one starts it (handOver
        // above). This later try only covers a hand-over that failed. Retrying every waiting
        // event every 2 s instead kept the database busy with the waiting (80 queued DNS records
        // took minutes) and slowed the very event they waited for.
        const event = await repository.findById(eventId);
        const jobId = await queue.schedule(eventId, event?.serverId ?? null, {
          delaySeconds: BUSY_RETRY_SECONDS,
        });
        await repository.setQueueJobId(eventId, jobId);
      }
    });
  }

  return {
    app,
    events,
    bus,
    queue,
    secretBox,
    readCache: services.readCache,
    alerts: services.alerts,
    reapExpiredLeases: () => reaper.reap(),
    async close() {
      reaper.stop();
      await app.close();
      mailer.close();
      await queue.stop().catch((error: unknown) => log.error(error));
      await bus.close();
    },
  };
}
