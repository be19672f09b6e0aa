import {
  FAIL2BAN_EVENT_DESCRIPTIONS,
  fail2banSection,
  isFail2banPreset,
  type Fail2banEventDescriptionId,
  type Fail2banInfos,
  type Fail2banJail,
} from '@hostdeck/contracts/fail2ban';
import {
  fail2banAllowList,
  fail2banBan,
  fail2banInventory,
  fail2banJail,
  fail2banRecipes,
  parseFail2banInventory,
  type Fail2banInventory,
} from '@hostdeck/recipes/fail2ban';
import { defineRecipeSection } from '../server-sections/recipe-section.js';

export const FAIL2BAN_EVENT_PREFIX = 'fail2ban_';

/**
 * The jails of the list: every running jail, and the panel's jail files that are not running
 * (disabled), sorted by name. A jail is `managed` when the panel's file defines it.
 */
export function presentFail2banJails(inventory: Fail2banInventory): Fail2banJail[] {
  const managed = new Map(inventory.managed.map((jail) => [jail.name, jail]));
  const rows: Fail2banJail[] = inventory.jails.map((jail) => {
    const own = managed.get(jail.name);
    return {
      name: jail.name,
      running: true,
      enabled: own ? own.enabled : true,
      managed: own !== undefined,
      preset: isFail2banPreset(jail.name) ? jail.name : null,
      maxretry: jail.maxretry,
      findtime: jail.findtime,
      bantime: jail.bantime,
      currently_failed: jail.currentlyFailed,
      total_banned: jail.totalBanned,
      banned: jail.banned.map((ban) => ({ ip: ban.ip, seconds_left: ban.secondsLeft })),
    };
  });
  const running = new Set(rows.map((row) => row.name));
  for (const own of inventory.managed) {
    if (running.has(own.name)) continue;
    rows.push({
      name: own.name,
      running: false,
      enabled: own.enabled,
      managed: true,
      preset: isFail2banPreset(own.name) ? own.name : null,
      maxretry: own.maxretry,
      findtime: own.findtime,
      bantime: own.bantime,
      currently_failed: 0,
      total_banned: 0,
      banned: [],
    });
  }
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

export function presentFail2banInfos(inventory: Fail2banInventory): Fail2banInfos {
  return {
    fail2ban: {
      installed: inventory.installed,
      running: inventory.running,
      panel_ip: inventory.panelIp,
      allow_list: inventory.allowList ?? [],
      ignoreip: inventory.ignoreip,
    },
  };
}

const describe = (id: Fail2banEventDescriptionId, values: Record<string, string> = {}) => ({ id, values });

const SECTION_OPTIONS = {
  eventPrefix: FAIL2BAN_EVENT_PREFIX,
  recipes: fail2banRecipes,
  eventDescriptions: FAIL2BAN_EVENT_DESCRIPTIONS,
};

/**
 * A server's Fail2Ban (spec/000 §2 /servers/{server}/fail2ban, §7): the jails the
 * `fail2ban-inventory` recipe reads from the server each time, and the `fail2ban_*` events. Jail
 * and allow-list changes are safe applies with the panel's revert delay (`revertAfterSeconds`);
 * ban and unban are runtime changes. `latest` keeps each server's last inventory, for the list's
 * `infos` and the caller's own ban (fail2ban.service.ts).
 */
export function fail2banRecipeSection(revertAfterSeconds: number) {
  const latest = new Map<number, Fail2banInventory>();
  const section = defineRecipeSection(fail2banSection, SECTION_OPTIONS, () => ({
    inventory: { recipe: fail2banInventory, parse: parseFail2banInventory, cacheMs: 2_000 },
    async list(inventory: Fail2banInventory, { serverId }) {
      latest.set(serverId, inventory);
      return presentFail2banJails(inventory);
    },
    actions: {
      createJail: {
        recipe: fail2banJail,
        input: ({ body }) => ({
          operation: 'save',
          jail: body.preset,
          maxretry: body.maxretry,
          findtime: body.findtime,
          bantime: body.bantime,
          revert_after_seconds: revertAfterSeconds,
        }),
        eventType: 'jail_create',
        description: ({ body }) => describe('createFail2banJail', { jail: body.preset }),
      },
      updateJail: {
        recipe: fail2banJail,
        input: ({ params, body }) => ({
          operation: 'update',
          jail: params.jail,
          ...body,
          revert_after_seconds: revertAfterSeconds,
        }),
        eventType: 'jail_update',
        description: ({ params }) => describe('updateFail2banJail', { jail: params.jail }),
      },
      enableJail: {
        recipe: fail2banJail,
        input: ({ params }) => ({
          operation: 'enable',
          jail: params.jail,
          revert_after_seconds: revertAfterSeconds,
        }),
        eventType: 'jail_enable',
        description: ({ params }) => describe('enableFail2banJail', { jail: params.jail }),
      },
      disableJail: {
        recipe: fail2banJail,
        input: ({ params }) => ({
          operation: 'disable',
          jail: params.jail,
          revert_after_seconds: revertAfterSeconds,
        }),
        eventType: 'jail_disable',
        description: ({ params }) => describe('disableFail2banJail', { jail: params.jail }),
      },
      deleteJail: {
        recipe: fail2banJail,
        input: ({ params }) => ({
          operation: 'delete',
          jail: params.jail,
          revert_after_seconds: revertAfterSeconds,
        }),
        eventType: 'jail_delete',
        description: ({ params }) => describe('deleteFail2banJail', { jail: params.jail }),
      },
      unban: {
        recipe: fail2banBan,
        input: ({ body }) => ({ action: 'unban', ip: body.ip, ...(body.jail ? { jail: body.jail } : {}) }),
        eventType: 'unban',
        description: ({ body }) => describe('unbanFail2banIp', { ip: body.ip }),
      },
      ban: {
        recipe: fail2banBan,
        input: ({ body }) => ({ action: 'ban', ip: body.ip, jail: body.jail }),
        eventType: 'ban',
        description: ({ body }) => describe('banFail2banIp', { ip: body.ip, jail: body.jail }),
      },
      allowList: {
        recipe: fail2banAllowList,
        input: ({ body }) => ({
          operation: 'allow-list',
          ips: body.ips,
          revert_after_seconds: revertAfterSeconds,
        }),
        eventType: 'allow_list',
        description: () => describe('saveFail2banAllowList'),
      },
      start: {
        recipe: fail2banAllowList,
        input: () => ({ operation: 'start', ips: [], revert_after_seconds: revertAfterSeconds }),
        eventType: 'start',
        description: () => describe('startFail2ban'),
      },
    },
  }));
  return { ...section, latest };
}
export type Fail2banRecipeSection = ReturnType<typeof fail2banRecipeSection>;

/** The section's static parts (recipes, descriptions, prefix, finished handler) for the area. */
export const fail2banSectionShape = fail2banRecipeSection(60);
