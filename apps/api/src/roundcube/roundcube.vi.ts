import { ROUNDCUBE_EVENT_DESCRIPTIONS, ROUNDCUBE_MESSAGES } from '@hostdeck/contracts/roundcube';
import { roundcubeRecipes } from '@hostdeck/recipes/roundcube';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for Roundcube's API messages, its event description and its recipe's steps (i18n/vi.ts
 * merges it). The web's are in apps/web/src/servers/mail/locales and apps/web/src/sites.
 */
export const roundcubeVi: Record<string, string> = {
  [ROUNDCUBE_MESSAGES.alias]: 'Roundcube được cài trên website chính, không phải trên bí danh',
  [ROUNDCUBE_MESSAGES.notReady]: 'Website chưa sẵn sàng',
  [ROUNDCUBE_MESSAGES.noPhp]: 'PHP chưa được cài đặt trên máy chủ này',
  ...eventDescriptionsVi(ROUNDCUBE_EVENT_DESCRIPTIONS, {
    installRoundcube: 'Cài đặt Roundcube trên {site}',
  }),
  ...recipeStepTitlesVi(roundcubeRecipes, {
    'roundcube-install': {
      package: 'Cài đặt Roundcube',
      config: 'Cấu hình Roundcube',
      site: 'Phục vụ Roundcube trên website',
    },
  }),
};
