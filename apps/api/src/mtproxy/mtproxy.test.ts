import { describe, expect, it } from 'vitest';
import { makeMtproxySecret, mtproxySecretDomain } from '@hostdeck/contracts/mtproxy';
import { ForbiddenError, ValidationError } from '../domain/errors.js';
import type { Caller } from '../policy/server-policy.js';
import type { ServerRow } from '../servers/servers.repository.js';
import type { MtproxyApplyInput } from './mtproxy-events.js';
import type { MtproxyRepository, MtproxySettings } from './mtproxy.repository.js';
import { createMtproxyService } from './mtproxy.service.js';

const caller = { id: 1 } as Caller;
const RANDOM = Uint8Array.from({ length: 16 }, (_, index) => 15 - index);

/** The service over fakes: a row, the sockets listening, and the tasks and recipes it starts. */
function setUp(
  options: {
    settings?: MtproxySettings;
    listening?: { port: number; process: string }[];
    vip?: boolean;
    billing?: boolean;
    manage?: boolean;
  } = {},
) {
  let settings = options.settings ?? { port: null, domain: null, sealedSecret: null };
  const started: { task?: string; recipeId?: string; input: unknown; type: string; description: unknown }[] =
    [];
  const repository: MtproxyRepository = {
    find: async () => settings,
    openSecret: (row) => row.sealedSecret,
    save: async (_server, saved) => {
      settings = { port: saved.port, domain: saved.domain, sealedSecret: saved.secret };
    },
  };
  const service = createMtproxyService({
    policy: {
      authorizeServer: async (_caller, _server, ability) => {
        if (ability === 'manage' && options.manage === false) throw new ForbiddenError();
        return {} as never;
      },
    },
    servers: {
      findRow: async () =>
        ({
          id: 7,
          ip: '203.0.113.7',
          sealedPrivateKey: 'sealed',
          sealedPassword: null,
          isVip: options.vip ?? false,
        }) as unknown as ServerRow,
    },
    inventory: {
      read: async () =>
        ({
          listening: (options.listening ?? []).map((socket) => ({
            protocol: 'tcp',
            address: '0.0.0.0',
            ...socket,
          })),
        }) as never,
    },
    events: {
      startTask: async (request) => {
        started.push(request);
        return { id: started.length } as never;
      },
      startRecipe: async (request) => {
        started.push(request);
        return { id: started.length } as never;
      },
    },
    repository,
    downloadUrl: 'http://10.0.0.1/mtg-{arch}.tar.gz',
    billingEnabled: options.billing ?? false,
    random: () => RANDOM,
  });
  return { service, started, input: (index = 0) => started[index]!.input as MtproxyApplyInput };
}

describe('MTProxy service', () => {
  it('first set up: port 443 when free, a new secret for the default domain', async () => {
    const { service, started, input } = setUp({ listening: [{ port: 22, process: 'sshd' }] });
    expect(await service.apply(caller, 7, {})).toEqual({ data: { id: 1 } });
    expect(input()).toEqual({
      port: 443,
      domain: 'www.cloudflare.com',
      secret: makeMtproxySecret(RANDOM, 'www.cloudflare.com'),
      download_url: 'http://10.0.0.1/mtg-{arch}.tar.gz',
    });
    expect(started[0]).toMatchObject({ task: 'mtproxy-apply', type: 'mtproxy_apply' });
  });

  it('first set up: 8443 when another program has 443', async () => {
    const { service, input } = setUp({ listening: [{ port: 443, process: 'nginx' }] });
    await service.apply(caller, 7, {});
    expect(input().port).toBe(8443);
  });

  it('a new domain keeps the random part and changes the secret; the port alone keeps it', async () => {
    const secret = makeMtproxySecret(new Uint8Array(16).fill(0xab), 'www.cloudflare.com');
    const { service, input } = setUp({
      settings: { port: 8443, domain: 'www.cloudflare.com', sealedSecret: secret },
    });
    await service.apply(caller, 7, { domain: 'example.org' });
    expect(input(0).secret).toBe(makeMtproxySecret(new Uint8Array(16).fill(0xab), 'example.org'));
    expect(mtproxySecretDomain(input(0).secret)).toBe('example.org');
    await service.apply(caller, 7, { port: 9443 });
    expect(input(1)).toMatchObject({ port: 9443, secret });
  });

  it('rotates to a new random secret; refuses when not set up', async () => {
    const secret = makeMtproxySecret(new Uint8Array(16).fill(1), 'example.org');
    const { service, input, started } = setUp({
      settings: { port: 8443, domain: 'example.org', sealedSecret: secret },
    });
    await service.rotate(caller, 7);
    expect(input().secret).toBe(makeMtproxySecret(RANDOM, 'example.org'));
    expect(started[0]).toMatchObject({ type: 'mtproxy_rotate', description: { id: 'rotateMtproxySecret' } });
    await expect(setUp().service.rotate(caller, 7)).rejects.toBeInstanceOf(ValidationError);
  });

  it('the link: manage only, the tg:// link and a PNG QR code', async () => {
    const secret = makeMtproxySecret(RANDOM, 'example.org');
    const settings = { port: 8443, domain: 'example.org', sealedSecret: secret };
    const link = await setUp({ settings }).service.link(caller, 7);
    expect(link.link).toBe(`tg://proxy?server=203.0.113.7&port=8443&secret=${secret}`);
    expect(link.qr).toMatch(/^data:image\/png;base64,/);
    await expect(setUp({ settings, manage: false }).service.link(caller, 7)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
  });

  it('changes are VIP-only while billing is on; service actions run mtproxy-service', async () => {
    await expect(setUp({ billing: true }).service.service(caller, 7, 'start')).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    const { service, started } = setUp({ billing: true, vip: true });
    await service.service(caller, 7, 'stop');
    expect(started[0]).toMatchObject({
      recipeId: 'mtproxy-service',
      input: { action: 'stop' },
      type: 'mtproxy_service',
    });
  });
});
