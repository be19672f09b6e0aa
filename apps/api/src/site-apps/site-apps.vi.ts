import { SITE_APP_MESSAGES, SITE_APPS_EVENT_DESCRIPTIONS } from '@hostdeck/contracts/site-apps';
import {
  siteAppInstall,
  siteAppUninstall,
  siteCodeGitUninstall,
  siteTinyFileManagerRemove,
} from '@hostdeck/recipes/site-apps';
import { eventDescriptionsVi } from '../events/events.vi.js';

/** Vietnamese for the app catalogue's messages, event descriptions and recipe step titles. */
export const siteAppsVi: Record<string, string> = {
  [SITE_APP_MESSAGES.resources]:
    '{app} cần ít nhất {cores} lõi CPU và {memory} GB RAM; máy chủ này có {serverCores} lõi và {serverMemory} GB',
  [SITE_APP_MESSAGES.installed]: 'Trang web này đã có mã nguồn ({codeType}): hãy gỡ cài đặt trước',
  [SITE_APP_MESSAGES.noCode]: 'Trang web này chưa cài đặt mã nguồn nào',
  [SITE_APP_MESSAGES.alias]:
    'Bí danh dùng chung mã nguồn của trang web gốc: hãy cài đặt hoặc gỡ cài đặt trên trang web gốc',
  [SITE_APP_MESSAGES.agent]: 'Trang web của agent phục vụ agent: không thể cài ứng dụng lên đó',
  [SITE_APP_MESSAGES.nginxOnly]: 'Ứng dụng được nginx chuyển tiếp: trang web này dùng máy chủ web khác',
  [SITE_APP_MESSAGES.noUninstall]: 'Bảng điều khiển chưa thể gỡ cài đặt mã nguồn loại {codeType}',
  [SITE_APP_MESSAGES.needsDocker]:
    '{app} chạy trong Docker: hãy cài Docker từ mục Ứng dụng của máy chủ này trước',
  [SITE_APP_MESSAGES.needsPhp]:
    '{app} chạy bằng PHP của trang web: hãy chọn phiên bản PHP cho trang web này trước',

  [siteAppInstall.steps[0]!.title]: 'Kiểm tra tài nguyên máy chủ',
  [siteAppInstall.steps[1]!.title]: 'Cài đặt ứng dụng',
  [siteAppInstall.steps[2]!.title]: 'Khởi động ứng dụng',
  [siteAppInstall.steps[3]!.title]: 'Chuyển tiếp trang web đến ứng dụng',
  [siteAppUninstall.steps[0]!.title]: 'Gỡ ứng dụng',
  [siteCodeGitUninstall.steps[0]!.title]: 'Gỡ mã nguồn đã triển khai',
  [siteTinyFileManagerRemove.steps[0]!.title]: 'Gỡ Tiny File Manager',
  ...eventDescriptionsVi(SITE_APPS_EVENT_DESCRIPTIONS, {
    installSiteApp: 'Cài đặt {app} (phiên bản {version}) lên {site}',
    uninstallSiteCode: 'Gỡ cài đặt mã nguồn {codeType} của {site}',
    uninstallSiteCodeWithData: 'Gỡ cài đặt mã nguồn {codeType} của {site} và xóa dữ liệu',
    removeTinyFileManager: 'Gỡ Tiny File Manager khỏi {site}',
  }),
};
