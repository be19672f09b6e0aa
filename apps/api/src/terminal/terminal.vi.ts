/** Vietnamese for the API messages of the terminal gateway and custom scripts; the i18n test fails on a missing one. */
export const terminalVi: Record<string, string> = {
  'The terminal link has expired, please reconnect': 'Liên kết terminal đã hết hạn, vui lòng kết nối lại',
  'The panel cannot reach this server': 'Bảng điều khiển không thể kết nối tới máy chủ này',
  'The terminal was closed after a long time without activity':
    'Terminal đã đóng do không hoạt động trong thời gian dài',
  'Your access to this server has ended': 'Quyền truy cập của bạn vào máy chủ này đã kết thúc',
  'The memo must be a single line': 'Ghi chú chỉ được có một dòng',
  'The script is too long': 'Script quá dài',
};
