import { DEFAULT_PAGE_EVENT_DESCRIPTIONS, DEFAULT_PAGE_MESSAGES } from '@hostdeck/contracts/default-page';
import { defaultPageRecipes } from '@hostdeck/recipes/default-page';
import { eventDescriptionsVi, recipeStepTitlesVi } from '../events/events.vi.js';

/** Vietnamese for the default page's messages, event description and recipe steps. */
export const defaultPageVi: Record<string, string> = {
  [DEFAULT_PAGE_MESSAGES.content]:
    'Trang phải là văn bản (không có ký tự điều khiển), từ 1 byte đến 256 KiB.',
  ...eventDescriptionsVi(DEFAULT_PAGE_EVENT_DESCRIPTIONS, { updateDefaultPage: 'Thay đổi trang mặc định' }),
  ...recipeStepTitlesVi(defaultPageRecipes, {
    'default-page-read': { read: 'Đọc trang mặc định' },
    'default-page-write': { write: 'Ghi trang mặc định và tải lại máy chủ web' },
  }),
};
