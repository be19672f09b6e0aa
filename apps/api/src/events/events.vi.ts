import { EVENT_DESCRIPTIONS, EVENT_ERRORS, type EventErrorId } from '@hostdeck/contracts';
import { recipes, type Recipe } from '@hostdeck/recipes';

type BaseDescriptionId = keyof typeof EVENT_DESCRIPTIONS;

/**
 * Vietnamese for event descriptions and error lines, by id: the type makes a missing one a
 * compile error. The web catalogue (`vi/events.json`) holds the same texts; a test keeps them equal.
 * A server section's own are in its messages (`<area>.vi.ts`, with `eventDescriptionsVi`).
 */
export const EVENT_DESCRIPTIONS_VI: Record<BaseDescriptionId, string> = {
  provisionServer: 'Cài đặt máy chủ',
  setTimezone: 'Đặt múi giờ',
  restartServer: 'Khởi động lại máy chủ',
  restartServerHard: 'Khởi động lại máy chủ (cưỡng bức)',
  cleanServer: 'Dọn dẹp máy chủ',
  hotfixServer: 'Vá lỗi nhanh máy chủ',
  installAgent: 'Cài đặt agent',
  createSite: 'Tạo website {site}',
  updateSite: 'Cập nhật website {site}',
  deleteSite: 'Xóa website {site}',
  cloneSite: 'Nhân bản website {site}',
  fixSitePermissions: 'Sửa quyền tệp của {site}',
  issueCertificate: 'Cấp chứng chỉ SSL cho {site}',
  renewCertificate: 'Gia hạn chứng chỉ SSL của {site}',
  installCertificate: 'Cài chứng chỉ SSL cho {site}',
  deactivateCertificate: 'Tắt chứng chỉ SSL của {site}',
  deleteCertificate: 'Xóa chứng chỉ SSL của {site}',
  importDatabase: 'Nhập cơ sở dữ liệu {database}',
  runSiteCommand: 'Chạy lệnh trên {site}',
  deploySite: 'Triển khai {site}',
  rollBackSite: 'Quay {site} về bản {release}',
};

export const EVENT_ERRORS_VI: Record<EventErrorId, string> = {
  stepFailed: 'Bước "{step}" thất bại (mã thoát {code})',
  stepFailedWithDetail: 'Bước "{step}" thất bại (mã thoát {code}): {detail}',
  cancelledBeforeStep: 'Đã hủy trước bước "{step}"',
  cancelledBeforeStart: 'Đã hủy trước khi bắt đầu',
  cancelledWhileCopying: 'Đã hủy trong khi sao chép các tệp',
  leaseExpired:
    'Bảng điều khiển đã dừng khi sự kiện này đang chạy (quyền giữ sự kiện hết hạn lúc {time}). Hãy chạy lại.',
  leaseLost: 'Tiến trình xử lý đã mất quyền giữ sự kiện này',
  connectFailed: 'Không thể kết nối tới {address}: {detail}',
  connectionLost: 'Mất kết nối tới {address}: {detail}',
  authenticationFailed: 'Xác thực thất bại cho {user}@{host}: {detail}',
  hostKeyChanged:
    'Khóa định danh (host key) của máy chủ đã thay đổi (mong đợi {expected}, nhận được {actual}). ' +
    'Nếu bạn đã cài lại máy chủ hoặc đổi khóa của nó, hãy đặt lại host key đã ghi nhận (trang SSH, thẻ Cài đặt SSH) rồi kết nối lại; nếu không, có thể ai đó đang chặn kết nối.',
  commandIdle: 'Lệnh đã bị dừng vì không có đầu ra trong {after}.',
  commandTooLong: 'Lệnh đã bị dừng vì không hoàn tất trong vòng {after}.',
  noServer: 'Sự kiện này không có máy chủ',
  noInput: 'Sự kiện này không còn dữ liệu đầu vào để chạy',
  unknownRecipe: 'Không rõ kịch bản "{recipe}"',
  unknownStep: 'Không rõ bước "{step}"',
  siteGone: 'Website không còn tồn tại',
  serverGone: 'Máy chủ không còn tồn tại',
  databaseGone: 'Cơ sở dữ liệu không còn tồn tại',
  deploymentGone: 'Lần triển khai này hoặc website của nó không còn tồn tại',
  balancingOff: 'Trang web này không cân bằng tải qua các nút: hãy bật cân bằng tải trước',
  rollingDeployFailed:
    'Triển khai trên {server} thất bại: {server} phục vụ lại với bản phát hành của nó, các nút sau đó chưa được triển khai',
  commandGone: 'Lệnh này hoặc website của nó không còn tồn tại',
  noRepository: 'Website chưa có kho mã nguồn',
  cloneSizeUnknown: 'Máy chủ nguồn không cho biết kích thước của tệp nén',
  cloneTooLarge:
    'Các tệp của website chiếm {size} byte sau khi nén; một bản nhân bản sao chép tối đa {limit}',
  certificateFailed: 'Không thể cài đặt chứng chỉ SSL cho website với tên miền {site}: {detail}',
  certificateGone: 'Chứng chỉ không còn tồn tại',
  certificateNotIssued: 'Chứng chỉ này chưa được cấp.',
  safeApplyReverted:
    'Panel không kết nối được tới máy chủ với cấu hình mới ({detail}), nên máy chủ đã tự khôi phục cấu hình cũ sau {seconds} giây. Không có gì bị thay đổi.',
  safeApplyUnreachable:
    'Panel không kết nối được tới máy chủ với cấu hình mới, kể cả sau thời điểm máy chủ phải tự khôi phục cấu hình cũ ({seconds} giây): {detail}',
};

