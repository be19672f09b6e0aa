import { SSH_KEY_EVENT_DESCRIPTIONS, SSH_KEY_MESSAGES } from '@hostdeck/contracts/ssh-keys';
import { SSH_PUBLIC_KEY_MESSAGES } from '@hostdeck/contracts/ssh-public-key';
import { sshKeyRecipes } from '@hostdeck/recipes/ssh-keys';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the messages of the SSH keys API, its event descriptions and its recipes' steps
 * (i18n/vi.ts merges it). The web's are in apps/web/src/servers/ssh-keys/locales.
 */
export const sshKeysVi: Record<string, string> = {
  [SSH_PUBLIC_KEY_MESSAGES.invalid]:
    'Đây không phải khóa công khai SSH: hãy dán một dòng như "ssh-ed25519 AAAA… tên"',
  [SSH_PUBLIC_KEY_MESSAGES.options]: 'Không thể thêm khóa có tùy chọn (command=, from=…)',
  'Invalid key fingerprint': 'Dấu vân tay khóa không hợp lệ',
  [SSH_KEY_MESSAGES.users]: 'Chọn từ 1 đến 50 người dùng',
  [SSH_KEY_MESSAGES.userTwice]: 'Một người dùng được chọn hai lần',
  [SSH_KEY_MESSAGES.name]: 'Dùng tối đa 64 chữ cái, chữ số và @ . _ + = : , / - (không dấu cách)',
  [SSH_KEY_MESSAGES.panelKey]:
    'Không thể gỡ khóa của chính bảng điều khiển: bảng điều khiển sẽ mất quyền truy cập máy chủ',
  [SSH_KEY_MESSAGES.unknownUser]: 'Máy chủ không có người dùng này',
  [SSH_KEY_MESSAGES.noDefaultUser]: 'Máy chủ này không có người dùng mặc định',
  ...eventDescriptionsVi(SSH_KEY_EVENT_DESCRIPTIONS, {
    addServerSshKey: 'Thêm khóa SSH {fingerprint} cho {users}',
    removeServerSshKey: 'Gỡ khóa SSH {fingerprint} khỏi {users}',
    grantRootSshKey: 'Cấp quyền root cho khóa SSH {fingerprint}',
  }),
  ...recipeStepTitlesVi(sshKeyRecipes, {
    'ssh-keys-inventory': { read: 'Đọc các khóa SSH' },
    'ssh-keys-add': { add: 'Thêm khóa vào authorized_keys' },
    'ssh-keys-remove': { remove: 'Gỡ khóa khỏi authorized_keys' },
    'ssh-key-github': { make: 'Tạo khóa GitHub' },
  }),
};
