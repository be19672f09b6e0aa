import { connect as connectTcp } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { UpdateKey } from '@hostdeck/contracts';
import { findVpsProvider, type VpsProviderSlug } from '@hostdeck/contracts/vps';
import { z } from 'zod';
import type { EventHooks, EventTaskContext } from '../jobs/event-hooks.js';
import type { ServerConnectService } from '../servers/server-connect.service.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { describeProviderError } from './vps-errors.js';
import {
  cloudInitUserData,
  VpsProviderError,
  type ProviderMachine,
  type VpsProviderAdapter,
} from './vps-provider.js';
import type { VpsRepository } from './vps.repository.js';
import { VPS_CREATE_TASK, VPS_UPDATE_KEYS } from './vps.service.js';

const taskInputSchema = z.object({ server_id: z.number().int().positive() });

export interface VpsCreateTaskDependencies {
  repository: VpsRepository;
  servers: Pick<ServersRepository, 'findRow' | 'update'>;
  createAdapter(provider: VpsProviderSlug, token: string): VpsProviderAdapter;
  /** Connecting and provisioning, exactly as POST api/servers/{server}/connect does. */
  connect: Pick<ServerConnectService, 'verifyConnection'>;
  /** How often the provider and SSH are asked again, and how long the machine may take to answer. */
  pollIntervalMs: number;
  bootTimeoutSeconds: number;
  announce(serverId: number, keys: readonly UpdateKey[]): Promise<void>;
}

