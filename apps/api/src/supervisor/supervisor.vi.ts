import { SUPERVISOR_EVENT_DESCRIPTIONS, SUPERVISOR_MESSAGES } from '@hostdeck/contracts/supervisor';
import { supervisorRecipes } from '@hostdeck/recipes/supervisor';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/**
 * Vietnamese for the Supervisor API's messages, its event descriptions and its recipes' steps
 * (i18n/vi.ts merges it). The web's are in apps/web/src/servers/supervisor/locales.
 */
export const supervisorVi: Record<string, string> = {
  [SUPERVISOR_MESSAGES.name]: 'Dùng 1 đến 32 chữ thường, chữ số, - và _, bắt đầu bằng một chữ cái',
  [SUPERVISOR_MESSAGES.command]:
    'Dùng một dòng gồm chữ cái, chữ số, dấu cách và . _ / : = , @ + - (không có dấu nháy hay ký tự shell; phần phức tạp hơn hãy đặt trong một script)',
  [SUPERVISOR_MESSAGES.environmentKey]: 'Dùng chữ cái, chữ số và _, không bắt đầu bằng chữ số',
  [SUPERVISOR_MESSAGES.environmentValue]: 'Chỉ dùng chữ cái, chữ số, dấu cách và . _ / : = , @ + -',
  [SUPERVISOR_MESSAGES.environmentDuplicate]: 'Biến này được khai báo hai lần',
  'Supervisor could not read the program log': 'Supervisor không đọc được nhật ký của chương trình',
  ...eventDescriptionsVi(SUPERVISOR_EVENT_DESCRIPTIONS, {
    createSupervisorProgram: 'Tạo chương trình Supervisor {program}',
    updateSupervisorProgram: 'Cập nhật chương trình Supervisor {program}',
    deleteSupervisorProgram: 'Xóa chương trình Supervisor {program}',
    startSupervisorProgram: 'Khởi động chương trình Supervisor {program}',
    stopSupervisorProgram: 'Dừng chương trình Supervisor {program}',
    restartSupervisorProgram: 'Khởi động lại chương trình Supervisor {program}',
    clearSupervisorLog: 'Xóa nhật ký của chương trình Supervisor {program}',
  }),
  ...recipeStepTitlesVi(supervisorRecipes, {
    'supervisor-inventory': { read: 'Đọc các chương trình Supervisor' },
    'supervisor-save': {
      install: 'Cài đặt Supervisor nếu còn thiếu',
      write: 'Ghi chương trình và áp dụng',
    },
    'supervisor-delete': { delete: 'Dừng và xóa chương trình' },
    'supervisor-control': { control: 'Thay đổi trạng thái chương trình' },
    'supervisor-log': { read: 'Đọc nhật ký chương trình' },
  }),
};
