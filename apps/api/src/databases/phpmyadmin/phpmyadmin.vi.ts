import { PHPMYADMIN_MESSAGES } from '@hostdeck/contracts/phpmyadmin';

type PhpmyadminMessage = (typeof PHPMYADMIN_MESSAGES)[keyof typeof PHPMYADMIN_MESSAGES];

/** Vietnamese for phpMyAdmin's API messages (keyed by their English, merged into databasesVi; the install event's description and the steps' titles are there too). */
export const phpmyadminMessagesVi: Record<PhpmyadminMessage, string> = {
  [PHPMYADMIN_MESSAGES.alias]: 'phpMyAdmin được cài trên website chính, không phải trên bí danh',
  [PHPMYADMIN_MESSAGES.notReady]: 'Website chưa sẵn sàng',
  [PHPMYADMIN_MESSAGES.noPhp]: 'PHP chưa được cài đặt trên máy chủ này',
  [PHPMYADMIN_MESSAGES.noPassword]:
    'Bảng điều khiển không biết mật khẩu của người dùng cơ sở dữ liệu này; hãy đặt mật khẩu mới trước',
  [PHPMYADMIN_MESSAGES.notMysql]: 'phpMyAdmin chỉ đăng nhập được người dùng MySQL và MariaDB',
};
