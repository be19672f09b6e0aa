import { ADMIN_MESSAGES } from '@hostdeck/contracts';

/** Vietnamese for the admin area's messages (contracts admin.ts). */
export const adminVi: Record<string, string> = {
  [ADMIN_MESSAGES.scriptChanged]: 'Tập lệnh đã thay đổi kể từ khi bạn đọc nó. Hãy xem xét lại.',
  [ADMIN_MESSAGES.notPending]: 'Tập lệnh này không chờ xét duyệt.',
};
