import { NO_SERVICE_MESSAGE, UNKNOWN_APPLICATION_MESSAGE } from '@hostdeck/recipes';

/** Vietnamese for the messages of the applications API (i18n/vi.ts merges it). */
export const applicationsVi: Record<string, string> = {
  [UNKNOWN_APPLICATION_MESSAGE]: 'Ứng dụng không xác định',
  [NO_SERVICE_MESSAGE]: 'Ứng dụng này không có dịch vụ riêng',
};
