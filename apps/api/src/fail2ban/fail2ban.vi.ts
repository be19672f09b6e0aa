import { FAIL2BAN_EVENT_DESCRIPTIONS, FAIL2BAN_MESSAGES } from '@hostdeck/contracts/fail2ban';
import { fail2banRecipes } from '@hostdeck/recipes/fail2ban';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the messages of the Fail2Ban API, its event descriptions and its recipes' steps
 * (i18n/vi.ts merges it). The web's are in apps/web/src/servers/fail2ban/locales.
 */
export const fail2banVi: Record<string, string> = {
  [FAIL2BAN_MESSAGES.jail]: 'Tên jail không hợp lệ',
  [FAIL2BAN_MESSAGES.preset]: 'Hãy chọn một trong các mẫu có sẵn',
  [FAIL2BAN_MESSAGES.ipOrCidr]: 'Dùng một địa chỉ IPv4 hoặc IPv6, hoặc một dải mạng như 203.0.113.0/24',
  [FAIL2BAN_MESSAGES.duplicate]: 'Địa chỉ này được liệt kê hai lần',
  [FAIL2BAN_MESSAGES.maxretry]: 'Dùng một số nguyên từ 1 đến 100',
  [FAIL2BAN_MESSAGES.findtime]: 'Dùng một số giây nguyên từ 60 đến 604800 (một tuần)',
  [FAIL2BAN_MESSAGES.bantime]: 'Dùng một số giây nguyên từ 60 đến 31536000 (một năm)',
  ...eventDescriptionsVi(FAIL2BAN_EVENT_DESCRIPTIONS, {
    createFail2banJail: 'Tạo jail Fail2Ban {jail}',
    updateFail2banJail: 'Thay đổi jail Fail2Ban {jail}',
    enableFail2banJail: 'Bật jail Fail2Ban {jail}',
    disableFail2banJail: 'Tắt jail Fail2Ban {jail}',
    deleteFail2banJail: 'Xóa jail Fail2Ban {jail}',
    unbanFail2banIp: 'Bỏ chặn {ip} trong Fail2Ban',
    banFail2banIp: 'Chặn {ip} trong jail Fail2Ban {jail}',
    saveFail2banAllowList: 'Lưu danh sách cho phép của Fail2Ban',
    startFail2ban: 'Khởi động Fail2Ban',
  }),
  ...recipeStepTitlesVi(fail2banRecipes, {
    'fail2ban-inventory': { read: 'Đọc Fail2Ban' },
    'fail2ban-jail': {
      apply: 'Ghi và kiểm tra jail, rồi nạp lại Fail2Ban',
      confirm: 'Xác nhận bảng điều khiển vẫn kết nối được máy chủ',
    },
    'fail2ban-allow-list': {
      apply: 'Ghi danh sách cho phép, rồi nạp lại Fail2Ban',
      confirm: 'Xác nhận bảng điều khiển vẫn kết nối được máy chủ',
      unban: 'Bỏ chặn các địa chỉ được cho phép',
    },
    'fail2ban-ban': { ban: 'Thay đổi các lệnh chặn' },
  }),
};
