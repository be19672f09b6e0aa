import { PM2_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/pm2';
import { pm2Recipes } from '@hostdeck/recipes/pm2';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the PM2 area: its event descriptions and its recipes' steps (i18n/vi.ts merges
 * it). The web's are in apps/web/src/servers/pm2/locales.
 */
export const pm2Vi: Record<string, string> = {
  ...eventDescriptionsVi(PM2_EVENT_DESCRIPTIONS, {
    createPm2App: 'Chạy ứng dụng PM2 mới {name} ({user})',
    startPm2App: 'Khởi động ứng dụng PM2 {name} ({user})',
    stopPm2App: 'Dừng ứng dụng PM2 {name} ({user})',
    restartPm2App: 'Khởi động lại ứng dụng PM2 {name} ({user})',
    deletePm2App: 'Xóa ứng dụng PM2 {name} ({user})',
  }),
  ...recipeStepTitlesVi(pm2Recipes, {
    'pm2-inventory': { read: 'Đọc các ứng dụng PM2 của người dùng' },
    'pm2-app-create': {
      setup: 'Thiết lập PM2 của người dùng (khởi động cùng máy chủ, xoay vòng nhật ký)',
      start: 'Chạy ứng dụng và lưu danh sách',
    },
    'pm2-app-control': {
      setup: 'Thiết lập PM2 của người dùng (khởi động cùng máy chủ, xoay vòng nhật ký)',
      apply: 'Thực hiện thay đổi và lưu danh sách',
    },
    'pm2-logs': { read: 'Đọc nhật ký của ứng dụng' },
  }),
};
