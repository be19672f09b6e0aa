import { PLAN_MESSAGES } from '@hostdeck/contracts/plans';

/** Vietnamese for the plans' messages (i18n/vi.ts merges it); the web's are in apps/web/src/user/billing/plans/locales. */
export const plansVi: Record<string, string> = {
  [PLAN_MESSAGES.unknownPlan]: 'Hãy chọn một trong các gói.',
  [PLAN_MESSAGES.billingDisabled]: 'Tính năng thanh toán chưa được bật trên bảng điều khiển này.',
  [PLAN_MESSAGES.ownerOnly]: 'Chỉ chủ sở hữu máy chủ mới có thể mua gói cho máy chủ đó.',
  [PLAN_MESSAGES.alreadyVip]: 'Máy chủ này đã có gói.',
  [PLAN_MESSAGES.insufficientBalance]:
    'Số dư của bạn là {balance}, gói này có giá {price}: hãy nạp thêm {missing}.',
  [PLAN_MESSAGES.couponUnknown]: 'Mã giảm giá này không tồn tại.',
  [PLAN_MESSAGES.couponExpired]: 'Mã giảm giá này đã hết hạn.',
  [PLAN_MESSAGES.couponUsedUp]: 'Mã giảm giá này đã hết lượt sử dụng.',
  [PLAN_MESSAGES.couponNotForPlans]: 'Mã giảm giá này không áp dụng cho các gói.',
  [PLAN_MESSAGES.couponFirstTime]: 'Mã giảm giá này chỉ dành cho lần thanh toán đầu tiên.',
  [PLAN_MESSAGES.subscriptionNotFound]: 'Không tìm thấy gói đăng ký này.',
  [PLAN_MESSAGES.notCancelable]: 'Không thể hủy gói đăng ký này.',
};
