import { WIREGUARD_EVENT_DESCRIPTIONS, WIREGUARD_MESSAGES } from '@hostdeck/contracts/wireguard';
import { wireguardRecipes } from '@hostdeck/recipes/wireguard';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the messages of the WireGuard API, its event descriptions and its recipes' steps
 * (i18n/vi.ts merges it). The web's are in apps/web/src/servers/wireguard/locales.
 */
export const wireguardVi: Record<string, string> = {
  [WIREGUARD_MESSAGES.name]: 'Dùng 1 đến 32 chữ cái, chữ số và . _ -, bắt đầu bằng một chữ cái hoặc chữ số',
  [WIREGUARD_MESSAGES.nameTaken]: 'Máy chủ này đã có một client cùng tên',
  [WIREGUARD_MESSAGES.full]: 'Mọi địa chỉ của mạng WireGuard đều đã được dùng',
  [WIREGUARD_MESSAGES.busy]: 'Client này đang được thay đổi: hãy chờ sự kiện của nó kết thúc',
  [WIREGUARD_MESSAGES.notInstalled]: 'WireGuard chưa được cài trên máy chủ này',
  [WIREGUARD_MESSAGES.notReady]: 'Giao diện WireGuard chưa chạy trên máy chủ này',
  ...eventDescriptionsVi(WIREGUARD_EVENT_DESCRIPTIONS, {
    createWireguardClient: 'Tạo client WireGuard {name} ({address})',
    enableWireguardClient: 'Bật client WireGuard {name}',
    disableWireguardClient: 'Tắt client WireGuard {name}',
    deleteWireguardClient: 'Xóa client WireGuard {name}',
  }),
  ...recipeStepTitlesVi(wireguardRecipes, {
    'wireguard-inventory': { read: 'Đọc WireGuard' },
    'wireguard-peer-add': {
      interface: 'Thiết lập giao diện WireGuard',
      peer: 'Thêm peer ngay khi đang chạy và lưu lại',
    },
    'wireguard-peer-remove': { peer: 'Gỡ peer ngay khi đang chạy và khỏi cấu hình đã lưu' },
  }),
};
