import { SERVER_MESSAGES } from './server-messages.js';

type ServerMessage = (typeof SERVER_MESSAGES)[keyof typeof SERVER_MESSAGES];

/** Vietnamese for the messages of connecting and managing servers (server-errors.ts, contracts). */
export const serversVi: Record<ServerMessage | 'Invalid time zone', string> = {
  [SERVER_MESSAGES.wrongPassword]: 'Máy chủ đã từ chối mật khẩu root.',
  [SERVER_MESSAGES.addressRefused]:
    'Bảng điều khiển không kết nối máy chủ tại {address}: các địa chỉ loopback, link-local, metadata của nhà cung cấp đám mây, multicast, broadcast và địa chỉ dành riêng đều bị từ chối.',
  [SERVER_MESSAGES.refused]:
    'Không thể kết nối tới {address}: kết nối bị từ chối. SSH có đang lắng nghe trên cổng này không?',
  [SERVER_MESSAGES.timedOut]: 'Không thể kết nối tới {address}: không có phản hồi trong {seconds} giây.',
  [SERVER_MESSAGES.hostUnreachable]: 'Không thể kết nối tới {address}: không tới được máy chủ.',
  [SERVER_MESSAGES.networkUnreachable]: 'Không thể kết nối tới {address}: không tới được mạng.',
  [SERVER_MESSAGES.closed]: 'Không thể kết nối tới {address}: máy chủ đã đóng kết nối.',
  [SERVER_MESSAGES.otherConnection]: 'Không thể kết nối tới {address}: {reason}',
  [SERVER_MESSAGES.lost]: 'Mất kết nối tới {address}.',
  [SERVER_MESSAGES.hostKeyChanged]:
    'Khóa định danh (host key) của máy chủ đã thay đổi (mong đợi {expected}, nhận được {actual}). ' +
    'Nếu bạn đã cài lại máy chủ hoặc đổi khóa của nó, hãy đặt lại host key đã ghi nhận (trang SSH, thẻ Cài đặt SSH) rồi kết nối lại; nếu không, có thể ai đó đang chặn kết nối.',
  [SERVER_MESSAGES.otherHost]: 'Máy chủ tại {address} có host key khác: đó không phải là máy chủ này.',
  [SERVER_MESSAGES.keyNotInstalled]:
    'Máy chủ chưa chấp nhận khóa của bảng điều khiển. Hãy chạy lệnh cài đặt trên máy chủ với quyền root, rồi kết nối lại.',
  [SERVER_MESSAGES.keyRefused]:
    'Máy chủ đã từ chối khóa của bảng điều khiển. Nếu khóa đã bị xóa khỏi authorized_keys của root, hãy lưu mật khẩu root rồi kết nối lại.',
  [SERVER_MESSAGES.keyAndPasswordRefused]:
    'Máy chủ đã từ chối cả khóa của bảng điều khiển lẫn mật khẩu root đã lưu.',
  [SERVER_MESSAGES.keyRefusedAfterPassword]:
    'Máy chủ chấp nhận mật khẩu root nhưng không chấp nhận khóa của bảng điều khiển. Hãy kiểm tra rằng xác thực bằng khóa công khai đang được bật trong cấu hình SSH của máy chủ.',
  [SERVER_MESSAGES.tooSlow]: 'Máy chủ không phản hồi kịp thời.',
  [SERVER_MESSAGES.unsupportedOs]:
    'Máy chủ này chạy {os}, hệ điều hành mà bảng điều khiển không hỗ trợ. Được hỗ trợ: Ubuntu 20.04, 22.04 và 24.04, và Debian 12.',
  [SERVER_MESSAGES.unreadableOutput]: 'Máy chủ trả về dữ liệu mà bảng điều khiển không đọc được.',
  [SERVER_MESSAGES.commandFailed]: 'Một lệnh đã thất bại trên máy chủ.',
  [SERVER_MESSAGES.notConnected]:
    'Hãy kết nối máy chủ trước: chạy lệnh cài đặt trên máy chủ với quyền root, rồi nhấn Kết nối.',
  [SERVER_MESSAGES.protected]: 'Máy chủ này đang được bảo vệ. Hãy tắt bảo vệ để xóa nó.',
  [SERVER_MESSAGES.balancing]:
    'Một trang web của máy chủ này là bộ cân bằng tải. Hãy tắt cân bằng tải của nó trước để các nút lại phục vụ mọi người.',
  [SERVER_MESSAGES.nameMismatch]: 'Tên không khớp với tên của máy chủ.',
  [SERVER_MESSAGES.provisioning]: 'Máy chủ này đang được cài đặt.',
  [SERVER_MESSAGES.hotfixRunning]: 'Một bản sửa lỗi nhanh (hotfix) đang chạy trên máy chủ này.',
  'Invalid time zone': 'Múi giờ không hợp lệ',
};
