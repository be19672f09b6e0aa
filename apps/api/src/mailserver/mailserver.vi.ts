import {
  MAILSERVER_EVENT_DESCRIPTIONS,
  MAILSERVER_MESSAGES,
  MAIL_DELIVERABILITY_TEXTS,
} from '@hostdeck/contracts/mailserver';
import { mailserverRecipes } from '@hostdeck/recipes/mailserver';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

const M = MAILSERVER_MESSAGES;
const T = MAIL_DELIVERABILITY_TEXTS;
const configure = { configure: 'Kiểm tra cấu hình máy chủ thư' };

/**
 * Vietnamese for the messages of the mail server API, its deliverability texts, its event
 * descriptions and its recipes' steps (i18n/vi.ts merges it). The page's are in
 * apps/web/src/servers/mail/locales.
 */
export const mailserverVi: Record<string, string> = {
  [M.notInstalled]: 'Máy chủ thư chưa được cài trên máy chủ này',
  [M.domain]: 'Nhập một tên miền như example.com',
  [M.domainTaken]: 'Tên miền thư này đã có trên máy chủ này',
  [M.domainMissing]: 'Tên miền thư này không có trên máy chủ này',
  [M.domainInUse]: 'Hãy xóa các tài khoản và bí danh của tên miền này trước',
  [M.localPart]: 'Dùng 1 đến 64 chữ cái, chữ số và . _ + -, bắt đầu bằng một chữ cái hoặc chữ số',
  [M.address]: 'Nhập một địa chỉ email như name@example.com',
  [M.addressDomain]: 'Địa chỉ phải thuộc một trong các tên miền thư của máy chủ này',
  [M.accountTaken]: 'Đã có một tài khoản hoặc bí danh với địa chỉ này',
  [M.accountMissing]: 'Tài khoản thư này không có trên máy chủ này',
  [M.aliasMissing]: 'Bí danh này không có trên máy chủ này',
  [M.password]: 'Dùng 8 đến 128 ký tự in được',
  [M.quota]: 'Nhập hạn mức theo MB, 0 là không giới hạn',
  [M.sizeLimit]: 'Nhập kích thước theo MB, 0 là không giới hạn',
  [M.relayHost]: 'Nhập tên máy hoặc địa chỉ IP, có thể kèm cổng: smtp.example.com:587',
  [M.destinations]: 'Nhập từ 1 đến 50 địa chỉ',
  [M.certificate]: 'Trang web này không có chứng chỉ trên máy chủ này',
  [T.port25Open]: 'Cổng 25 ra ngoài đang mở: {target} đã trả lời',
  [T.port25Blocked]: 'Cổng 25 ra ngoài bị chặn: {target} không trả lời',
  [T.port25Unknown]:
    'Không kiểm tra được cổng 25 ra ngoài: máy chủ không phân giải được tên hoặc không ra được internet',
  [T.rdnsOk]: 'DNS ngược của {ip} là {name}, và tên này trỏ lại địa chỉ đó',
  [T.rdnsMismatch]: 'DNS ngược của {ip} là {name}, không phải máy chủ thư {hostname}',
  [T.rdnsMissing]: 'Địa chỉ {ip} chưa có DNS ngược: hãy nhờ nhà cung cấp máy chủ đặt thành {hostname}',
  [T.rdnsUnknown]: 'Không kiểm tra được DNS ngược: panel không kết nối được máy chủ DNS nào',
  [T.blocklistClean]: '{ip} không có trong danh sách chặn {list}',
  [T.blocklistListed]: '{ip} đang nằm trong danh sách chặn {list}',
  [T.blocklistUnknown]: 'Không kiểm tra được danh sách chặn: panel không hỏi được {list}',
  [T.privateAddress]: '{ip} là địa chỉ riêng: không thể kiểm tra từ internet',
  ...eventDescriptionsVi(MAILSERVER_EVENT_DESCRIPTIONS, {
    createMailDomain: 'Thêm tên miền thư {domain}',
    deleteMailDomain: 'Xóa tên miền thư {domain}',
    defaultMailDomain: 'Đặt {domain} làm tên miền thư mặc định',
    createMailAccount: 'Tạo tài khoản thư {address}',
    mailAccountPassword: 'Đổi mật khẩu của {address}',
    mailAccountQuota: 'Đặt hạn mức của {address} thành {quota} MB',
    deleteMailAccount: 'Xóa tài khoản thư {address}',
    saveMailAlias: 'Lưu bí danh {address}',
    deleteMailAlias: 'Xóa bí danh {address}',
    mailSettings: 'Thay đổi cài đặt thư',
    mailSsl: 'Thay đổi chứng chỉ của máy chủ thư',
  }),
  ...recipeStepTitlesVi(mailserverRecipes, {
    'mailserver-inventory': { read: 'Đọc máy chủ thư' },
    'mailserver-deliverability': { port25: 'Thử cổng 25 ra ngoài' },
    'mailserver-domain-add': { ...configure, domain: 'Thêm tên miền và khóa DKIM của nó' },
    'mailserver-domain-delete': { ...configure, domain: 'Gỡ tên miền và khóa DKIM của nó' },
    'mailserver-domain-default': { ...configure, default: 'Đặt làm tên miền mặc định' },
    'mailserver-account-create': { ...configure, account: 'Ghi tài khoản' },
    'mailserver-account-password': { ...configure, account: 'Ghi tài khoản' },
    'mailserver-account-quota': { ...configure, account: 'Ghi tài khoản' },
    'mailserver-account-delete': { ...configure, account: 'Gỡ tài khoản' },
    'mailserver-alias-save': { ...configure, alias: 'Ghi bí danh' },
    'mailserver-alias-delete': { ...configure, alias: 'Gỡ bí danh' },
    'mailserver-settings': { ...configure, settings: 'Áp dụng cài đặt thư' },
    'mailserver-ssl': { ...configure, ssl: 'Dùng chứng chỉ cho thư' },
  }),
};
