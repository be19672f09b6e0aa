import { PHP_EVENT_DESCRIPTIONS, PHP_MESSAGES } from '@hostdeck/contracts/php';
import { phpRecipes } from '@hostdeck/recipes/php';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the PHP API's messages, its event descriptions and its recipes' steps
 * (i18n/vi.ts merges it). The web's are in apps/web/src/servers/php/locales.
 */
export const phpVi: Record<string, string> = {
  [PHP_MESSAGES.versionInUse]: 'PHP {version} đang được các trang web này sử dụng: {sites}',
  [PHP_MESSAGES.versionIsDefault]:
    'PHP {version} là phiên bản mặc định của máy chủ này: hãy chọn phiên bản mặc định khác trước',
  [PHP_MESSAGES.versionIsCli]:
    'PHP {version} là PHP dòng lệnh của máy chủ này: hãy chọn phiên bản khác trước',
  [PHP_MESSAGES.notInstalled]: 'PHP {version} chưa được cài trên máy chủ này',
  [PHP_MESSAGES.alreadyInstalled]: 'PHP {version} đã được cài trên máy chủ này',
  [PHP_MESSAGES.iniTooLarge]: 'Tệp php.ini không được lớn hơn 512 KiB',
  [PHP_MESSAGES.iniInvalidCharacters]: 'Tệp php.ini không được chứa ký tự điều khiển',
  [PHP_MESSAGES.uploadSizeRange]: 'Từ 1 đến 10240 MB',
  [PHP_MESSAGES.executionTimeRange]: 'Từ 1 đến 86400 giây',
  ...eventDescriptionsVi(PHP_EVENT_DESCRIPTIONS, {
    installPhp: 'Cài đặt PHP {version}',
    removePhp: 'Gỡ PHP {version}',
    setDefaultPhp: 'Đặt PHP {version} làm mặc định cho các trang web mới',
    setCliPhp: 'Đặt PHP {version} làm PHP dòng lệnh',
    enableOpcache: 'Bật OPcache cho PHP {version}',
    disableOpcache: 'Tắt OPcache cho PHP {version}',
    resetOpcache: 'Làm mới OPcache của PHP {version}',
    setPhpUploadSize: 'Đặt dung lượng tải lên tối đa của PHP {version} thành {size} MB',
    setPhpExecutionTime: 'Đặt thời gian thực thi tối đa của PHP {version} thành {seconds} giây',
    writePhpIni: 'Lưu php.ini {sapi} của PHP {version}',
    enableIoncube: 'Bật ionCube cho PHP {version}',
    disableIoncube: 'Tắt ionCube cho PHP {version}',
  }),
  ...recipeStepTitlesVi(phpRecipes, {
    'php-inventory': { read: 'Đọc các phiên bản PHP' },
    'php-install': { install: 'Cài đặt PHP-FPM và các tiện ích mở rộng' },
    'php-remove': { remove: 'Gỡ các gói PHP' },
    'php-default': { check: 'Kiểm tra phiên bản PHP' },
    'php-cli': { alternatives: 'Đặt PHP dòng lệnh' },
    'php-settings': { apply: 'Áp dụng giới hạn PHP' },
    'php-opcache-reset': { reset: 'Làm mới OPcache' },
    'php-ini-read': { read: 'Đọc php.ini' },
    'php-ini-write': { write: 'Lưu, kiểm tra và tải lại php.ini' },
    'php-ioncube': { ioncube: 'Bật hoặc tắt ionCube Loader' },
  }),
};
