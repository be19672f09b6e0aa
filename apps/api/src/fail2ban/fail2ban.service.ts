import type { Locale } from '@hostdeck/contracts';
import type { Fail2banList, Fail2banMe } from '@hostdeck/contracts/fail2ban';
import type { Caller } from '../policy/server-policy.js';
import { presentFail2banInfos, type Fail2banRecipeSection } from './fail2ban.section.js';

export interface Fail2banServiceDependencies {
  /** The section's own list (server-sections/section-service.ts): checks `view` and reads the server. */
  section: { list(caller: Caller, serverId: number, query: object, locale: Locale): Promise<unknown> };
  latest: Fail2banRecipeSection['latest'];
}

/** `::ffff:203.0.113.7` (an IPv4 client on a dual-stack socket) is 203.0.113.7 to Fail2Ban. */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

/**
 * The Fail2Ban reads: the section's list with `infos.fail2ban` (the inventory it was built from),
 * and the caller's own address with the jails that ban it (`view` on the server is enough).
 */
export function createFail2banService(dependencies: Fail2banServiceDependencies) {
  async function list(caller: Caller, serverId: number, locale: Locale): Promise<Fail2banList> {
    const { data } = (await dependencies.section.list(caller, serverId, {}, locale)) as Pick<
      Fail2banList,
      'data'
    >;
    const inventory = dependencies.latest.get(serverId);
    if (!inventory) throw new Error('the Fail2Ban inventory was not kept');
    return { data, infos: presentFail2banInfos(inventory) };
  }

  return {
    list,

    async me(
      caller: Caller,
      serverId: number,
      requestIp: string,
      locale: Locale,
    ): Promise<{ data: Fail2banMe }> {
      const ip = clientAddress(requestIp);
      const { data } = await list(caller, serverId, locale);
      const bannedIn = data
        .filter((jail) => jail.banned.some((ban) => ban.ip === ip))
        .map((jail) => jail.name);
      return { data: { ip, banned_in: bannedIn } };
    },
  };
}
export type Fail2banService = ReturnType<typeof createFail2banService>;
