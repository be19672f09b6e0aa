/** Vietnamese for the messages of server transfer (contracts server-transfer.ts). */
export const serverTransferVi: Record<string, string> = {
  'You cannot transfer a server to yourself.': 'Bạn không thể chuyển máy chủ cho chính mình.',
  'This server already has a pending transfer.': 'Máy chủ này đang có một yêu cầu chuyển chờ xử lý.',
  'This transfer has expired. Ask the owner to offer it again.':
    'Yêu cầu chuyển này đã hết hạn. Hãy đề nghị chủ sở hữu gửi lại.',
  'This transfer is no longer pending.': 'Yêu cầu chuyển này không còn chờ xử lý.',
  'Take the server out of its private networks before transferring it.':
    'Hãy đưa máy chủ ra khỏi các mạng riêng của nó trước khi chuyển.',
  'The panel has no key for this server yet: connect it before transferring it.':
    'Bảng điều khiển chưa có khóa cho máy chủ này: hãy kết nối máy chủ trước khi chuyển.',
  'The key rotation of this transfer has not failed: there is nothing to retry.':
    'Việc thay khóa của lần chuyển này không thất bại: không có gì để chạy lại.',
  "Rotate the panel's SSH key after the transfer of {server}":
    'Thay khóa SSH của bảng điều khiển sau khi chuyển {server}',
  "Replace the panel's key": 'Thay khóa của bảng điều khiển',
};
