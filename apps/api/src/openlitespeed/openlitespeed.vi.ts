import { OLS_EVENT_DESCRIPTIONS, OLS_MESSAGES } from '@hostdeck/contracts/openlitespeed';
import { openlitespeedRecipes } from '@hostdeck/recipes/openlitespeed';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the OpenLiteSpeed API's messages, event descriptions and recipe steps (i18n/vi.ts
 * merges it). The web's are in apps/web/src/servers/openlitespeed/locales.
 */
export const openlitespeedVi: Record<string, string> = {
  [OLS_MESSAGES.password]:
    'Mật khẩu phải dài từ 8 đến 128 ký tự, không có ký tự điều khiển hay khoảng trắng ở hai đầu.',
  [OLS_MESSAGES.username]:
    'Tên người dùng phải bắt đầu bằng một chữ cái và chỉ gồm chữ cái, chữ số, ".", "_" và "-" (tối đa 32).',
  [OLS_MESSAGES.phpVersion]: 'Phiên bản lsphp không xác định.',
  [OLS_MESSAGES.iniContent]: 'php.ini phải là văn bản (không có ký tự điều khiển) và không quá 512 KiB.',
  [OLS_MESSAGES.notInstalled]: 'OpenLiteSpeed chưa được cài trên máy chủ này.',
  [OLS_MESSAGES.phpNotInstalled]: 'Phiên bản lsphp này chưa được cài trên máy chủ.',
  ...eventDescriptionsVi(OLS_EVENT_DESCRIPTIONS, {
    changeOlsAdminPassword: 'Đổi mật khẩu WebAdmin OpenLiteSpeed của {user}',
    saveOlsPhpIni: 'Lưu php.ini của lsphp {version}',
    restartOls: 'Khởi động lại OpenLiteSpeed',
  }),
  ...recipeStepTitlesVi(openlitespeedRecipes, {
    'openlitespeed-inventory': { read: 'Đọc OpenLiteSpeed' },
    'openlitespeed-php-ini-read': { read: 'Đọc php.ini' },
    'openlitespeed-php-ini-write': {
      write: 'Kiểm tra và ghi php.ini, khởi động lại OpenLiteSpeed một cách êm (graceful)',
    },
    'openlitespeed-admin-password': { password: 'Đặt mật khẩu WebAdmin' },
    'openlitespeed-restart': { restart: 'Khởi động lại OpenLiteSpeed một cách êm (graceful)' },
  }),
};
