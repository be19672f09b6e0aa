/** Vietnamese for the messages of accounts (sign-in, registration, profile, two-factor, mail). */
export const accountsVi: Record<string, string> = {
  // Request grammars of contracts/accounts.ts.
  'The email must be a valid email address.': 'Email phải là một địa chỉ email hợp lệ.',
  'The password must be at least 8 characters.': 'Mật khẩu phải có ít nhất 8 ký tự.',
  'The password confirmation does not match.': 'Mật khẩu xác nhận không khớp.',
  'The code must be 6 digits.': 'Mã phải gồm 6 chữ số.',
  'The provided two factor recovery code was invalid.': 'Mã khôi phục xác thực hai lớp không hợp lệ.',
  'This password reset token is invalid.': 'Mã đặt lại mật khẩu này không hợp lệ.',
  'Verification Fail': 'Xác minh thất bại',
  // Sign-in and registration.
  'These credentials do not match our records.': 'Thông tin đăng nhập không khớp với dữ liệu của chúng tôi.',
  'The email has already been taken.': 'Email này đã được sử dụng.',
  'Your sign-in attempt has expired. Please sign in again.':
    'Lượt đăng nhập này đã hết hạn. Vui lòng đăng nhập lại.',
  'The provided two factor authentication code was invalid.': 'Mã xác thực hai lớp không hợp lệ.',
  'Your email address is not verified.': 'Địa chỉ email của bạn chưa được xác minh.',
  // Profile, password confirmation and two-factor settings.
  'The password is incorrect.': 'Mật khẩu không đúng.',
  'The provided password does not match your current password.':
    'Mật khẩu đã nhập không khớp với mật khẩu hiện tại của bạn.',
  'Two-factor authentication is not enabled.': 'Xác thực hai lớp chưa được bật.',
  'Choose a photo to upload.': 'Hãy chọn một ảnh để tải lên.',
  'The photo must be a PNG, JPEG or WebP image.': 'Ảnh phải là ảnh PNG, JPEG hoặc WebP.',
  'The photo must not be greater than 1024 kilobytes.': 'Ảnh không được lớn hơn 1024 kilobyte.',
};
