import { CERTIFICATE_MESSAGES } from '@hostdeck/contracts';
import { CERTIFICATE_NAME_MESSAGES } from './certificate-name-check.js';

/** Vietnamese for the API messages of this area (SSL certificates); the i18n test fails on a missing one. */
export const certificatesVi: Record<string, string> = {
  [CERTIFICATE_MESSAGES.installFailed]: 'Không thể cài đặt chứng chỉ SSL cho website với tên miền {0}',
  [CERTIFICATE_MESSAGES.certificateInvalid]: 'Đây không phải là chứng chỉ PEM hợp lệ.',
  [CERTIFICATE_MESSAGES.privateKeyInvalid]:
    'Đây không phải là khóa riêng PEM hợp lệ (không dùng được khóa được bảo vệ bằng mật khẩu).',
  [CERTIFICATE_MESSAGES.keyMismatch]: 'Chứng chỉ không khớp với khóa riêng.',
  [CERTIFICATE_MESSAGES.expired]: 'Chứng chỉ đã hết hạn.',
  [CERTIFICATE_MESSAGES.wildcardHttp]:
    "Let's Encrypt không thể cấp chứng chỉ wildcard bằng xác thực HTTP: {domain}",
  [CERTIFICATE_MESSAGES.domainNotOnSite]: '{domain} không phải là website này hay một bí danh của nó.',
  [CERTIFICATE_MESSAGES.notCovered]: 'Chứng chỉ không bao gồm {domain}.',
  [CERTIFICATE_MESSAGES.aliasSite]: 'SSL của một bí danh được quản lý trên website gốc.',
  [CERTIFICATE_MESSAGES.notIssued]: 'Chứng chỉ này chưa được cấp.',
  [CERTIFICATE_MESSAGES.notActive]: 'Chứng chỉ này không được kích hoạt.',
  [CERTIFICATE_MESSAGES.notCsr]: 'Chỉ chứng chỉ tạo từ CSR mới nhận được chứng chỉ đã ký.',
  [CERTIFICATE_MESSAGES.issuing]: 'Một chứng chỉ đang được cấp cho website này.',
  [CERTIFICATE_MESSAGES.nothingToRenew]:
    "Website này không có chứng chỉ Let's Encrypt đang hoạt động để gia hạn.",
  [CERTIFICATE_MESSAGES.sameSite]: 'Hãy chọn một website khác.',
  [CERTIFICATE_MESSAGES.country]: 'Dùng mã quốc gia hai chữ cái (ví dụ VN hoặc US).',
  [CERTIFICATE_MESSAGES.text]: 'Tối đa 64 ký tự, không có ký tự điều khiển hay các ký tự / \\ + = , < > " ;',
  [CERTIFICATE_MESSAGES.tooManyDomains]: 'Tối đa 100 tên miền.',
  'The renewal has started.': 'Đã bắt đầu gia hạn.',
  [CERTIFICATE_NAME_MESSAGES.reserved]:
    '{domain} không thể có chứng chỉ công khai: các tên thuộc .{suffix} được dành cho mạng riêng hoặc để thử nghiệm.',
  [CERTIFICATE_NAME_MESSAGES.notPublic]:
    '{domain} không thể có chứng chỉ công khai: đây không phải là một tên miền công khai.',
  [CERTIFICATE_NAME_MESSAGES.unresolved]:
    '{domain} chưa phân giải được trong DNS: hãy trỏ bản ghi A (hoặc AAAA) của nó về máy chủ này ({ip}) rồi thử lại.',
  [CERTIFICATE_NAME_MESSAGES.elsewhere]:
    '{domain} đang trỏ tới {addresses}, không phải máy chủ này ({ip}): hãy trỏ bản ghi A (hoặc AAAA) của nó về {ip} rồi thử lại.',
  [CERTIFICATE_NAME_MESSAGES.lookupFailed]:
    'Không tra cứu được {domain} trong DNS ({error}): hãy thử lại sau ít phút.',
};
