import { MTPROXY_EVENT_DESCRIPTIONS, MTPROXY_MESSAGES } from '@hostdeck/contracts/mtproxy';
import { mtproxyRecipes } from '@hostdeck/recipes/mtproxy';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the messages of the MTProxy API, its event descriptions and its recipes' steps
 * (i18n/vi.ts merges it). The web's are in apps/web/src/servers/mtproxy/locales.
 */
export const mtproxyVi: Record<string, string> = {
  [MTPROXY_MESSAGES.domain]: 'Dùng một tên miền như www.example.com',
  [MTPROXY_MESSAGES.secret]: 'Khóa bí mật MTProxy không hợp lệ',
  [MTPROXY_MESSAGES.notConfigured]: 'MTProxy chưa được thiết lập trên máy chủ này',
  [MTPROXY_MESSAGES.downloadUrl]: 'Dùng một URL http:// hoặc https://',
  ...eventDescriptionsVi(MTPROXY_EVENT_DESCRIPTIONS, {
    applyMtproxy: 'Thiết lập MTProxy trên cổng {port} ({domain})',
    rotateMtproxySecret: 'Đổi khóa bí mật MTProxy',
    startMtproxy: 'Khởi động MTProxy',
    stopMtproxy: 'Dừng MTProxy',
    restartMtproxy: 'Khởi động lại MTProxy',
  }),
  ...recipeStepTitlesVi(mtproxyRecipes, {
    'mtproxy-apply': {
      install: 'Cài đặt mtg và dịch vụ của nó',
      configure: 'Ghi cấu hình và khởi động lại MTProxy',
    },
    'mtproxy-service': { run: 'Thực hiện thao tác với dịch vụ' },
    'mtproxy-status': { read: 'Đọc MTProxy' },
    'mtproxy-log': { read: 'Đọc nhật ký' },
  }),
};
