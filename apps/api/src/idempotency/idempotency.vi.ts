import { IDEMPOTENCY_MESSAGES } from '@hostdeck/contracts/idempotency';

/** Vietnamese for the Idempotency-Key messages (i18n/vi.ts merges it). */
export const idempotencyVi: Record<string, string> = {
  [IDEMPOTENCY_MESSAGES.grammar]: 'Header Idempotency-Key phải gồm 1 đến 255 ký tự ASCII in được.',
  [IDEMPOTENCY_MESSAGES.otherBody]: 'Idempotency-Key này đã được dùng với một nội dung yêu cầu khác.',
  [IDEMPOTENCY_MESSAGES.inProgress]:
    'Một yêu cầu với Idempotency-Key này vẫn đang chạy; hãy thử lại khi nó đã xong.',
};
