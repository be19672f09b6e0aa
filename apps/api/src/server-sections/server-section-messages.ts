/** English messages of the server sections (i18n keys); their Vietnamese is below. */
export const SERVER_SECTION_MESSAGES = {
  vipOnly: 'This feature needs a VIP server.',
} as const;

/** Vietnamese for the messages of the server sections (i18n/vi.ts merges it). */
export const serverSectionsVi: Record<string, string> = {
  [SERVER_SECTION_MESSAGES.vipOnly]: 'Tính năng này cần máy chủ VIP.',
};
