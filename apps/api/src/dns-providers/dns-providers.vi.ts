import { DNS_PROVIDER_MESSAGES } from '@hostdeck/contracts/dns-providers';
import { DNS_PROVIDER_ERROR_MESSAGES } from './dns-provider.js';
import { DNS_CREDENTIAL_MESSAGES } from './dns-providers.service.js';

/**
 * Vietnamese for the messages of the DNS providers API (i18n/vi.ts merges it). The web's are in
 * apps/web/src/user/dns/locales.
 */
export const dnsProvidersVi: Record<string, string> = {
  [DNS_PROVIDER_MESSAGES.name]: 'Dùng 1 đến 64 chữ cái, chữ số, dấu cách và . _ -',
  [DNS_PROVIDER_MESSAGES.duplicate]: 'Bạn đã có một thông tin xác thực DNS với tên này',
  [DNS_PROVIDER_MESSAGES.unknownProvider]: 'Hãy chọn một trong các nhà cung cấp DNS',
  [DNS_PROVIDER_MESSAGES.tokenRequired]: 'Hãy nhập API token',
  [DNS_PROVIDER_MESSAGES.token]: 'API token gồm 1 đến 512 ký tự in được, không có dấu cách',
  [DNS_PROVIDER_MESSAGES.account]: 'Dùng 1 đến 128 chữ cái, chữ số, _ và - (không đứng đầu)',
  [DNS_PROVIDER_MESSAGES.serverRequired]: 'Hãy chọn một máy chủ của bạn',
  [DNS_PROVIDER_MESSAGES.tokenRefused]: 'Nhà cung cấp đã từ chối token này: {message}',
  [DNS_PROVIDER_MESSAGES.refused]: 'Nhà cung cấp DNS đã từ chối: {message}',
  [DNS_PROVIDER_MESSAGES.rateLimited]:
    'Nhà cung cấp DNS đang giới hạn số yêu cầu: hãy thử lại sau {seconds} giây',
  [DNS_PROVIDER_MESSAGES.unreachable]: 'Không kết nối được tới nhà cung cấp DNS: {message}',
  [DNS_PROVIDER_MESSAGES.zoneNotFound]: 'Vùng này không thuộc thông tin xác thực này',
  [DNS_PROVIDER_MESSAGES.recordNotFound]: 'Bản ghi này không có trong vùng này',
  [DNS_PROVIDER_MESSAGES.typeNotSupported]: 'Nhà cung cấp này không nhận bản ghi {type}',
  [DNS_PROVIDER_MESSAGES.proxyNotSupported]: 'Nhà cung cấp này không có proxy',
  [DNS_PROVIDER_ERROR_MESSAGES.notFound]: 'Nhà cung cấp DNS không có vùng hoặc bản ghi này: {message}',
  [DNS_PROVIDER_ERROR_MESSAGES.unreachable]: 'Không kết nối được tới nhà cung cấp DNS',
  [DNS_PROVIDER_ERROR_MESSAGES.unexpectedRecord]:
    'Nhà cung cấp DNS trả về một bản ghi mà bảng điều khiển không đọc được',
  [DNS_PROVIDER_ERROR_MESSAGES.tokenNotActive]: 'API token này chưa được kích hoạt',
  [DNS_PROVIDER_ERROR_MESSAGES.tokenStatus]:
    'API token này chưa được kích hoạt: trạng thái của nó là {status}',
  [DNS_PROVIDER_ERROR_MESSAGES.noAccount]: 'Nhà cung cấp không trả về tài khoản của token này',
  [DNS_PROVIDER_ERROR_MESSAGES.accountLocked]: 'Tài khoản của token này đang bị khóa',
  [DNS_PROVIDER_ERROR_MESSAGES.credentialMissing]: 'Thông tin xác thực DNS {credential} không tồn tại',
  [DNS_PROVIDER_ERROR_MESSAGES.credentialNoToken]: 'Thông tin xác thực DNS {credential} không có token',
  [DNS_PROVIDER_ERROR_MESSAGES.providerUnknown]:
    'Thông tin xác thực DNS {credential} thuộc một nhà cung cấp mà bảng điều khiển này không hỗ trợ ({provider})',
  [DNS_CREDENTIAL_MESSAGES.freeDomainCredential]:
    'Thông tin xác thực DNS này đang giữ các tên miền miễn phí của bảng điều khiển (FREE_DOMAIN_CREDENTIAL): chỉ xóa được sau khi người quản trị cấu hình một thông tin xác thực khác',
};
