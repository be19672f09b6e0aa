import { APPLICATION_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/applications';
import {
  NO_SERVICE_MESSAGE,
  UNKNOWN_APPLICATION_MESSAGE,
  applicationRecipes,
} from '@hostdeck/recipes/applications';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the messages of the applications API, its event descriptions and its recipes'
 * steps (i18n/vi.ts merges it). The web's are in apps/web/src/servers/applications/locales.
 */
export const applicationsVi: Record<string, string> = {
  [UNKNOWN_APPLICATION_MESSAGE]: 'Ứng dụng không xác định',
  [NO_SERVICE_MESSAGE]: 'Ứng dụng này không có dịch vụ riêng',
  ...eventDescriptionsVi(APPLICATION_EVENT_DESCRIPTIONS, {
    installApplication: 'Cài đặt {application}',
    uninstallApplication: 'Gỡ cài đặt {application}',
    startApplication: 'Khởi động {application}',
    stopApplication: 'Dừng {application}',
    restartApplication: 'Khởi động lại {application}',
    enableAutoRestart: 'Bật tự khởi động lại cho {application}',
    disableAutoRestart: 'Tắt tự khởi động lại cho {application}',
  }),
  ...recipeStepTitlesVi(applicationRecipes, {
    'application-install': {
      check: 'Kiểm tra máy chủ có thể chạy ứng dụng',
      repository: 'Thêm kho gói của ứng dụng khi cần',
      install: 'Cài đặt ứng dụng',
      enable: 'Bật và khởi động dịch vụ của ứng dụng',
    },
    'application-uninstall': { uninstall: 'Dừng và gỡ cài đặt ứng dụng' },
    'application-service': { service: 'Thay đổi trạng thái dịch vụ' },
    'application-auto-restart': { 'auto-restart': 'Thay đổi chế độ tự khởi động lại' },
    'application-inventory': { read: 'Đọc các ứng dụng đã cài' },
  }),
};
