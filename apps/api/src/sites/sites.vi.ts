import { SITE_MESSAGES as CONTRACT_MESSAGES } from '@hostdeck/contracts';
import { SITE_MESSAGES } from './site-messages.js';

type SiteMessage =
  | (typeof SITE_MESSAGES)[keyof typeof SITE_MESSAGES]
  | (typeof CONTRACT_MESSAGES)[keyof typeof CONTRACT_MESSAGES];

/** Vietnamese for the API messages of this area (Sites); its type requires every message. */
export const sitesVi: Record<SiteMessage, string> = {
  [SITE_MESSAGES.serverNotInstalled]: 'Hãy đợi máy chủ cài đặt hoàn tất!',
  [SITE_MESSAGES.nameTaken]: 'Tên miền này đã là một trang web trên máy chủ này',
  [SITE_MESSAGES.noDatabaseServer]:
    'Máy chủ này chưa có máy chủ cơ sở dữ liệu: hãy cài MariaDB, MySQL hoặc PostgreSQL trước',
  [SITE_MESSAGES.databaseTaken]: 'Đã có một cơ sở dữ liệu trùng tên trên máy chủ này',
  [SITE_MESSAGES.databaseUserInvalid]: 'Không thể dùng tên này làm người dùng cơ sở dữ liệu',
  [SITE_MESSAGES.phpNotInstalled]: 'PHP {version} chưa được cài trên máy chủ này',
  [SITE_MESSAGES.protected]: 'Trang web này đang được bảo vệ. Hãy tắt bảo vệ để xóa nó.',
  [SITE_MESSAGES.balancing]:
    'Trang web này là bộ cân bằng tải. Hãy tắt cân bằng tải trước để các nút của nó lại phục vụ mọi người.',
  [SITE_MESSAGES.aliasOfAlias]: 'Một tên miền phụ (alias) không thể có alias riêng',
  [SITE_MESSAGES.aliasReadOnly]: 'Trang web này là alias của {parent}: hãy thay đổi {parent}',
  [SITE_MESSAGES.busy]: 'Trang web này đang được tạo hoặc xóa: hãy đợi nó hoàn tất',
  [SITE_MESSAGES.sameServer]: 'Hãy chọn một máy chủ khác để sao chép trang web tới',
  [SITE_MESSAGES.cloneTaken]: 'Máy chủ đã chọn đã có một trang web với tên miền này',
  [CONTRACT_MESSAGES.passwordTooShort]: 'Tối thiểu 20 ký tự',
  [CONTRACT_MESSAGES.freeDomainUnavailable]: 'Bảng điều khiển này chưa hỗ trợ tên miền miễn phí',
  [CONTRACT_MESSAGES.aliasParentMismatch]: 'Trang web gốc phải ở trên cùng máy chủ',
  [CONTRACT_MESSAGES.freeDomainNamed]:
    'Trang web dùng tên miền miễn phí sẽ được tạo tên tự động: hãy để trống tên miền',
};
