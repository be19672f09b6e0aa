import type { Locale } from '@hostdeck/contracts';
import { escapeHtml, type RenderedMail } from '../../mail/mail-templates.js';

export type DunningMailKind = 'firstFailure' | 'graceEnding' | 'ended';

interface DunningCopy {
  subject: string;
  greeting: string;
  body: string;
  action: string;
}

/** {server}, {price}, {balance} and {date} are filled in one pass (a name holding "{price}" stays). */
const COPY: Record<DunningMailKind, Record<Locale, DunningCopy>> = {
  firstFailure: {
    en: {
      subject: 'Your VIP plan for {server} could not be renewed',
      greeting: 'Hello {name},',
      body: 'Renewing the VIP plan of {server} costs {price}, but your balance is {balance}. The server stays VIP until {date}; top up your balance before then to keep it.',
      action: 'Top up your balance',
    },
    vi: {
      subject: 'Không thể gia hạn gói VIP của {server}',
      greeting: 'Xin chào {name},',
      body: 'Gia hạn gói VIP của {server} tốn {price}, nhưng số dư của bạn là {balance}. Máy chủ vẫn là VIP đến {date}; hãy nạp thêm số dư trước thời điểm đó để giữ gói.',
      action: 'Nạp số dư',
    },
  },
  graceEnding: {
    en: {
      subject: 'Reminder: the VIP plan of {server} ends on {date}',
      greeting: 'Hello {name},',
      body: 'We still could not renew the VIP plan of {server} ({price}; your balance is {balance}). On {date} the server returns to the free plan. Its data stays as it is.',
      action: 'Top up your balance',
    },
    vi: {
      subject: 'Nhắc nhở: gói VIP của {server} kết thúc vào {date}',
      greeting: 'Xin chào {name},',
      body: 'Chúng tôi vẫn chưa thể gia hạn gói VIP của {server} ({price}; số dư của bạn là {balance}). Vào {date}, máy chủ sẽ trở về gói miễn phí. Dữ liệu của máy chủ vẫn được giữ nguyên.',
      action: 'Nạp số dư',
    },
  },
  ended: {
    en: {
      subject: 'The VIP plan of {server} has ended',
      greeting: 'Hello {name},',
      body: 'The VIP plan of {server} could not be renewed and has ended; the server is on the free plan now. Nothing on it was deleted. You can buy a plan again at any time.',
      action: 'See the plans',
    },
    vi: {
      subject: 'Gói VIP của {server} đã kết thúc',
      greeting: 'Xin chào {name},',
      body: 'Gói VIP của {server} không thể gia hạn và đã kết thúc; máy chủ hiện dùng gói miễn phí. Không có dữ liệu nào bị xóa. Bạn có thể mua lại gói bất cứ lúc nào.',
      action: 'Xem các gói',
    },
  },
};

export function renderDunningMail(input: {
  kind: DunningMailKind;
  locale: Locale;
  brand: string;
  name: string;
  server: string;
  price: string;
  balance: string;
  /** The grace period's end, already formatted for the locale. */
  date: string;
  /** /user/billing on APP_URL. */
  url: string;
}): RenderedMail {
  const values: Record<string, string> = {
    name: input.name,
    server: input.server,
    price: input.price,
    balance: input.balance,
    date: input.date,
  };
  const fill = (text: string) =>
    text.replace(/\{(name|server|price|balance|date)\}/g, (_whole, key: string) => values[key]!);
  const copy = COPY[input.kind][input.locale];
  const subject = `${fill(copy.subject)} - ${input.brand}`;
  const greeting = fill(copy.greeting);
  const body = fill(copy.body);
  const text = [greeting, '', body, '', `${copy.action}: ${input.url}`, '', `— ${input.brand}`, ''].join(
    '\n',
  );
  const url = escapeHtml(input.url);
  const html = `<!doctype html>
<html lang="${input.locale}">
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="margin:0 0 24px;font-size:20px;color:#0096c7">${escapeHtml(input.brand)}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<p style="margin:32px 0;text-align:center"><a href="${url}" style="display:inline-block;padding:12px 24px;background:#0096c7;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(copy.action)}</a></p>
</div>
</body>
</html>
`;
  return { subject, text, html };
}
