import { GIT_PROVIDER_MESSAGES } from '@hostdeck/contracts/git-providers';

/**
 * Vietnamese for the messages of the git providers API (i18n/vi.ts merges it). The web's are in
 * apps/web/src/user/git/locales.
 */
export const gitProvidersVi: Record<string, string> = {
  [GIT_PROVIDER_MESSAGES.unknownProvider]: 'Hãy chọn GitHub, GitLab hoặc Bitbucket',
  [GIT_PROVIDER_MESSAGES.organization]:
    'Tổ chức gồm 1 đến 255 chữ cái, chữ số và . _ - (không đứng đầu), các nhóm cách nhau bởi /',
  [GIT_PROVIDER_MESSAGES.repository]:
    'Kho mã có dạng chủ-sở-hữu/tên: chữ cái, chữ số và . _ - (không đứng đầu), các nhóm cách nhau bởi /',
  [GIT_PROVIDER_MESSAGES.branch]:
    'Nhánh gồm 1 đến 255 chữ cái, chữ số và . _ - / (không đứng đầu), không có ".." hoặc "//"',
  [GIT_PROVIDER_MESSAGES.notConfigured]:
    '{provider} chưa được thiết lập trên bảng điều khiển này: người quản trị cần thêm ứng dụng OAuth của nó',
  [GIT_PROVIDER_MESSAGES.notConnected]: 'Hãy kết nối tài khoản {provider} của bạn trước',
  [GIT_PROVIDER_MESSAGES.expiredGithub]: 'Access token GitHub đã hết hạn!',
  [GIT_PROVIDER_MESSAGES.expiredGitlab]: 'Access token GitLab đã hết hạn!',
  [GIT_PROVIDER_MESSAGES.expiredBitbucket]: 'Access token Bitbucket đã hết hạn!',
  [GIT_PROVIDER_MESSAGES.rateLimited]: '{provider} đang giới hạn số yêu cầu: hãy thử lại sau {seconds} giây',
  [GIT_PROVIDER_MESSAGES.refused]: '{provider} đã từ chối: {message}',
  [GIT_PROVIDER_MESSAGES.notFound]:
    '{provider} không có tổ chức, kho mã hoặc nhánh này, hoặc tài khoản này không xem được',
  [GIT_PROVIDER_MESSAGES.unreachable]: 'Không kết nối được tới {provider}: {message}',
};
