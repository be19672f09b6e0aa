import { z } from 'zod';
import { UPDATE_KEYS, type UpdateKey } from '@hostdeck/contracts';
import {
  MTPROXY_EVENT_PREFIX,
  mtproxyDomainSchema,
  mtproxyDownloadUrlSchema,
  mtproxyPortSchema,
  mtproxySecretSchema,
} from '@hostdeck/contracts/mtproxy';

/** The area's event types (prefix `mtproxy_`). */
export const MTPROXY_EVENT_TYPES = {
  apply: `${MTPROXY_EVENT_PREFIX}apply`,
  rotate: `${MTPROXY_EVENT_PREFIX}rotate`,
  service: `${MTPROXY_EVENT_PREFIX}service`,
} as const;

/** The panel task that applies settings (mtproxy-tasks.ts). */
export const MTPROXY_TASK = 'mtproxy-apply';

/** The task's input, stored sealed with its event (the secret among it). */
export const mtproxyApplyInputSchema = z.strictObject({
  port: mtproxyPortSchema,
  domain: mtproxyDomainSchema,
  secret: mtproxySecretSchema,
  download_url: mtproxyDownloadUrlSchema,
});
export type MtproxyApplyInput = z.output<typeof mtproxyApplyInputSchema>;

/** What browsers read again when one of its events ends: the page's status, and the ports. */
export const MTPROXY_UPDATE_KEYS: readonly UpdateKey[] = [UPDATE_KEYS.server, UPDATE_KEYS.firewallRules];
