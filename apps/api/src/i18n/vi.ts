import { accountsVi } from '../accounts/accounts.vi.js';
import { agentVi } from '../agent/agent.vi.js';
import { applicationsVi } from '../applications/applications.vi.js';
import { serversVi } from '../servers/servers.vi.js';
import { certificatesVi } from '../certificates/certificates.vi.js';
import { databasesVi } from '../databases/databases.vi.js';
import { deploymentsVi } from '../deployments/deployments.vi.js';
import { eventsVi } from '../events/events.vi.js';
import { siteConfigsVi } from '../site-configs/site-configs.vi.js';
import { sitesVi } from '../sites/sites.vi.js';
import { teamsVi } from '../teams/teams.vi.js';
import { terminalVi } from '../terminal/terminal.vi.js';

/**
 * Vietnamese for every message the API sends; a unit test fails if one is missing. Areas with many
 * messages keep them beside their code (`<area>/<area>.vi.ts`).
 */
export const vi: Record<string, string> = {
  // First: an area's own translation of the same English wins, and a test finds the two differing.
  ...eventsVi,
  ...accountsVi,
  ...applicationsVi,
  ...teamsVi,
  ...serversVi,
  ...sitesVi,
  ...siteConfigsVi,
  ...certificatesVi,
  ...deploymentsVi,
  ...terminalVi,
  ...agentVi,
  ...databasesVi,
  'The given data was invalid.': 'Dữ liệu đã cho không hợp lệ.',
  '{message} (and {count} more errors)': '{message} (và {count} lỗi khác)',
  Required: 'Bắt buộc',
  'Must be a number': 'Phải là một số',
  'Must be a string': 'Phải là một chuỗi',
  'Max 255 characters': 'Tối đa 255 ký tự',
  'Invalid IP': 'IP không hợp lệ',
  'Must be a positive number': 'Phải là số dương',
  'This must be a valid URL': 'Đây phải là một URL hợp lệ',
  'Invalid value': 'Giá trị không hợp lệ',
  'value is not a valid cron expression': 'giá trị không phải là biểu thức cron hợp lệ',
  'You can not use special user': 'Bạn không thể dùng người dùng đặc biệt',
  'Not Found': 'Không tìm thấy',
  'The route {method}:{url} could not be found.': 'Không tìm thấy đường dẫn {method}:{url}.',
  'This action is unauthorized.': 'Bạn không có quyền thực hiện hành động này.',
  'Unauthenticated.': 'Chưa đăng nhập.',
  'CSRF token mismatch.': 'Mã CSRF không khớp.',
  'Too Many Attempts.': 'Quá nhiều lần thử.',
  '413 Request Entity Too Large': '413 Dữ liệu gửi lên quá lớn',
  'Server Error': 'Lỗi máy chủ',
  'The request body is not valid JSON.': 'Nội dung yêu cầu không phải JSON hợp lệ.',
};
