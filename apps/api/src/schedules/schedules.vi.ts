import { SCHEDULE_EVENT_DESCRIPTIONS, SCHEDULE_MESSAGES } from '@hostdeck/contracts/schedules';
import { scheduleRecipes } from '@hostdeck/recipes/schedules';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

type ScheduleMessage = (typeof SCHEDULE_MESSAGES)[keyof typeof SCHEDULE_MESSAGES];

const messagesVi: Record<ScheduleMessage, string> = {
  [SCHEDULE_MESSAGES.busy]: 'Tác vụ cron này đang được thay đổi; hãy đợi sự kiện của nó kết thúc',
  [SCHEDULE_MESSAGES.command]: 'Lệnh phải là một dòng gồm các ký tự in được, tối đa 1000 ký tự',
  [SCHEDULE_MESSAGES.timeout]: 'Giới hạn thời gian phải từ 1 đến 86400 giây',
  [SCHEDULE_MESSAGES.notAdoptable]: 'Dòng này không phải là một tác vụ cron có thể tiếp quản',
  [SCHEDULE_MESSAGES.notFound]: 'Không tìm thấy tác vụ cron',
};

/**
 * Vietnamese for the schedules area: its messages, event descriptions and step titles (i18n/vi.ts
 * merges it). The cron message of spec/000 §5 is already in the shared catalogue.
 */
export const schedulesVi: Record<string, string> = {
  ...messagesVi,
  ...eventDescriptionsVi(SCHEDULE_EVENT_DESCRIPTIONS, {
    createSchedule: 'Tạo tác vụ cron với người dùng {user}: {command}',
    updateSchedule: 'Cập nhật tác vụ cron với người dùng {user}: {command}',
    deleteSchedule: 'Xóa tác vụ cron: {command}',
    runSchedule: 'Chạy ngay tác vụ cron: {command}',
    adoptSchedule: 'Tiếp quản tác vụ cron của {user}: {command}',
  }),
  ...recipeStepTitlesVi(scheduleRecipes, {
    'schedule-inventory': { read: 'Đọc các tác vụ cron' },
    'schedule-runs': { read: 'Đọc các lần chạy của tác vụ cron' },
    'schedule-apply': { apply: 'Ghi tác vụ cron' },
    'schedule-delete': { delete: 'Xóa tác vụ cron' },
    'schedule-run': { run: 'Chạy tác vụ cron' },
    'schedule-adopt': { adopt: 'Tiếp quản tác vụ cron' },
  }),
};
