import { DATABASE_MESSAGES } from '@hostdeck/contracts';

type DatabaseMessage = (typeof DATABASE_MESSAGES)[keyof typeof DATABASE_MESSAGES];

/** Vietnamese for the API messages of the databases area; the i18n test fails on a missing one. */
export const databasesVi: Record<DatabaseMessage, string> = {
  [DATABASE_MESSAGES.absolutePath]: 'Đây phải là một đường dẫn tuyệt đối',
  [DATABASE_MESSAGES.agentMissing]: 'Agent chưa được cài đặt trên máy chủ này',
};
