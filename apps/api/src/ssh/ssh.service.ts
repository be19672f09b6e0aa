import { EVENT_STATUS, type UpdateKey } from '@hostdeck/contracts';
import {
  parseSshdRaw,
  SSH_MESSAGES,
  type SshdConfig,
  type SshdForm,
  type SshdSetting,
  type SshEventDescriptionId,
  type UpdateSshdConfigRequestBody,
} from '@hostdeck/contracts/ssh';
import { parseSshInventory, sshConfig, sshInventory, type SshInventory } from '@hostdeck/recipes/ssh';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { EventRow } from '../events/events.repository.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import { findLockout, type PanelLogin } from './ssh-lockout.js';
import type { SshRepository } from './ssh.repository.js';

export const SSH_EVENT_PREFIX = 'ssh_';
/** An event that moves sshd to another port: its description values hold `port` and `previous`. */
export const SSH_PORT_EVENT = `${SSH_EVENT_PREFIX}port`;
export const SSH_CONFIG_EVENT = `${SSH_EVENT_PREFIX}config`;

/** The form's fields → the keyword each sets in the drop-in. */
const FORM_KEYWORDS = {
  permitrootlogin: 'PermitRootLogin',
  passwordauthentication: 'PasswordAuthentication',
  pubkeyauthentication: 'PubkeyAuthentication',
  allowusers: 'AllowUsers',
  maxauthtries: 'MaxAuthTries',
  clientaliveinterval: 'ClientAliveInterval',
} as const satisfies Record<Exclude<keyof SshdForm, 'port'>, SshdSetting['keyword']>;

/** The drop-in's own lines: without the header comment and the Port line the panel writes itself. */
export function dropInSettingsText(dropIn: string): string {
  return dropIn
    .split('\n')
    .filter((line) => !line.startsWith('#') && !/^\s*port[\s=]/i.test(line))
    .join('\n')
    .trim();
}

/** The form's values over the drop-in's current settings; AllowUsers '' removes its line. */
export function mergeForm(current: readonly SshdSetting[], form: SshdForm): SshdSetting[] {
  const settings = [...current];
  for (const [field, keyword] of Object.entries(FORM_KEYWORDS) as [
    keyof typeof FORM_KEYWORDS,
    SshdSetting['keyword'],
  ][]) {
    const value = String(form[field]);
    const index = settings.findIndex((setting) => setting.keyword === keyword);
    if (value === '') {
      if (index >= 0) settings.splice(index, 1);
    } else if (index >= 0) {
      settings[index] = { keyword, value };
    } else {
      settings.push({ keyword, value });
    }
  }
  return settings;
}

export function presentSshdConfig(
  inventory: SshInventory,
  panel: PanelLogin,
  recordedPort: number,
): SshdConfig {
  const number = (key: string) => Number.parseInt(inventory.values[key] ?? '', 10) || 0;
  return {
    form: {
      port: inventory.ports.includes(recordedPort) ? recordedPort : inventory.ports[0]!,
      permitrootlogin: inventory.values.permitrootlogin ?? '',
      passwordauthentication: inventory.values.passwordauthentication ?? '',
      pubkeyauthentication: inventory.values.pubkeyauthentication ?? '',
      allowusers: inventory.values.allowusers ?? '',
      maxauthtries: number('maxauthtries'),
      clientaliveinterval: number('clientaliveinterval'),
    },
    ports: inventory.ports,
    raw: dropInSettingsText(inventory.dropIn),
    socket: inventory.socket,
    panel,
    pending: inventory.pending,
  };
}

export interface SshServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  servers: Pick<ServersRepository, 'findRow'>;
  inventory: Pick<InventoryReader, 'read'>;
  events: Pick<EventsService, 'startRecipe'>;
  repository: SshRepository;
  /** Seconds before the server puts the previous settings back by itself (config.safeApplyRevertSeconds). */
  revertSeconds: number;
}

/**
 * The server's sshd settings (spec/000 §2 servers.ssh): read live (`sshd -T`, the panel's drop-in),
 * changed as a safe-apply event (`ssh_config`, or `ssh_port` when sshd moves), after refusing what
 * would surely lock the panel out; and forgetting the recorded host key.
 */
