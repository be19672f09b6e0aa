import { ALERT_MESSAGES } from '@hostdeck/contracts/alerts';
import {
  ALERT_DETAIL_TEXT,
  ALERT_RESOLVED_FALLBACK,
  ALERT_RESOLVED_TEXTS,
  ALERT_TEST_TEXT,
  ALERT_TEXTS,
  TELEGRAM_LINKED_TEXT,
  TELEGRAM_UNKNOWN_CODE_TEXT,
} from './alert-texts.js';

/** Vietnamese for the alerts' messages and the area's errors (i18n/vi.ts merges it). */
export const alertsVi: Record<string, string> = {
  [ALERT_TEXTS['deployment.finished']]: 'Triển khai {site} trên {server} đã hoàn tất',
  [ALERT_TEXTS['deployment.failed']]: 'Triển khai {site} trên {server} thất bại',
  [ALERT_TEXTS['backup.failed']]: 'Sao lưu {backup} trên {server} thất bại',
  [ALERT_TEXTS['backup.partial']]: 'Sao lưu {backup} trên {server} hoàn tất nhưng có lỗi',
  [ALERT_TEXTS['backup.verification_failed']]: 'Kiểm tra bản sao lưu {backup} trên {server} thất bại',
  [ALERT_TEXTS['cron.failed']]: 'Tác vụ cron {job} trên {server} thất bại',
  [ALERT_TEXTS['server.unreachable']]: 'Không kết nối được tới máy chủ {server}',
  [ALERT_TEXTS['server.disk']]: 'Dung lượng đĩa trên {server} vượt ngưỡng: {percent}%',
  [ALERT_TEXTS['server.cpu']]: 'Mức dùng CPU trên {server} vượt ngưỡng: {percent}%',
  [ALERT_TEXTS['server.memory']]: 'Mức dùng bộ nhớ trên {server} vượt ngưỡng: {percent}%',
  [ALERT_TEXTS['certificate.expiring']]: 'Chứng chỉ của {site} hết hạn vào {date}',
  [ALERT_TEXTS['certificate.renewal_failed']]: 'Gia hạn chứng chỉ của {site} thất bại',
  [ALERT_TEXTS['login.new_address']]: 'Tài khoản của bạn vừa được đăng nhập từ địa chỉ mới {address}',
  [ALERT_RESOLVED_TEXTS['server.unreachable']!]: 'Máy chủ {server} đã kết nối lại được',
  [ALERT_RESOLVED_TEXTS['server.disk']!]: 'Dung lượng đĩa trên {server} đã trở lại dưới ngưỡng',
  [ALERT_RESOLVED_TEXTS['server.cpu']!]: 'Mức dùng CPU trên {server} đã trở lại dưới ngưỡng',
  [ALERT_RESOLVED_TEXTS['server.memory']!]: 'Mức dùng bộ nhớ trên {server} đã trở lại dưới ngưỡng',
  [ALERT_RESOLVED_FALLBACK]: 'Đã khắc phục: {message}',
  [ALERT_TEST_TEXT]: 'Tin nhắn thử từ {brand}: kênh này hoạt động.',
  [ALERT_DETAIL_TEXT]: 'Chi tiết: {detail}',
  [TELEGRAM_LINKED_TEXT]: 'Cuộc trò chuyện này sẽ nhận cảnh báo từ {brand} ({channel}).',
  [TELEGRAM_UNKNOWN_CODE_TEXT]:
    'Mã liên kết này không hợp lệ hoặc đã hết hạn. Hãy mở phần cài đặt thông báo trong {brand} để lấy mã mới.',
  [ALERT_MESSAGES.url]: 'Hãy nhập một địa chỉ http:// hoặc https://',
  [ALERT_MESSAGES.urlRefused]: 'Địa chỉ này không được phép: {reason}',
  [ALERT_MESSAGES.telegramOff]: 'Telegram chưa được thiết lập trên bảng điều khiển này',
  [ALERT_MESSAGES.notTeamOwner]: 'Chỉ chủ sở hữu nhóm mới quản lý được các kênh thông báo của nhóm',
  [ALERT_MESSAGES.notLinked]: 'Hãy liên kết một cuộc trò chuyện Telegram trước',
  [ALERT_MESSAGES.sendFailed]: 'Tin nhắn thử không gửi được: {reason}',
};
