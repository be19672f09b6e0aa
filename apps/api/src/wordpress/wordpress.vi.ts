import { WORDPRESS_EVENT_DESCRIPTIONS, WORDPRESS_MESSAGES } from '@hostdeck/contracts/wordpress';
import {
  wordpressCoreUpdate,
  wordpressInstall,
  wordpressRun,
  wordpressUninstall,
} from '@hostdeck/recipes/wordpress';
import { eventDescriptionsVi } from '../events/events.vi.js';

/** Vietnamese for WordPress's messages, event descriptions and recipe step titles (i18n/vi.ts merges it). */
export const wordpressVi: Record<string, string> = {
  [WORDPRESS_MESSAGES.slug]: 'Chữ thường, chữ số và dấu gạch ngang, bắt đầu bằng chữ hoặc số (tối đa 100)',
  [WORDPRESS_MESSAGES.query]:
    'Chữ, chữ số, khoảng trắng, dấu chấm và dấu gạch ngang, bắt đầu bằng chữ hoặc số (tối đa 100)',
  [WORDPRESS_MESSAGES.login]: 'Chữ, chữ số và . _ @ -, bắt đầu bằng chữ hoặc số (tối đa 60)',
  [WORDPRESS_MESSAGES.email]: 'Một địa chỉ e-mail hợp lệ',
  [WORDPRESS_MESSAGES.title]:
    "Chữ, chữ số, khoảng trắng và . , ' ! ? : ( ) -, bắt đầu bằng chữ hoặc số (tối đa 100)",
  [WORDPRESS_MESSAGES.installed]: 'Trang web này đã có mã nguồn ({codeType})',
  [WORDPRESS_MESSAGES.notInstalled]: 'WordPress chưa được cài đặt trên trang web này',
  [WORDPRESS_MESSAGES.alias]:
    'Bí danh dùng chung mã nguồn của trang web gốc: hãy cài WordPress trên trang web gốc',
  [WORDPRESS_MESSAGES.noPhp]: 'WordPress cần PHP: hãy chọn phiên bản PHP cho trang web trước',
  [WORDPRESS_MESSAGES.noMysql]: 'WordPress cần MySQL hoặc MariaDB trên máy chủ',
  [WORDPRESS_MESSAGES.busy]: 'WordPress đang được cài đặt trên trang web này',
  [wordpressInstall.steps[0]!.title]: 'Cài đặt WordPress',
  [wordpressRun.steps[0]!.title]: 'Thực hiện thao tác WordPress',
  [wordpressCoreUpdate.steps[0]!.title]: 'Cập nhật WordPress, khôi phục nếu trang web bị lỗi',
  [wordpressUninstall.steps[0]!.title]: 'Gỡ WordPress khỏi bảng điều khiển',
  ...eventDescriptionsVi(WORDPRESS_EVENT_DESCRIPTIONS, {
    installWordpress: 'Cài đặt WordPress trên {site}',
    installWordpressItem: 'Cài đặt {slug} ({type}) trên {site}',
    updateWordpressItem: 'Cập nhật {slug} ({type}) trên {site}, khôi phục nếu trang web bị lỗi',
    deleteWordpressItem: 'Xóa {slug} ({type}) khỏi {site}',
    activateWordpressItem: 'Kích hoạt {slug} ({type}) trên {site}',
    deactivateWordpressItem: 'Tắt {slug} ({type}) trên {site}',
    autoUpdateWordpressOn: 'Bật tự động cập nhật {slug} ({type}) trên {site}',
    autoUpdateWordpressOff: 'Tắt tự động cập nhật {slug} ({type}) trên {site}',
    revokeWordpressLogins: 'Thu hồi mọi liên kết đăng nhập WordPress trên {server}',
    createWordpressUser: 'Tạo người dùng WordPress {login} ({role}) trên {site}',
    setWordpressUserRole: 'Đặt vai trò {role} cho người dùng WordPress {login} trên {site}',
    optimizeWordpress: 'Tối ưu cơ sở dữ liệu WordPress của {site}',
    wprocketOn: 'Bật WP Rocket cho {site}',
    wprocketOff: 'Tắt WP Rocket cho {site}',
    searchReplaceWordpress: 'Thay {from} bằng {to} trong cơ sở dữ liệu WordPress của {site}',
    wordpressSiteUrl: 'Chuyển WordPress trên {site} sang địa chỉ {url}',
    updateWordpressCore: 'Cập nhật WordPress trên {site}, khôi phục nếu trang web bị lỗi',
  }),
};
