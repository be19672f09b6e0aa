import { SITE_CONFIG_MESSAGES } from '@hostdeck/contracts';

/** Vietnamese for the API messages of this area (Site web server configs and logs); the i18n test fails on a missing one. */
export const siteConfigsVi: Record<string, string> = {
  [SITE_CONFIG_MESSAGES.name]:
    'Tên chỉ được dùng chữ thường, chữ số, dấu chấm, dấu gạch ngang và gạch dưới (tối đa 63 ký tự), và phải bắt đầu bằng chữ cái hoặc chữ số.',
  [SITE_CONFIG_MESSAGES.content]: 'Nội dung không được chứa byte NUL.',
  [SITE_CONFIG_MESSAGES.contentTooLarge]: 'Nội dung lớn hơn 1 MiB.',
  [SITE_CONFIG_MESSAGES.exists]: 'Đã có một cấu hình với tên này.',
  [SITE_CONFIG_MESSAGES.mainVhost]: 'Không thể xóa virtual host chính của website.',
  [SITE_CONFIG_MESSAGES.refused]: 'Web server đã từ chối cấu hình; phiên bản trước vẫn được giữ nguyên.',
  [SITE_CONFIG_MESSAGES.tooLarge]: 'Tệp quá lớn, không thể xem trước',
  [SITE_CONFIG_MESSAGES.symlink]:
    'Tệp này là một liên kết tượng trưng hoặc nằm sau một liên kết; bảng điều khiển không đi theo nó.',
  [SITE_CONFIG_MESSAGES.notServed]: 'Website này không được phục vụ bởi Nginx hay Apache.',
};
