import { FIREWALL_EVENT_DESCRIPTIONS, FIREWALL_MESSAGES } from '@hostdeck/contracts/firewall';
import { firewallRecipes } from '@hostdeck/recipes/firewall';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the messages of the firewall API, its event descriptions and its recipes' steps
 * (i18n/vi.ts merges it). The web's are in apps/web/src/servers/firewall/locales.
 */
export const firewallVi: Record<string, string> = {
  [FIREWALL_MESSAGES.name]:
    'Dùng 1 đến 64 chữ cái, chữ số, dấu cách và . _ -, bắt đầu bằng một chữ cái hoặc chữ số',
  [FIREWALL_MESSAGES.port]: 'Dùng một cổng (1-65535) hoặc một dải cổng như 1000:2000',
  ...eventDescriptionsVi(FIREWALL_EVENT_DESCRIPTIONS, {
    createFirewallRule: 'Thêm quy tắc tường lửa {name}',
    deleteFirewallRule: 'Xóa quy tắc tường lửa {name}',
    syncFirewall: 'Đồng bộ tường lửa',
  }),
  ...recipeStepTitlesVi(firewallRecipes, {
    'firewall-inventory': { read: 'Đọc tường lửa' },
    'firewall-rule-create': {
      apply: 'Hẹn giờ tự khôi phục và thêm quy tắc',
      confirm: 'Giữ thay đổi (panel đã kết nối lại)',
    },
    'firewall-rule-delete': {
      apply: 'Hẹn giờ tự khôi phục và xóa quy tắc',
      confirm: 'Giữ thay đổi (panel đã kết nối lại)',
    },
    'firewall-sync': {
      apply: 'Hẹn giờ tự khôi phục và bật tường lửa',
      confirm: 'Giữ thay đổi (panel đã kết nối lại)',
    },
  }),
};
