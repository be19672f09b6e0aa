import { SYSTEM_USER_EVENT_DESCRIPTIONS, SYSTEM_USER_MESSAGES } from '@hostdeck/contracts/system-users';
import { systemUserRecipes } from '@hostdeck/recipes/system-users';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the messages of the system users API, its event descriptions and its recipes'
 * steps (i18n/vi.ts merges it). The web's are in apps/web/src/servers/users/locales.
 */
export const systemUsersVi: Record<string, string> = {
  [SYSTEM_USER_MESSAGES.passwordTooShort]: 'Mật khẩu phải có ít nhất 8 ký tự',
  [SYSTEM_USER_MESSAGES.passwordTooLong]: 'Mật khẩu không được dài quá 128 ký tự',
  [SYSTEM_USER_MESSAGES.sudoAndSftp]: 'Người dùng chỉ SFTP không thể dùng sudo',
  [SYSTEM_USER_MESSAGES.exists]: 'Trên máy chủ đã có người dùng với tên này',
  [SYSTEM_USER_MESSAGES.notFound]: 'Trên máy chủ không có người dùng này',
  [SYSTEM_USER_MESSAGES.usedBySites]: 'Người dùng này đang được các trang web sau sử dụng: {sites}',
  [SYSTEM_USER_MESSAGES.defaultUser]: 'Không thể xóa người dùng Linux mặc định của máy chủ',
  ...eventDescriptionsVi(SYSTEM_USER_EVENT_DESCRIPTIONS, {
    createSystemUser: 'Tạo người dùng hệ thống {user}',
    changeSystemUserPassword: 'Đổi mật khẩu của người dùng hệ thống {user}',
    deleteSystemUser: 'Xóa người dùng hệ thống {user}',
    syncSystemUsers: 'Đồng bộ người dùng hệ thống',
  }),
  ...recipeStepTitlesVi(systemUserRecipes, {
    'system-users-inventory': { read: 'Đọc người dùng hệ thống' },
    'system-user-create': {
      user: 'Tạo người dùng',
      sudo: 'Thiết lập sudo cho người dùng',
      sftp: 'Giới hạn người dùng chỉ dùng SFTP',
    },
    'system-user-password': { password: 'Đặt mật khẩu' },
    'system-user-delete': { delete: 'Xóa người dùng và thư mục nhà' },
    'system-users-sync': { sudo: 'Kiểm tra các quy tắc sudo', sftp: 'Kiểm tra giới hạn SFTP' },
  }),
};
