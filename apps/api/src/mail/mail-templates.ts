import type { Locale } from '@hostdeck/contracts';

/** A rendered mail without its recipient. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

interface TemplateInput {
  locale: Locale;
  brand: string;
  name: string;
  /** The link the mail is about; built from APP_URL by the caller, never from a request. */
  url: string;
}

interface MailCopy {
  subject: string;
  greeting: string;
  intro: string;
  action: string;
  expiry: string;
  outro: string;
  fallback: string;
}

/** Token links expire after 60 minutes (email-verification.ts, password-reset.service.ts). */
const COPY: Record<'verifyEmail' | 'resetPassword', Record<Locale, MailCopy>> = {
  verifyEmail: {
    en: {
      subject: 'Verify your email address',
      greeting: 'Hello {name},',
      intro: 'Please use the button below to verify your email address.',
      action: 'Verify Email Address',
      expiry: 'This link expires in 60 minutes.',
      outro: 'If you did not create an account, no further action is required.',
      fallback: 'If the button does not work, copy this link into your browser:',
    },
    vi: {
      subject: 'Xác minh địa chỉ email của bạn',
      greeting: 'Xin chào {name},',
      intro: 'Vui lòng bấm nút bên dưới để xác minh địa chỉ email của bạn.',
      action: 'Xác minh địa chỉ email',
      expiry: 'Liên kết này hết hạn sau 60 phút.',
      outro: 'Nếu bạn không tạo tài khoản, bạn không cần làm gì thêm.',
      fallback: 'Nếu nút không hoạt động, hãy sao chép liên kết này vào trình duyệt:',
    },
  },
  resetPassword: {
    en: {
      subject: 'Reset your password',
      greeting: 'Hello {name},',
      intro: 'You are receiving this email because we received a password reset request for your account.',
      action: 'Reset Password',
      expiry: 'This password reset link will expire in 60 minutes.',
      outro: 'If you did not request a password reset, no further action is required.',
      fallback: 'If the button does not work, copy this link into your browser:',
    },
    vi: {
      subject: 'Đặt lại mật khẩu của bạn',
      greeting: 'Xin chào {name},',
      intro: 'Bạn nhận được email này vì chúng tôi nhận được yêu cầu đặt lại mật khẩu cho tài khoản của bạn.',
      action: 'Đặt lại mật khẩu',
      expiry: 'Liên kết đặt lại mật khẩu này sẽ hết hạn sau 60 phút.',
      outro: 'Nếu bạn không yêu cầu đặt lại mật khẩu, bạn không cần làm gì thêm.',
      fallback: 'Nếu nút không hoạt động, hãy sao chép liên kết này vào trình duyệt:',
    },
  },
};

/** The invitation mail (teams.service.ts): who invites, to which team; valid 7 days. */
const TEAM_INVITATION_COPY: Record<Locale, MailCopy> = {
  en: {
    subject: 'Invitation to join the team {team}',
    greeting: 'Hello,',
    intro: '{inviter} has invited you to join the team {team}.',
    action: 'Open the invitation',
    expiry: 'This invitation expires in {days} days.',
    outro:
      'If you do not have an account yet, create one with this email address first. If you did not expect this invitation, you may ignore this email.',
    fallback: 'If the button does not work, copy this link into your browser:',
  },
  vi: {
    subject: 'Lời mời tham gia nhóm {team}',
    greeting: 'Xin chào,',
    intro: '{inviter} đã mời bạn tham gia nhóm {team}.',
    action: 'Mở lời mời',
    expiry: 'Lời mời này hết hạn sau {days} ngày.',
    outro:
      'Nếu bạn chưa có tài khoản, hãy tạo tài khoản bằng địa chỉ email này trước. Nếu bạn không mong đợi lời mời này, bạn có thể bỏ qua email này.',
    fallback: 'Nếu nút không hoạt động, hãy sao chép liên kết này vào trình duyệt:',
  },
};

