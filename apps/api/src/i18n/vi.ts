import { AREAS } from '../areas.js';
import { eventsVi } from '../events/events.vi.js';
import { serverSectionsVi } from '../server-sections/server-section-messages.js';

/** Messages of no one area: validation, the error handler's, the recipe-backed sections'. */
const shared: Record<string, string> = {
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

let catalogue: Record<string, string> | undefined;

/**
 * The areas' messages (areas.ts; an area with many keeps them beside its code, `<area>.vi.ts`),
 * then the shared ones. Built on first use, not at import: areas.ts imports every area, and the
 * areas' code imports the translator.
 */
function vietnamese(): Record<string, string> {
  catalogue ??= {
    // First: an area's own translation of the same English wins, and a test finds the two differing.
    ...eventsVi,
    ...serverSectionsVi,
    ...Object.assign({}, ...AREAS.map((area) => area.messages ?? {})),
    ...shared,
  } as Record<string, string>;
  return catalogue;
}

/**
 * Vietnamese for every message the API sends; a unit test fails if one is missing. Read like a
 * plain object (`vi[message]`, `Object.entries(vi)`).
 */
export const vi: Readonly<Record<string, string>> = new Proxy({} as Record<string, string>, {
  get: (_target, key) => (typeof key === 'string' ? vietnamese()[key] : undefined),
  has: (_target, key) => typeof key === 'string' && key in vietnamese(),
  ownKeys: () => Reflect.ownKeys(vietnamese()),
  getOwnPropertyDescriptor: (_target, key) => {
    const value = typeof key === 'string' ? vietnamese()[key] : undefined;
    return value === undefined ? undefined : { value, enumerable: true, configurable: true, writable: false };
  },
});