/** Whether something accepts TCP connections at host:port (sshd is up), within a few seconds. */
export function portAnswers(host: string, port: number, timeoutMs = 3000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp({ host, port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The `vps.create` task (docs/vps.md): creates the machine at the provider with the server's key,
 * waits until it runs and SSH answers, then connects and provisions it as a normal connect does.
 * Every step looks at what is already done first, so running it again after a crash or a failure
 * goes on where it stopped: the provider's SSH key and machine ids are stored as soon as they
 * exist, and a machine made just before a crash is found by its `hostdeck=<server id>` label.
 */
export function registerVpsCreateTask(
  hooks: Pick<EventHooks, 'registerTask'>,
  dependencies: VpsCreateTaskDependencies,
) {
  const { repository, servers } = dependencies;

  async function pause(context: EventTaskContext) {
    if (await context.isCancelRequested()) throw new Error('Cancelled while waiting for the provider');
    await delay(dependencies.pollIntervalMs, undefined, { signal: context.signal });
  }

  async function task(context: EventTaskContext) {
    const { server_id: serverId } = taskInputSchema.parse(context.input);
    const write = (line: string) => context.write(`${line}\n`);
    const server = await servers.findRow(serverId);
    const machine = await repository.findMachine(serverId);
    const provider = findVpsProvider(machine?.provider);
    if (!server || !machine || !provider || !server.publicKey)
      throw new Error('This server was not created at a provider');
    const credential =
      machine.credentialId === null
        ? undefined
        : await repository.findCredential(server.userId, machine.credentialId);
    if (!credential) throw new Error(`The ${provider.name} credential this server was created with is gone`);
    const adapter = dependencies.createAdapter(provider.slug, repository.openToken(credential));
    const call = async <T>(what: string, work: Promise<T>): Promise<T> => {
      try {
        return await work;
      } catch (error) {
        throw new Error(`${provider.name}: ${what} failed (${describeProviderError(error)})`, {
          cause: error,
        });
      }
    };

    write(`Creating server "${server.name}" at ${provider.name} (${machine.region}, ${machine.plan})`);
    let sshKeyId = machine.sshKeyId;
    if (!sshKeyId && !machine.machineId) {
      try {
        sshKeyId = await adapter.createSshKey(`hostdeck-server-${serverId}`, server.publicKey);
        await repository.updateMachine(serverId, { sshKeyId });
        write(`SSH key added at ${provider.name} (id ${sshKeyId})`);
      } catch (error) {
        // The key also travels in user_data: a refused copy (the same key added by a run that
        // crashed before saving its id) is not a reason to stop. A bad token or a limit is.
        if (!(error instanceof VpsProviderError && error.kind === 'refused'))
          throw new Error(`${provider.name}: adding the SSH key failed (${describeProviderError(error)})`, {
            cause: error,
          });
        write(`${provider.name} did not take the SSH key (${error.message}): cloud-init installs it`);
      }
    }

    let current: ProviderMachine | null = null;
    let machineId = machine.machineId;
    if (!machineId) {
      // A machine made just before a crash, before its id was stored: adopted, never made twice.
      const labelled = (await call('listing the machines', adapter.listMachines())).find(
        (candidate) => candidate.hostdeckLabel === String(serverId),
      );
      if (labelled) {
        current = labelled;
        write(`Found the machine made before (id ${labelled.id})`);
      } else {
        current = await call(
          'creating the machine',
          adapter.createMachine({
            serverId,
            name: server.name,
            region: machine.region,
            plan: machine.plan,
            userData: cloudInitUserData(server.publicKey),
            sshKeyIds: sshKeyId ? [sshKeyId] : [],
          }),
        );
        write(`Machine created at ${provider.name} (id ${current.id}), status ${current.status}`);
      }
      machineId = current.id;
      await repository.updateMachine(serverId, { machineId, state: 'booting' });
    } else {
      write(`Machine ${machineId} was created before: going on`);
    }

    const deadline = Date.now() + dependencies.bootTimeoutSeconds * 1000;
    let lastStatus = current?.status ?? '';
    for (;;) {
      current = await call('reading the machine', adapter.getMachine(machineId));
      if (!current) throw new Error(`${provider.name}: the machine ${machineId} is gone`);
      if (current.status !== lastStatus) {
        write(`Status at ${provider.name}: ${current.status}`);
        lastStatus = current.status;
      }
      if (current.state === 'running' && current.ipv4) break;
      if (Date.now() > deadline)
        throw new Error(
          `${provider.name}: the machine was not running with an address after ${dependencies.bootTimeoutSeconds} s`,
        );
      await pause(context);
    }
    const ip = current.ipv4;
    if (server.ip !== ip) {
      await servers.update(serverId, { ip });
      await dependencies.announce(serverId, VPS_UPDATE_KEYS);
    }
    write(`Running at ${ip}; waiting for SSH on port ${server.port}`);
    while (!(await portAnswers(ip, server.port))) {
      if (Date.now() > deadline)
        throw new Error(
          `SSH did not answer at ${ip}:${server.port} after ${dependencies.bootTimeoutSeconds} s`,
        );
      await pause(context);
    }

    // cloud-init may still be writing root's key when sshd first answers: tried again until the deadline.
    write('SSH answers; connecting with the panel key');
    for (;;) {
      try {
        const detail = await dependencies.connect.verifyConnection(
          { id: context.event.userId ?? server.userId },
          serverId,
        );
        write(
          `Connected (${detail.os_version ?? 'unknown OS'}); provisioning started as event ${detail.provision_event_id ?? '?'}`,
        );
        break;
      } catch (error) {
        // An image the panel does not support will not become one by waiting.
        if (error instanceof ServerError && error.message === SERVER_MESSAGES.unsupportedOs) throw error;
        if (Date.now() > deadline) throw error;
        write(`Not yet: ${error instanceof Error ? error.message : String(error)}`);
        await pause(context);
      }
    }
    await repository.updateMachine(serverId, { state: 'ready' });
    if (sshKeyId) {
      // The key is in root's authorized_keys now; the provider's copy is not needed any more.
      await adapter.deleteSshKey(sshKeyId).catch((error: unknown) => {
        if (!(error instanceof VpsProviderError)) throw error;
        write(`The SSH key ${sshKeyId} could not be removed at ${provider.name}: ${error.message}`);
      });
    }
  }

  hooks.registerTask(VPS_CREATE_TASK, task, { session: false });
}
