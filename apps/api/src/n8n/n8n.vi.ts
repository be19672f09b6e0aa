import { N8N_EVENT_DESCRIPTIONS, N8N_MESSAGES } from '@hostdeck/contracts/n8n';
import { n8nAction, n8nInstall, n8nRead, n8nUninstall, n8nUpgrade } from '@hostdeck/recipes/n8n';
import { eventDescriptionsVi } from '../events/events.vi.js';

/**
 * Vietnamese for the n8n API: its messages, event descriptions and recipe step titles (i18n/vi.ts
 * merges it). The web's are in apps/web/src/sites/n8n/locales.
 */
export const n8nVi: Record<string, string> = {
  [N8N_MESSAGES.version]: 'Phiên bản gồm ba số, ví dụ 1.123.50, từ 1.0.0 trở lên',
  [N8N_MESSAGES.workflowId]: 'Mã workflow hoặc thông tin xác thực chỉ gồm chữ cái và chữ số (tối đa 64)',
  [N8N_MESSAGES.file]:
    'Tệp phải là JSON: một workflow hoặc thông tin xác thực, hoặc danh sách của chúng, tối đa 1 MB',
  [N8N_MESSAGES.notInstalled]: 'n8n chưa được cài đặt trên website này',
  [N8N_MESSAGES.installed]: 'Website này đã có mã nguồn ({codeType})',
  [N8N_MESSAGES.nginxOnly]: 'n8n được phục vụ qua nginx: website này dùng máy chủ web khác',
  [N8N_MESSAGES.alias]: 'Bí danh dùng chung mã nguồn với website gốc: hãy cài n8n trên website gốc',
  [N8N_MESSAGES.agent]: 'Website của agent phục vụ agent: không thể cài n8n',
  ...eventDescriptionsVi(N8N_EVENT_DESCRIPTIONS, {
    installN8n: 'Cài đặt n8n {version} trên {site}',
    upgradeN8n: 'Nâng cấp n8n của {site} lên {version}',
    n8nAction: 'n8n của {site}: {action}',
  }),
  [stepTitle(n8nInstall, 'runtime')]: 'Cài đặt Node.js và công cụ biên dịch cho n8n',
  [stepTitle(n8nInstall, 'install')]: 'Cài đặt n8n bằng người dùng của website',
  [stepTitle(n8nInstall, 'service')]: 'Khởi động n8n',
  [stepTitle(n8nInstall, 'vhost')]: 'Phục vụ n8n qua tên miền của website',
  [stepTitle(n8nUpgrade, 'upgrade')]: 'Sao lưu dữ liệu n8n và chuyển sang phiên bản mới',
  [stepTitle(n8nAction, 'action')]: 'Chạy lệnh n8n',
  [stepTitle(n8nRead, 'read')]: 'Đọc n8n',
  [stepTitle(n8nUninstall, 'uninstall')]: 'Gỡ bỏ n8n',
};

function stepTitle(recipe: { steps: readonly { id: string; title: string }[] }, id: string): string {
  return recipe.steps.find((step) => step.id === id)!.title;
}
