import { FIREWALL_8G_EVENT_DESCRIPTIONS, FIREWALL_8G_MESSAGES } from '@hostdeck/contracts/firewall-8g';
import { firewall8gRecipes } from '@hostdeck/recipes/firewall-8g';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/** Vietnamese for the 8G firewall's messages, event descriptions and recipe steps. */
export const firewall8gVi: Record<string, string> = {
  [FIREWALL_8G_MESSAGES.notNginx]: 'Tường lửa 8G chỉ dùng được cho trang web chạy trên nginx.',
  [FIREWALL_8G_MESSAGES.alias]:
    'Bí danh dùng chung cấu hình máy chủ web của trang web gốc: hãy bật hoặc tắt tường lửa 8G ở đó.',
  ...eventDescriptionsVi(FIREWALL_8G_EVENT_DESCRIPTIONS, {
    enableFirewall8g: 'Bật tường lửa 8G của {site}',
    disableFirewall8g: 'Tắt tường lửa 8G của {site}',
  }),
  ...recipeStepTitlesVi(firewall8gRecipes, {
    'firewall-8g-enable': { enable: 'Bật các quy tắc tường lửa 8G và tải lại nginx' },
    'firewall-8g-disable': { disable: 'Tắt các quy tắc tường lửa 8G và tải lại nginx' },
  }),
};
