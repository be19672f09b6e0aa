import { API_TOKEN_MESSAGES } from '@hostdeck/contracts/api-tokens';

/** Vietnamese for the API tokens' messages (i18n/vi.ts merges it); the web's are in apps/web/src/user/api-tokens/locales. */
export const apiTokensVi: Record<string, string> = {
  [API_TOKEN_MESSAGES.name]: 'Dùng 1 đến 64 chữ cái, chữ số, dấu cách và . _ -',
  [API_TOKEN_MESSAGES.scopes]: 'Chọn ít nhất một phạm vi',
  [API_TOKEN_MESSAGES.expiry]: 'Chọn 7, 30, 90 hoặc 365 ngày, hoặc không hết hạn',
  [API_TOKEN_MESSAGES.missingScope]: 'Token này không có phạm vi mà lệnh gọi này cần.',
  [API_TOKEN_MESSAGES.sessionOnly]: 'Token API chỉ được quản lý từ một phiên đăng nhập trên trình duyệt.',
  [API_TOKEN_MESSAGES.tooMany]: 'Bạn chỉ có thể giữ tối đa 50 token API.',
  [API_TOKEN_MESSAGES.teamOnly]: 'Token của nhóm chỉ truy cập được máy chủ, trang web và sự kiện của nhóm.',
  [API_TOKEN_MESSAGES.teamTooMany]: 'Một nhóm chỉ có thể giữ tối đa 50 token API.',
};
