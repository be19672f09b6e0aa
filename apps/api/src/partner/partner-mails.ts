import type { Locale } from '@hostdeck/contracts';
import { escapeHtml, type RenderedMail } from '../mail/mail-templates.js';

/** The contact form's mail to the administrators: the sender's words, quoted, never as HTML. */
export function renderContactMail(input: {
  brand: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  locale: Locale;
}): RenderedMail {
  const lines = [
    `New message from the ${input.brand} contact form.`,
    `From: ${input.name} <${input.email}>`,
    `Language: ${input.locale}`,
    `Subject: ${input.subject}`,
    '',
    input.message,
  ];
  return {
    subject: `[${input.brand} contact] ${input.subject}`,
    text: lines.join('\n'),
    html: `<pre style="white-space:pre-wrap;font-family:sans-serif">${escapeHtml(lines.join('\n'))}</pre>`,
  };
}

const SUBSCRIBE_COPY: Record<Locale, { subject: string; intro: string; confirm: string; leave: string }> = {
  en: {
    subject: 'Confirm your {brand} newsletter subscription',
    intro: 'Someone, hopefully you, asked to receive the {brand} newsletter at this address.',
    confirm: 'To confirm, open this link:',
    leave: 'If you did not ask, ignore this mail, or unsubscribe here:',
  },
  vi: {
    subject: 'Xác nhận đăng ký nhận bản tin {brand}',
    intro: 'Có người, hy vọng là bạn, đã yêu cầu nhận bản tin {brand} tại địa chỉ này.',
    confirm: 'Để xác nhận, hãy mở liên kết này:',
    leave: 'Nếu bạn không yêu cầu, hãy bỏ qua thư này, hoặc hủy đăng ký tại đây:',
  },
};

/** The double opt-in mail, in the subscriber's language: a confirmation and an unsubscribe link. */
export function renderSubscribeMail(input: {
  brand: string;
  locale: Locale;
  confirmUrl: string;
  unsubscribeUrl: string;
}): RenderedMail {
  const copy = SUBSCRIBE_COPY[input.locale];
  const fill = (value: string) => value.replaceAll('{brand}', input.brand);
  const text = [
    fill(copy.intro),
    '',
    copy.confirm,
    input.confirmUrl,
    '',
    copy.leave,
    input.unsubscribeUrl,
  ].join('\n');
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  return {
    subject: fill(copy.subject),
    text,
    html: [
      `<p>${escapeHtml(fill(copy.intro))}</p>`,
      `<p>${escapeHtml(copy.confirm)}<br>${link(input.confirmUrl)}</p>`,
      `<p>${escapeHtml(copy.leave)}<br>${link(input.unsubscribeUrl)}</p>`,
    ].join('\n'),
  };
}

const INVITATION_COPY: Record<Locale, { subject: string; intro: string; set: string; later: string }> = {
  en: {
    subject: 'Your {brand} account is ready',
    intro:
      '{partner} made a {brand} account for you at this address, to manage the servers it sets up for you.',
    set: 'Choose your password here (the link works for 60 minutes):',
    later:
      'Later, use "Forgot password" on the sign-in page with this address. If you did not expect this mail, ignore it.',
  },
  vi: {
    subject: 'Tài khoản {brand} của bạn đã sẵn sàng',
    intro:
      '{partner} đã tạo cho bạn một tài khoản {brand} với địa chỉ này, để quản lý các máy chủ được thiết lập cho bạn.',
    set: 'Hãy đặt mật khẩu tại đây (liên kết có hiệu lực trong 60 phút):',
    later:
      'Sau đó, hãy dùng "Quên mật khẩu" ở trang đăng nhập với địa chỉ này. Nếu bạn không chờ thư này, hãy bỏ qua nó.',
  },
};

/** The invitation to an account a partner created, in the customer's language: a set-password link. */
export function renderPartnerInvitationMail(input: {
  brand: string;
  partner: string;
  locale: Locale;
  url: string;
}): RenderedMail {
  const copy = INVITATION_COPY[input.locale];
  const fill = (value: string) =>
    value.replaceAll('{brand}', input.brand).replaceAll('{partner}', input.partner);
  return {
    subject: fill(copy.subject),
    text: [fill(copy.intro), '', copy.set, input.url, '', copy.later].join('\n'),
    html: [
      `<p>${escapeHtml(fill(copy.intro))}</p>`,
      `<p>${escapeHtml(copy.set)}<br><a href="${escapeHtml(input.url)}">${escapeHtml(input.url)}</a></p>`,
      `<p>${escapeHtml(copy.later)}</p>`,
    ].join('\n'),
  };
}
