import { SSH_PUBLIC_KEY_MESSAGES } from '@hostdeck/contracts/ssh-public-key';
import { USER_SSH_KEY_EVENT_DESCRIPTIONS, USER_SSH_KEY_MESSAGES } from '@hostdeck/contracts/user-ssh-keys';
import { eventDescriptionsVi } from '../events/events.vi.js';

/**
 * Vietnamese for the messages of the account SSH keys API and its event descriptions (i18n/vi.ts
 * merges it). The web's are in apps/web/src/user/ssh-keys/locales.
 */
export const userSshKeysVi: Record<string, string> = {
  [USER_SSH_KEY_MESSAGES.name]: 'Dùng 1 đến 64 chữ cái, chữ số, dấu cách và . _ -',
  [USER_SSH_KEY_MESSAGES.duplicate]: 'Khóa này đã có trong tài khoản của bạn',
  [USER_SSH_KEY_MESSAGES.stillPlaced]: 'Khóa này vẫn còn trên các máy chủ: hãy gỡ nó khỏi các máy chủ trước',
  [USER_SSH_KEY_MESSAGES.notPlaced]: 'Khóa này không có trên máy chủ nào',
  [USER_SSH_KEY_MESSAGES.users]: 'Chọn từ 1 đến 50 người dùng Linux khác nhau',
  [USER_SSH_KEY_MESSAGES.servers]: 'Chọn từ 1 đến 50 máy chủ khác nhau',
  [SSH_PUBLIC_KEY_MESSAGES.invalid]:
    'Đây không phải khóa công khai SSH: hãy dán một dòng như "ssh-ed25519 AAAA… tên"',
  [SSH_PUBLIC_KEY_MESSAGES.options]: 'Không thể thêm khóa có tùy chọn (command=, from=…)',
  ...eventDescriptionsVi(USER_SSH_KEY_EVENT_DESCRIPTIONS, {
    addUserSshKey: 'Thêm khóa SSH tài khoản {key} cho {users}',
    removeUserSshKey: 'Gỡ khóa SSH tài khoản {key} khỏi {users}',
  }),
};
