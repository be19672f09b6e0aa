import { SOCIALITE_MESSAGES } from '@hostdeck/contracts/socialites';

/** Vietnamese for the social sign-in API's messages (i18n/vi.ts merges it). */
export const socialitesVi: Record<string, string> = {
  [SOCIALITE_MESSAGES.unknownProvider]: 'Hãy chọn GitHub hoặc Google',
  [SOCIALITE_MESSAGES.notConfigured]:
    'Đăng nhập bằng {provider} chưa được thiết lập trên bảng điều khiển này',
  [SOCIALITE_MESSAGES.state]:
    'Lượt đăng nhập này đã hết hạn hoặc không được bắt đầu trên trình duyệt này. Vui lòng thử lại.',
  [SOCIALITE_MESSAGES.denied]: 'Đăng nhập bằng {provider} đã bị hủy',
  [SOCIALITE_MESSAGES.exchange]: '{provider} không xác nhận lượt đăng nhập: {message}',
  [SOCIALITE_MESSAGES.unverifiedEmail]:
    'Tài khoản {provider} của bạn không có địa chỉ email đã xác minh. Hãy xác minh một email tại {provider} rồi thử lại.',
  [SOCIALITE_MESSAGES.emailTaken]:
    'Đã có tài khoản dùng email {email}. Hãy đăng nhập bằng mật khẩu, rồi liên kết {provider} từ trang hồ sơ.',
  [SOCIALITE_MESSAGES.linkedElsewhere]: 'Tài khoản {provider} này đã được liên kết với một tài khoản khác',
  [SOCIALITE_MESSAGES.alreadyLinked]: 'Tài khoản của bạn đã được liên kết với một tài khoản {provider}',
  [SOCIALITE_MESSAGES.notLinked]: 'Tài khoản của bạn chưa liên kết với {provider}',
  [SOCIALITE_MESSAGES.lastMethod]:
    'Hãy đặt mật khẩu hoặc liên kết một nhà cung cấp khác trước: đây là cách đăng nhập duy nhất của bạn',
};
