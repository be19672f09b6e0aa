import { UPDATE_KEYS, type EventDescriptionId } from '@hostdeck/contracts';

/**
 * The event types of sites (spec/000 §3 Event `type`; shared plan), the panel tasks they run
 * (site-tasks.ts) and the realtime keys that make browsers reload sites (spec/000 §4).
 */
export const SITE_EVENTS = {
  create: { type: 'site_create', task: 'site-create', description: 'createSite' },
  update: { type: 'site_update', task: 'site-update', description: 'updateSite' },
  delete: { type: 'site_delete', task: 'site-delete', description: 'deleteSite' },
  clone: { type: 'site_clone', task: 'site-clone', description: 'cloneSite' },
  permissions: {
    type: 'site_permissions',
    recipeId: 'site-permissions',
    description: 'fixSitePermissions',
  },
} as const;

export const SITE_UPDATE_KEYS = [UPDATE_KEYS.sites, UPDATE_KEYS.site] as const;

/** Site statuses (contracts SITE_STATUSES). */
export const SITE_STATUS = {
  creating: 'creating',
  active: 'active',
  failed: 'failed',
  deleting: 'deleting',
} as const;

/** The description of an event (an EVENT_DESCRIPTIONS id), with the site's domain. */
export function describeSiteEvent(id: EventDescriptionId, site: string) {
  return { id, values: { site } };
}
