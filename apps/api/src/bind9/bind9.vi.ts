import { BIND9_EVENT_DESCRIPTIONS, BIND9_MESSAGES } from '@hostdeck/contracts/bind9';
import { bind9Recipes } from '@hostdeck/recipes/bind9';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';
import { BIND9_STORE_MESSAGES } from './bind9-zone-store.js';

/**
 * Vietnamese for the messages of the bind9 API, its event descriptions and its recipes' steps
 * (i18n/vi.ts merges it). The web's are in apps/web/src/servers/dns/locales.
 */
export const bind9Vi: Record<string, string> = {
  [BIND9_MESSAGES.zoneExists]: 'Vùng này đã có trên máy chủ',
  [BIND9_MESSAGES.zoneNotManaged]: 'Vùng này được tạo thủ công: bảng điều khiển không thay đổi nó',
  [BIND9_MESSAGES.zoneNotFound]: 'Không có vùng này trên máy chủ',
  [BIND9_MESSAGES.recordNotFound]: 'Không có bản ghi này trong vùng (có thể vừa bị thay đổi)',
  [BIND9_MESSAGES.zoneFileTooLarge]: 'Tệp vùng quá lớn',
  [BIND9_MESSAGES.zoneFileInvalid]: 'Tệp vùng không phải văn bản',
  [BIND9_STORE_MESSAGES.refused]: 'bind9 đã từ chối thay đổi: {output}',
  [BIND9_STORE_MESSAGES.notListed]: 'bind9 không liệt kê bản ghi {type} mới trong {zone}',
  ...eventDescriptionsVi(BIND9_EVENT_DESCRIPTIONS, {
    createBind9Zone: 'Tạo vùng DNS {zone}',
    importBind9Zone: 'Nhập vùng DNS {zone}',
    deleteBind9Zone: 'Xóa vùng DNS {zone}',
    enableBind9Dnssec: 'Bật DNSSEC cho {zone}',
    disableBind9Dnssec: 'Tắt DNSSEC cho {zone}',
    createBind9Record: 'Thêm bản ghi {type} vào {zone}',
    updateBind9Record: 'Sửa một bản ghi {type} của {zone}',
    deleteBind9Record: 'Xóa một bản ghi của {zone}',
  }),
  ...recipeStepTitlesVi(bind9Recipes, {
    'bind9-zones': { read: 'Đọc các vùng DNS' },
    'bind9-zone-read': { read: 'Đọc vùng DNS' },
    'bind9-zone-write': { write: 'Kiểm tra và ghi vùng' },
    'bind9-records-edit': { edit: 'Thay đổi bản ghi và tải lại vùng' },
    'bind9-zone-delete': { delete: 'Xóa vùng' },
    'bind9-dnssec': { apply: 'Áp dụng chính sách DNSSEC' },
  }),
};
