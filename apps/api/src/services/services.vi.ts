import { SERVICE_EVENT_DESCRIPTIONS, SERVICE_MESSAGES } from '@hostdeck/contracts/services';
import { serviceRecipes } from '@hostdeck/recipes/services';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the messages of the services API, its event descriptions and its recipes' steps
 * (i18n/vi.ts merges it). The web's are in apps/web/src/servers/services/locales.
 */
export const servicesVi: Record<string, string> = {
  [SERVICE_MESSAGES.name]: 'Dùng 1 đến 32 chữ thường, chữ số, - và _, bắt đầu bằng một chữ cái',
  [SERVICE_MESSAGES.unit]: 'Tên dịch vụ không hợp lệ',
  [SERVICE_MESSAGES.description]: 'Dùng tối đa 200 chữ cái, chữ số, dấu cách và . , : ( ) / @ + - _',
  [SERVICE_MESSAGES.execStart]:
    'Dùng một dòng bắt đầu bằng đường dẫn tuyệt đối của chương trình, tiếp theo là các từ gồm chữ cái, chữ số và . _ / : = , @ + - (không dấu nháy hay ký tự shell; việc phức tạp hơn hãy đặt vào một script)',
  [SERVICE_MESSAGES.environmentKey]: 'Dùng chữ cái, chữ số và _, không bắt đầu bằng chữ số',
  [SERVICE_MESSAGES.environmentValue]: 'Chỉ dùng chữ cái, chữ số, dấu cách và . _ / : = , @ + -',
  [SERVICE_MESSAGES.environmentDuplicate]: 'Biến này được khai báo hai lần',
  [SERVICE_MESSAGES.confirm]: 'Nhập tên dịch vụ để xác nhận',
  ...eventDescriptionsVi(SERVICE_EVENT_DESCRIPTIONS, {
    createService: 'Tạo dịch vụ {service}',
    deleteService: 'Xóa dịch vụ {service}',
    startService: 'Khởi động dịch vụ {service}',
    stopService: 'Dừng dịch vụ {service}',
    restartService: 'Khởi động lại dịch vụ {service}',
    enableService: 'Bật tự chạy dịch vụ {service} khi khởi động máy',
    disableService: 'Tắt tự chạy dịch vụ {service} khi khởi động máy',
    syncServices: 'Đồng bộ các dịch vụ',
  }),
  ...recipeStepTitlesVi(serviceRecipes, {
    'service-inventory': { read: 'Đọc các dịch vụ' },
    'service-status': { read: 'Đọc trạng thái dịch vụ' },
    'service-action': { action: 'Thay đổi dịch vụ' },
    'service-create': {
      write: 'Kiểm tra và ghi tệp unit',
      start: 'Bật và khởi động dịch vụ',
    },
    'service-delete': { delete: 'Gỡ bỏ dịch vụ' },
    'service-sync': { sync: 'Nạp lại các tệp unit' },
  }),
};