export function renderTeamInvitationMail(input: {
  locale: Locale;
  brand: string;
  inviter: string;
  team: string;
  days: number;
  url: string;
}): RenderedMail {
  // One pass: a name that contains "{team}" stays as it is written.
  const values: Record<string, string> = {
    inviter: input.inviter,
    team: input.team,
    days: String(input.days),
  };
  const fill = (text: string) =>
    text.replace(/\{(inviter|team|days)\}/g, (_whole, key: string) => values[key]!);
  const copy = TEAM_INVITATION_COPY[input.locale];
  const filled = Object.fromEntries(
    Object.entries(copy).map(([key, text]) => [key, fill(text)]),
  ) as unknown as MailCopy;
  return render(filled, { locale: input.locale, brand: input.brand, name: '', url: input.url });
}

/** The server transfer offer (server-transfer.service.ts): who offers which server; valid 7 days. */
const SERVER_TRANSFER_COPY: Record<Locale, MailCopy> = {
  en: {
    subject: 'A server is offered to you: {server}',
    greeting: 'Hello,',
    intro:
      '{sender} offers to transfer the server {server} to your account. If you accept, the server, its sites, databases, backups and schedules become yours.',
    action: 'Open the transfer',
    expiry: 'This offer expires in {days} days.',
    outro:
      'If you do not have an account yet, create one with this email address first. If you did not expect this offer, you may ignore this email.',
    fallback: 'If the button does not work, copy this link into your browser:',
  },
  vi: {
    subject: 'Có máy chủ được chuyển cho bạn: {server}',
    greeting: 'Xin chào,',
    intro:
      '{sender} đề nghị chuyển máy chủ {server} sang tài khoản của bạn. Nếu bạn chấp nhận, máy chủ cùng các trang web, cơ sở dữ liệu, bản sao lưu và lịch chạy của nó sẽ thuộc về bạn.',
    action: 'Mở yêu cầu chuyển',
    expiry: 'Đề nghị này hết hạn sau {days} ngày.',
    outro:
      'Nếu bạn chưa có tài khoản, hãy tạo tài khoản bằng địa chỉ email này trước. Nếu bạn không mong đợi đề nghị này, bạn có thể bỏ qua email này.',
    fallback: 'Nếu nút không hoạt động, hãy sao chép liên kết này vào trình duyệt:',
  },
};

export function renderServerTransferMail(input: {
  locale: Locale;
  brand: string;
  sender: string;
  server: string;
  days: number;
  url: string;
}): RenderedMail {
  // One pass: a name that contains "{server}" stays as it is written.
  const values: Record<string, string> = {
    sender: input.sender,
    server: input.server,
    days: String(input.days),
  };
  const fill = (text: string) =>
    text.replace(/\{(sender|server|days)\}/g, (_whole, key: string) => values[key]!);
  const copy = SERVER_TRANSFER_COPY[input.locale];
  const filled = Object.fromEntries(
    Object.entries(copy).map(([key, text]) => [key, fill(text)]),
  ) as unknown as MailCopy;
  return render(filled, { locale: input.locale, brand: input.brand, name: '', url: input.url });
}

export function renderVerificationMail(input: TemplateInput): RenderedMail {
  return render(COPY.verifyEmail[input.locale], input);
}

export function renderPasswordResetMail(input: TemplateInput): RenderedMail {
  return render(COPY.resetPassword[input.locale], input);
}

function render(copy: MailCopy, input: TemplateInput): RenderedMail {
  const greeting = copy.greeting.replace('{name}', input.name);
  const subject = `${copy.subject} - ${input.brand}`;
  const text = [
    greeting,
    '',
    copy.intro,
    '',
    `${copy.action}: ${input.url}`,
    '',
    copy.expiry,
    copy.outro,
    '',
    `— ${input.brand}`,
    '',
  ].join('\n');
  const url = escapeHtml(input.url);
  const html = `<!doctype html>
<html lang="${input.locale}">
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:20px;color:#0096c7">${escapeHtml(input.brand)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(copy.intro)}</p>
<p style="margin:32px 0;text-align:center"><a href="${url}" style="display:inline-block;padding:12px 24px;background:#0096c7;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(copy.action)}</a></p>
<p>${escapeHtml(copy.expiry)}</p>
<p>${escapeHtml(copy.outro)}</p>
<p style="font-size:12px;color:#616e7c">${escapeHtml(copy.fallback)}<br><a href="${url}" style="color:#0096c7;word-break:break-all">${url}</a></p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}

/** Text for an HTML mail body (every mail template, billing's dunning mail too). */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}
