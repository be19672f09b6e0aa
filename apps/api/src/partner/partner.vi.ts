import { PARTNER_MESSAGES } from '@hostdeck/contracts/partner';

/** Vietnamese for the partner area's messages (contracts partner.ts). */
export const partnerVi: Record<string, string> = {
  [PARTNER_MESSAGES.notYourCustomer]:
    'Địa chỉ email này thuộc về một tài khoản không do bạn tạo. Đối tác chỉ tạo máy chủ cho các tài khoản do chính mình tạo.',
  [PARTNER_MESSAGES.notPartner]: 'Tài khoản này không phải là đối tác.',
  [PARTNER_MESSAGES.formExpired]: 'Biểu mẫu này đã hết hạn. Hãy tải lại trang rồi thử lại.',
  [PARTNER_MESSAGES.tooFast]: 'Vui lòng dành chút thời gian điền biểu mẫu, rồi gửi lại.',
  [PARTNER_MESSAGES.tooManyLinks]: 'Một tin nhắn chỉ được chứa tối đa 2 liên kết.',
  [PARTNER_MESSAGES.tooManyForEmail]: 'Có quá nhiều tin nhắn từ địa chỉ email này. Vui lòng thử lại sau.',
  [PARTNER_MESSAGES.contactSent]: 'Cảm ơn bạn, tin nhắn đã được gửi. Chúng tôi sẽ trả lời qua email.',
  [PARTNER_MESSAGES.subscribeSent]: 'Sắp xong: hãy kiểm tra hộp thư và xác nhận đăng ký của bạn.',
  [PARTNER_MESSAGES.subscribed]: 'Đăng ký của bạn đã được xác nhận.',
  [PARTNER_MESSAGES.unsubscribed]: 'Bạn đã hủy đăng ký. Bạn sẽ không nhận bản tin nữa.',
  [PARTNER_MESSAGES.badLink]: 'Liên kết này không hợp lệ hoặc đã được dùng.',
  'Max 100 characters': 'Tối đa 100 ký tự',
  'Max 150 characters': 'Tối đa 150 ký tự',
  'Max 5000 characters': 'Tối đa 5000 ký tự',
};