/**
 * Vietnamese titles of the base recipes' steps, by recipe and step id (error lines name the step).
 * A server section's own are in its messages (`<area>.vi.ts`, with `recipeStepTitlesVi`).
 */
export const RECIPE_STEP_TITLES_VI: Record<string, Record<string, string>> = {
  'nginx-install': {
    install: 'Cài đặt nginx',
    'default-site': 'Ghi máy chủ mặc định',
    enable: 'Bật và khởi động nginx',
    check: 'Kiểm tra nginx phản hồi',
  },
  'server-provision': {
    'detect-os': 'Nhận diện hệ điều hành',
    'base-packages': 'Cài các gói cơ bản',
    timezone: 'Đặt múi giờ',
    swap: 'Thêm bộ nhớ swap',
    'unattended-upgrades': 'Bật cập nhật bảo mật tự động',
    'linux-user': 'Tạo người dùng Linux mặc định',
    firewall: 'Bật tường lửa',
    fail2ban: 'Bật Fail2Ban',
    'web-server': 'Cài máy chủ web',
    php: 'Cài PHP',
    database: 'Cài máy chủ cơ sở dữ liệu',
    finish: 'Tổng kết máy chủ',
  },
  'server-authorize-key': { authorize: 'Cài khóa của bảng điều khiển' },
  'server-forget-key': { forget: 'Gỡ khóa của bảng điều khiển' },
  'server-detect-os': { detect: 'Nhận diện hệ điều hành' },
  'server-system-info': { read: 'Đọc thông tin hệ thống' },
  'server-timezone': { set: 'Đặt múi giờ' },
  'server-restart': { schedule: 'Lên lịch khởi động lại' },
  'server-clean': { packages: 'Dọn bộ nhớ đệm của các gói', logs: 'Xóa nhật ký cũ' },
  'server-hotfix': { packages: 'Sửa trình quản lý gói', services: 'Khởi động lại các dịch vụ bị lỗi' },
  'agent-install': { install: 'Cài đặt agent' },
  'site-certificate-install': { install: 'Cài chứng chỉ' },
  'site-certificate-remove': { remove: 'Gỡ chứng chỉ' },
  'site-acme-challenge': { challenge: 'Chuẩn bị xác minh tên miền' },
  'site-app-resources': { read: 'Đọc tài nguyên máy chủ' },
  'site-deploy': {
    prepare: 'Chuẩn bị thư mục bản phát hành, .env và khóa triển khai',
    fetch: 'Sao chép kho mã nguồn',
    build: 'Chạy script triển khai',
    activate: 'Chuyển website sang bản phát hành mới',
    prune: 'Xóa các bản phát hành cũ',
  },
  'site-rollback': { activate: 'Chuyển website về bản phát hành trước' },
  'site-command': { run: 'Chạy lệnh' },
  'site-config-list': { list: 'Liệt kê các tệp cấu hình' },
  'site-config-read': { read: 'Đọc tệp cấu hình' },
  'site-config-write': { write: 'Ghi, kiểm tra và tải lại' },
  'site-config-delete': { delete: 'Xóa, kiểm tra và tải lại' },
  'site-log-read': { read: 'Đọc nhật ký' },
  'site-files-export': { export: 'Xuất các tệp của website' },
  'site-files-import': { import: 'Nhập các tệp của website' },
  'site-apply': {
    user: 'Chuẩn bị người dùng của website',
    home: 'Chuẩn bị thư mục của website',
    'php-pool': 'Cấu hình pool PHP-FPM',
    vhost: 'Cấu hình máy chủ web',
    permissions: 'Áp dụng quyền tệp',
  },
  'site-database-create': { database: 'Tạo cơ sở dữ liệu và người dùng của nó' },
  'site-database-drop': { database: 'Xóa cơ sở dữ liệu và người dùng của nó' },
  'site-delete': {
    'web-server': 'Gỡ vhost',
    'php-pool': 'Gỡ pool PHP-FPM',
    files: 'Xóa các tệp của website',
    user: 'Xóa người dùng của website',
  },
  'site-permissions': { permissions: 'Sửa quyền tệp' },
};

/**
 * The API catalogue's share (i18n/vi.ts): messages are keyed by their English text, so event
 * texts by their template and step titles by their English title.
 */
export const eventsVi: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(EVENT_DESCRIPTIONS_VI).map(([id, text]) => [
      EVENT_DESCRIPTIONS[id as BaseDescriptionId],
      text,
    ]),
  ),
  ...Object.fromEntries(
    Object.entries(EVENT_ERRORS_VI).map(([id, text]) => [EVENT_ERRORS[id as EventErrorId], text]),
  ),
  ...recipeStepTitlesVi(Object.values(recipes), RECIPE_STEP_TITLES_VI),
};

/**
 * A section's event descriptions for the API catalogue (keyed by the English template, like every
 * message): `vietnamese` has one text per id of `english`, or the section does not compile.
 */
export function eventDescriptionsVi<Descriptions extends Readonly<Record<string, string>>>(
  english: Descriptions,
  vietnamese: { readonly [Id in keyof Descriptions]: string },
): Record<string, string> {
  return Object.fromEntries(Object.entries(english).map(([id, template]) => [template, vietnamese[id]!]));
}

/**
 * The Vietnamese titles of these recipes' steps (by recipe and step id) for the API catalogue,
 * keyed by the English title. A test finds a step of the panel's recipes without one.
 */
export function recipeStepTitlesVi(
  list: readonly Recipe[],
  vietnamese: Readonly<Record<string, Readonly<Record<string, string>>>>,
): Record<string, string> {
  return Object.fromEntries(
    list.flatMap((recipe) =>
      recipe.steps.flatMap((step) => {
        const title = vietnamese[recipe.id]?.[step.id];
        return title ? [[step.title, title]] : [];
      }),
    ),
  );
}
