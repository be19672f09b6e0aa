import {
  PRIVATE_NETWORK_EVENT_DESCRIPTIONS,
  PRIVATE_NETWORK_MESSAGES,
} from '@hostdeck/contracts/private-networks';
import {
  privateNetworkJoin,
  privateNetworkLeave,
  privateNetworkPeers,
} from '@hostdeck/recipes/private-networks';
import { eventDescriptionsVi } from '../events/events.vi.js';

/**
 * Vietnamese for the private networks API: its messages, event descriptions and recipe step
 * titles (i18n/vi.ts merges it). The web's are under `wireguard.privateNetwork` in
 * apps/web/src/servers/wireguard/locales.
 */
export const privateNetworksVi: Record<string, string> = {
  [PRIVATE_NETWORK_MESSAGES.name]:
    'Dùng 1 đến 32 chữ thường, chữ số và dấu gạch ngang, bắt đầu bằng chữ cái hoặc chữ số',
  [PRIVATE_NETWORK_MESSAGES.duplicateName]: 'Bạn đã có một mạng riêng tên này',
  [PRIVATE_NETWORK_MESSAGES.servers]: 'Chọn từ 2 đến 50 máy chủ khác nhau',
  [PRIVATE_NETWORK_MESSAGES.alreadyMember]: 'Máy chủ này đã ở trong mạng',
  [PRIVATE_NETWORK_MESSAGES.notMember]: 'Máy chủ này không ở trong mạng',
  [PRIVATE_NETWORK_MESSAGES.busy]: 'Hãy chờ mạng thêm hoặc gỡ máy chủ xong',
  [PRIVATE_NETWORK_MESSAGES.full]: 'Mạng không còn địa chỉ trống',
  [privateNetworkJoin.steps[0]!.title]: 'Thiết lập giao diện mạng riêng',
  [privateNetworkPeers.steps[0]!.title]: 'Cập nhật các máy ngang hàng của mạng riêng',
  [privateNetworkLeave.steps[0]!.title]: 'Gỡ giao diện mạng riêng',
  'This server is no longer in the network': 'Máy chủ này không còn ở trong mạng',
  'The network no longer exists': 'Mạng không còn tồn tại',
  'The server did not print its public key': 'Máy chủ không trả về khóa công khai của nó',
  ...eventDescriptionsVi(PRIVATE_NETWORK_EVENT_DESCRIPTIONS, {
    joinPrivateNetwork: 'Tham gia mạng riêng {network} với địa chỉ {address}',
    setPrivateNetworkPeers: 'Cập nhật các máy ngang hàng của mạng riêng {network}',
    leavePrivateNetwork: 'Rời mạng riêng {network}',
  }),
};