export function createSshService(dependencies: SshServiceDependencies) {
  async function connectedRow(caller: Caller, serverId: number, ability: 'view' | 'manage') {
    await dependencies.policy.authorizeServer(caller, serverId, ability);
    const row = await dependencies.servers.findRow(serverId);
    if (!row) throw new NotFoundError();
    if (!(row.sealedPrivateKey ?? row.sealedPassword)) throw new ServerError(SERVER_MESSAGES.notConnected);
    const panel: PanelLogin = { user: row.sshUser, auth: row.sealedPrivateKey ? 'key' : 'password' };
    return { row, panel };
  }

  const readInventory = (serverId: number) =>
    dependencies.inventory.read(serverId, sshInventory, {}, parseSshInventory);

  return {
    async config(caller: Caller, serverId: number): Promise<{ data: SshdConfig }> {
      const { row, panel } = await connectedRow(caller, serverId, 'view');
      return { data: presentSshdConfig(await readInventory(serverId), panel, row.port) };
    },

    async update(
      caller: Caller,
      serverId: number,
      body: UpdateSshdConfigRequestBody,
    ): Promise<{ data: { id: number } }> {
      const { row, panel } = await connectedRow(caller, serverId, 'manage');
      let settings: SshdSetting[];
      let port: number;
      if (body.form) {
        const inventory = await readInventory(serverId);
        const current = parseSshdRaw(dropInSettingsText(inventory.dropIn)).settings;
        settings = mergeForm(current, body.form);
        port = Number(body.form.port);
      } else {
        const { settings: parsed, problems } = parseSshdRaw(body.raw ?? '');
        const first = problems[0];
        if (first)
          throw new ValidationError({ raw: [SSH_MESSAGES.rawLine, first.message] }, { line: first.line });
        settings = parsed;
        port = body.port === undefined ? row.port : Number(body.port);
      }
      const lockout = findLockout(settings, panel);
      if (lockout) {
        const field = body.form ? `form.${lockout.keyword.toLowerCase()}` : 'raw';
        throw new ValidationError({ [field]: [lockout.message] }, lockout.values);
      }
      const moves = port !== row.port;
      const description: { id: SshEventDescriptionId; values: Record<string, string> } = moves
        ? { id: 'changeSshPort', values: { port: String(port), previous: String(row.port) } }
        : { id: 'updateSshdConfig', values: {} };
      const event = await dependencies.events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: sshConfig.id,
        input: {
          settings,
          port,
          previous_port: row.port,
          revert_after_seconds: dependencies.revertSeconds,
        },
        type: moves ? SSH_PORT_EVENT : SSH_CONFIG_EVENT,
        description,
      });
      return { data: { id: event.id } };
    },

    async resetHostKey(caller: Caller, serverId: number, confirm: string): Promise<void> {
      await dependencies.policy.authorizeServer(caller, serverId, 'manage');
      const row = await dependencies.servers.findRow(serverId);
      if (!row) throw new NotFoundError();
      if (confirm !== row.name) throw new ValidationError({ confirm: [SSH_MESSAGES.confirm] });
      await dependencies.repository.forgetHostKey(serverId);
    },

    /**
     * When an `ssh_port` event got the panel in on the new port, the server row follows it. That
     * happened once its `confirm` step passed: the event FINISHED, or it stopped after `confirm`
     * (cancelled before `close-port`, or `close-port` itself ended it).
     */
    async settleFinished(event: EventRow): Promise<UpdateKey[]> {
      if (event.type === SSH_PORT_EVENT && event.serverId !== null && portKept(event)) {
        const port = Number(event.descriptionValues.port);
        if (Number.isInteger(port) && port >= 1 && port <= 65_535) {
          await dependencies.repository.setPort(event.serverId, port);
        }
      }
      return ['server'];
    },
  };
}
export type SshService = ReturnType<typeof createSshService>;

function portKept(event: EventRow): boolean {
  if (event.status === EVENT_STATUS.finished) return true;
  if (event.currentStepId === 'close-port') return true;
  return event.currentStepId === 'confirm' && event.status === EVENT_STATUS.cancelled;
}
