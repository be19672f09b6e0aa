import { DATABASE_EVENT_DESCRIPTIONS, DATABASE_MESSAGES } from '@hostdeck/contracts/databases';
import { databaseRecipes } from '@hostdeck/recipes/databases';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';
import { phpmyadminMessagesVi } from './phpmyadmin/phpmyadmin.vi.js';

type DatabaseMessage = (typeof DATABASE_MESSAGES)[keyof typeof DATABASE_MESSAGES];

/** Vietnamese for the API messages of the databases area; the i18n test fails on a missing one. */
const messagesVi: Record<DatabaseMessage, string> = {
  [DATABASE_MESSAGES.absolutePath]: 'Đây phải là một đường dẫn tuyệt đối',
  [DATABASE_MESSAGES.agentMissing]: 'Agent chưa được cài đặt trên máy chủ này',
  [DATABASE_MESSAGES.passwordTooShort]: 'Tối thiểu 8 ký tự',
  [DATABASE_MESSAGES.passwordTooLong]: 'Tối đa 128 ký tự',
  [DATABASE_MESSAGES.hostOnlyMysql]: 'Chỉ người dùng MySQL và MariaDB mới có máy chủ truy cập (host)',
  [DATABASE_MESSAGES.nameMismatch]: 'Hãy nhập tên cơ sở dữ liệu để xóa nó',
  [DATABASE_MESSAGES.databaseExists]: 'Máy chủ này đã có một cơ sở dữ liệu cùng tên',
  [DATABASE_MESSAGES.userExists]: 'Máy chủ này đã có một người dùng cơ sở dữ liệu cùng tên và host',
  [DATABASE_MESSAGES.databaseNotOnServer]: 'Máy chủ này không có cơ sở dữ liệu đó của hệ quản trị này',
  [DATABASE_MESSAGES.busy]: 'Hãy đợi thay đổi đang chạy của mục này kết thúc',
  [DATABASE_MESSAGES.dumpNotFound]: 'Tệp này không phải là bản sao lưu của cơ sở dữ liệu này',
  [DATABASE_MESSAGES.engineNotInstalled]: 'Hệ quản trị cơ sở dữ liệu này chưa được cài trên máy chủ',
  [DATABASE_MESSAGES.engineNotRunning]:
    'Hệ quản trị cơ sở dữ liệu này không chạy trên máy chủ: hãy khởi động nó rồi đồng bộ lại',
  [DATABASE_MESSAGES.settingsUnreadable]: 'Không đọc được cấu hình cơ sở dữ liệu từ máy chủ',
};

/**
 * Vietnamese for the databases area: its messages, its event descriptions and its recipes' step
 * titles (i18n/vi.ts merges it). The web's are in apps/web/src/servers/databases/locales.
 */
export const databasesVi: Record<string, string> = {
  ...messagesVi,
  ...phpmyadminMessagesVi,
  ...eventDescriptionsVi(DATABASE_EVENT_DESCRIPTIONS, {
    createDatabase: 'Tạo cơ sở dữ liệu {database}',
    createDatabaseWithUser: 'Tạo cơ sở dữ liệu {database} với người dùng {user}',
    deleteDatabase: 'Xóa cơ sở dữ liệu {database}',
    backUpDatabase: 'Sao lưu cơ sở dữ liệu {database}',
    deleteDatabaseBackup: 'Xóa bản sao lưu {file}',
    createDatabaseUser: 'Tạo người dùng cơ sở dữ liệu {user}',
    changeDatabaseUserPassword: 'Đổi mật khẩu của người dùng cơ sở dữ liệu {user}',
    deleteDatabaseUser: 'Xóa người dùng cơ sở dữ liệu {user}',
    grantDatabaseAll: 'Cấp cho {user} toàn quyền trên cơ sở dữ liệu {database}',
    grantDatabaseRead: 'Cấp cho {user} quyền chỉ đọc trên cơ sở dữ liệu {database}',
    revokeDatabaseAccess: 'Thu hồi quyền của {user} trên cơ sở dữ liệu {database}',
    applyDatabaseSettings: 'Thay đổi cấu hình {engine}',
    installPhpmyadmin: 'Cài đặt phpMyAdmin trên {site}',
  }),
  ...recipeStepTitlesVi(databaseRecipes, {
    'database-inventory': { read: 'Đọc các cơ sở dữ liệu và người dùng của chúng' },
    'database-create': { create: 'Tạo cơ sở dữ liệu' },
    'database-drop': { drop: 'Xóa cơ sở dữ liệu' },
    'database-user-create': { create: 'Tạo người dùng cơ sở dữ liệu' },
    'database-user-password': { password: 'Đổi mật khẩu người dùng cơ sở dữ liệu' },
    'database-user-drop': { drop: 'Xóa người dùng cơ sở dữ liệu' },
    'database-grant': { grant: 'Thay đổi quyền của người dùng cơ sở dữ liệu' },
    'database-dump': { dump: 'Sao lưu cơ sở dữ liệu' },
    'database-dump-delete': { delete: 'Xóa bản sao lưu cơ sở dữ liệu' },
    'database-settings': { read: 'Đọc cấu hình máy chủ cơ sở dữ liệu' },
    'database-settings-apply': { apply: 'Áp dụng cấu hình máy chủ cơ sở dữ liệu' },
    'phpmyadmin-install': {
      package: 'Cài đặt phpMyAdmin',
      config: 'Cấu hình phpMyAdmin',
      site: 'Phục vụ phpMyAdmin trên trang web',
    },
    'phpmyadmin-signon': { token: 'Chuẩn bị đăng nhập một lần vào phpMyAdmin' },
  }),
};
