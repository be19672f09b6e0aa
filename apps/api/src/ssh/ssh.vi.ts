import { SSH_EVENT_DESCRIPTIONS, SSH_MESSAGES } from '@hostdeck/contracts/ssh';
import { sshRecipes } from '@hostdeck/recipes/ssh';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the SSH settings' API messages, event descriptions and recipe steps (i18n/vi.ts
 * merges it). The web's are in apps/web/src/servers/ssh/locales.
 */
export const sshVi: Record<string, string> = {
  [SSH_MESSAGES.rawLine]: 'Dòng {line} của văn bản:',
  [SSH_MESSAGES.line]:
    'Mỗi dòng phải có dạng "Từ_khóa giá_trị" với từ khóa trong danh sách (không dùng Match, không dùng Include)',
  [SSH_MESSAGES.keyword]: 'Không thể đặt từ khóa này từ bảng điều khiển',
  [SSH_MESSAGES.value]: 'Chỉ dùng chữ cái, chữ số, dấu cách và . , : @ * ? ! / + = _ -',
  [SSH_MESSAGES.duplicate]: 'Từ khóa này được khai báo hai lần',
  [SSH_MESSAGES.yesNo]: 'Dùng yes hoặc no',
  [SSH_MESSAGES.permitRootLogin]: 'Dùng yes, prohibit-password, forced-commands-only hoặc no',
  [SSH_MESSAGES.allowUsers]: 'Dùng tên người dùng hoặc mẫu user@host, cách nhau bằng dấu cách',
  [SSH_MESSAGES.number]: 'Dùng một số nguyên',
  [SSH_MESSAGES.maxAuthTries]: 'Dùng một số từ 1 đến 100',
  [SSH_MESSAGES.clientAliveInterval]: 'Dùng số giây từ 0 đến 86400',
  [SSH_MESSAGES.portInRaw]: 'Hãy đặt cổng bằng biểu mẫu, không đặt trong văn bản',
  [SSH_MESSAGES.rootLoginOff]:
    'Bảng điều khiển đăng nhập bằng root: PermitRootLogin no sẽ khóa bảng điều khiển ở ngoài',
  [SSH_MESSAGES.rootPasswordOff]:
    'Bảng điều khiển đăng nhập bằng root với mật khẩu: PermitRootLogin prohibit-password sẽ khóa bảng điều khiển ở ngoài',
  [SSH_MESSAGES.passwordOff]:
    'Bảng điều khiển đăng nhập bằng mật khẩu: PasswordAuthentication no sẽ khóa bảng điều khiển ở ngoài',
  [SSH_MESSAGES.pubkeyOff]:
    'Bảng điều khiển đăng nhập bằng khóa của nó: PubkeyAuthentication no sẽ khóa bảng điều khiển ở ngoài',
  [SSH_MESSAGES.userNotAllowed]: 'Bảng điều khiển đăng nhập bằng {user}: AllowUsers phải có người dùng này',
  [SSH_MESSAGES.userDenied]: 'Bảng điều khiển đăng nhập bằng {user}: DenyUsers không được có người dùng này',
  [SSH_MESSAGES.methodsOff]:
    'Bảng điều khiển đăng nhập bằng {method}: AuthenticationMethods phải cho phép riêng cách này',
  [SSH_MESSAGES.confirm]: 'Nhập tên máy chủ để xác nhận',
  [SSH_MESSAGES.invalid]: 'Giá trị không hợp lệ',
  ...eventDescriptionsVi(SSH_EVENT_DESCRIPTIONS, {
    updateSshdConfig: 'Thay đổi cài đặt SSH',
    changeSshPort: 'Chuyển SSH từ cổng {previous} sang cổng {port}',
  }),
  ...recipeStepTitlesVi(sshRecipes, {
    'ssh-inventory': { read: 'Đọc cài đặt SSH' },
    'ssh-config': {
      'open-port': 'Mở cổng SSH mới trên tường lửa',
      apply: 'Ghi, kiểm tra và nạp lại cài đặt SSH',
      confirm: 'Xác nhận bảng điều khiển vẫn vào được',
      'close-port': 'Đóng cổng SSH cũ trên tường lửa',
    },
  }),
};
