import { FREE_DOMAIN_MESSAGES } from './free-domains.service.js';

type FreeDomainMessage = (typeof FREE_DOMAIN_MESSAGES)[keyof typeof FREE_DOMAIN_MESSAGES];

/** Vietnamese for the API messages of free domains; its type requires every message. */
export const freeDomainsVi: Record<FreeDomainMessage, string> = {
  [FREE_DOMAIN_MESSAGES.recordFailed]: 'Không thể tạo bản ghi DNS cho tên miền miễn phí: {reason}',
  [FREE_DOMAIN_MESSAGES.noName]: 'Không tìm được tên trống trong {zone}: hãy thử lại',
  [FREE_DOMAIN_MESSAGES.zoneMissing]: 'Vùng {zone} không thuộc thông tin xác thực DNS của tên miền miễn phí',
};
