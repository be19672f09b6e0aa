import { REFERRAL_MESSAGES } from '@hostdeck/contracts/referrals';

/** Vietnamese for the referral messages (i18n/vi.ts merges it); the web's are in apps/web/src/user/referral/locales. */
export const referralsVi: Record<string, string> = {
  [REFERRAL_MESSAGES.code]: 'Dùng 4 đến 32 chữ cái, chữ số và dấu -',
  [REFERRAL_MESSAGES.name]: 'Dùng 1 đến 64 ký tự',
  [REFERRAL_MESSAGES.taken]: 'Mã này đã được sử dụng.',
  [REFERRAL_MESSAGES.tooMany]: 'Bạn chỉ có thể giữ tối đa 20 mã giới thiệu.',
  [REFERRAL_MESSAGES.notAvailable]: 'Khoản hoa hồng này chưa thể cộng vào số dư.',
};
