import { BALANCING_EVENT_DESCRIPTIONS, BALANCING_MESSAGES } from '@hostdeck/contracts/balancing';
import {
  balancingApply,
  balancingBackendApply,
  balancingBackendRemove,
  balancingRemove,
} from '@hostdeck/recipes/balancing';
import { eventDescriptionsVi } from '../events/events.vi.js';

/**
 * Vietnamese for the load balancing API: its messages, event descriptions and recipe step titles
 * (i18n/vi.ts merges it). The web's are under `siteBalancing` in apps/web/src/sites/balancing/locales.
 */
export const balancingVi: Record<string, string> = {
  [BALANCING_MESSAGES.nodes]: 'Thêm từ 1 đến 32 máy chủ khác nhau',
  [BALANCING_MESSAGES.ownServer]: 'Máy chủ của chính bộ cân bằng tải không thể là một nút của nó',
  [BALANCING_MESSAGES.otherOwner]: 'Mọi nút phải là máy chủ của cùng chủ sở hữu với website',
  [BALANCING_MESSAGES.noSite]: 'Máy chủ này không có website cùng tên miền',
  [BALANCING_MESSAGES.noActiveNode]: 'Cần ít nhất một nút không phải dự phòng và không bị tạm ngưng',
  [BALANCING_MESSAGES.ipHashBackup]: 'IP hash không hỗ trợ nút dự phòng',
  [BALANCING_MESSAGES.nginxOnly]: 'Cân bằng tải cần nginx, trên bộ cân bằng tải và trên mọi nút',
  [BALANCING_MESSAGES.notConfigured]: 'Hãy thêm các nút và lưu lại trước',
  [BALANCING_MESSAGES.notBalancing]: 'Hãy bật cân bằng tải qua ít nhất một nút trước',
  [BALANCING_MESSAGES.noRepository]:
    'Hãy đặt kho mã và nhánh trên trang Triển khai trước: các nút sẽ triển khai chúng',
  [balancingApply.steps[0]!.title]: 'Cấu hình bộ cân bằng tải',
  [balancingRemove.steps[0]!.title]: 'Gỡ bộ cân bằng tải',
  [balancingBackendApply.steps[0]!.title]: 'Chỉ nhận lưu lượng của website từ bộ cân bằng tải',
  [balancingBackendRemove.steps[0]!.title]: 'Nhận lại lưu lượng của website từ mọi nơi',
  ...eventDescriptionsVi(BALANCING_EVENT_DESCRIPTIONS, {
    applyBalancer: 'Cân bằng tải {site} qua {count} nút',
    removeBalancer: 'Ngừng cân bằng tải {site}',
    applyBalancerBackend: 'Chỉ nhận lưu lượng của {site} từ bộ cân bằng tải {address}',
    removeBalancerBackend: 'Nhận lại lưu lượng của {site} từ mọi nơi',
    rollingDeploy: 'Triển khai {site} lên {count} nút, lần lượt từng nút',
  }),
};
