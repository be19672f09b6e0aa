/**
 * The event types of sites (spec/000 §3 Event `type`; shared plan), the panel tasks they run
 * (site-tasks.ts) and the realtime keys that make browsers reload sites (spec/000 §4).
 */
export const SITE_EVENTS = {
  create: { type: 'site_create', task: 'site-create', description: 'Create the site {site}' },
  update: { type: 'site_update', task: 'site-update', description: 'Update the site {site}' },
  delete: { type: 'site_delete', task: 'site-delete', description: 'Delete the site {site}' },
  clone: { type: 'site_clone', task: 'site-clone', description: 'Clone the site {site}' },
  permissions: {
    type: 'site_permissions',
    recipeId: 'site-permissions',
    description: 'Fix permissions of {site}',
  },
} as const;

export const SITE_UPDATE_KEYS = ['sites', 'site'] as const;

/** Site statuses (contracts SITE_STATUSES). */
export const SITE_STATUS = {
  creating: 'creating',
  active: 'active',
  failed: 'failed',
  deleting: 'deleting',
} as const;

/** The description of an event, with the site's domain (descriptions are not translated). */
export function describeSiteEvent(template: string, site: string): string {
  return template.replace('{site}', site);
}
