import { BILLING_MESSAGES } from '@hostdeck/contracts/billing';

/** Vietnamese for billing's messages (i18n/vi.ts merges it); the web's are in apps/web/src/user/billing/locales. */
export const billingVi: Record<string, string> = {
  [BILLING_MESSAGES.topupMinimum]: 'Nạp tối thiểu $5.00',
  [BILLING_MESSAGES.topupMaximum]: 'Nạp tối đa $10,000.00',
  [BILLING_MESSAGES.couponInvalid]: 'Mã giảm giá này không hợp lệ.',
  [BILLING_MESSAGES.couponNotForTopup]: 'Mã giảm giá này không áp dụng cho việc nạp tiền.',
  [BILLING_MESSAGES.cardsUnavailable]: 'Bảng điều khiển này chưa cấu hình thanh toán bằng thẻ.',
  [BILLING_MESSAGES.bankUnavailable]: 'Bảng điều khiển này chưa cấu hình chuyển khoản ngân hàng.',
  [BILLING_MESSAGES.paymentMethodUnknown]: 'Thẻ này không được lưu trong tài khoản của bạn.',
  [BILLING_MESSAGES.webhookSignature]: 'Chữ ký webhook không hợp lệ.',
  [BILLING_MESSAGES.webhookApiKey]: 'Khóa API không hợp lệ.',
  [BILLING_MESSAGES.couponCode]: 'Dùng 3 đến 32 chữ cái, chữ số, - và _',
  [BILLING_MESSAGES.couponDiscount]: 'Chọn số tiền giảm hoặc phần trăm giảm (1 đến 100)',
  [BILLING_MESSAGES.couponExists]: 'Đã có mã giảm giá với mã này.',
};
