import { SOURCECODE_MESSAGES } from '@hostdeck/contracts/sourcecode';

/** Vietnamese for Install Source Code's messages. */
export const sourcecodeVi: Record<string, string> = {
  [SOURCECODE_MESSAGES.alias]:
    'Bí danh dùng chung mã nguồn của trang web gốc: hãy cài đặt mã nguồn trên trang web gốc',
  [SOURCECODE_MESSAGES.agent]: 'Trang web của agent phục vụ agent: không thể cài mã nguồn lên đó',
  [SOURCECODE_MESSAGES.installed]:
    'Trang web này đã có mã nguồn ({codeType}): hãy thay đổi trên trang Triển khai',
  [SOURCECODE_MESSAGES.noSshUrl]: '{provider} không cung cấp địa chỉ SSH cho kho mã này',
  [SOURCECODE_MESSAGES.noBranch]: 'Kho mã không có nhánh {branch}',
};
