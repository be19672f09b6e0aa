import { VPS_EVENT_DESCRIPTIONS, VPS_MESSAGES } from '@hostdeck/contracts/vps';

/**
 * Vietnamese for the messages of the VPS providers API (i18n/vi.ts merges it). The web's are in
 * apps/web/src/user/vps/locales.
 */
export const vpsVi: Record<string, string> = {
  [VPS_MESSAGES.name]: 'Dùng 1 đến 64 chữ cái, chữ số, dấu cách và . _ -',
  [VPS_MESSAGES.duplicate]: 'Bạn đã có một thông tin xác thực VPS với tên này',
  [VPS_MESSAGES.unknownProvider]: 'Hãy chọn một trong các nhà cung cấp VPS',
  [VPS_MESSAGES.token]: 'API token gồm 1 đến 512 ký tự in được, không có dấu cách',
  [VPS_MESSAGES.tokenRefused]: 'Nhà cung cấp đã từ chối token này: {message}',
  [VPS_MESSAGES.refused]: 'Nhà cung cấp VPS đã từ chối: {message}',
  [VPS_MESSAGES.quota]: 'Nhà cung cấp VPS đã từ chối vì tài khoản của bạn đã chạm giới hạn: {message}',
  [VPS_MESSAGES.rateLimited]: 'Nhà cung cấp VPS đang giới hạn số yêu cầu: hãy thử lại sau {seconds} giây',
  [VPS_MESSAGES.unreachable]: 'Không kết nối được tới nhà cung cấp VPS: {message}',
  [VPS_MESSAGES.unexpected]: 'Nhà cung cấp VPS trả về dữ liệu mà bảng điều khiển không đọc được',
  [VPS_MESSAGES.credentialNotFound]: 'Hãy chọn một thông tin xác thực của bạn thuộc nhà cung cấp này',
  [VPS_MESSAGES.noCredential]: 'Hãy thêm một thông tin xác thực của nhà cung cấp này trước',
  [VPS_MESSAGES.regionNotFound]: 'Nhà cung cấp không có khu vực này',
  [VPS_MESSAGES.planNotFound]: 'Gói này không có ở khu vực này',
  [VPS_MESSAGES.notAtProvider]: 'Máy chủ này không được tạo tại một nhà cung cấp',
  [VPS_MESSAGES.notLabelled]:
    'Máy tại nhà cung cấp không được gắn nhãn là do bảng điều khiển này tạo: hãy xóa nó trong trang quản trị của nhà cung cấp',
  [VPS_MESSAGES.machineGone]: 'Máy không còn tồn tại tại nhà cung cấp',
  [VPS_MESSAGES.notFailed]: 'Chỉ có thể tiếp tục một lần tạo đã thất bại',
  [VPS_EVENT_DESCRIPTIONS.createAtProvider]: 'Tạo máy chủ tại {provider}',
};
