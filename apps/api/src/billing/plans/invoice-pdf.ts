import { createRequire } from 'node:module';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Locale } from '@hostdeck/contracts';
import type { InvoiceRow } from './subscriptions.repository.js';

const require = createRequire(import.meta.url);

/**
 * DejaVu Sans, shipped with the panel by the `dejavu-fonts-ttf` package: pdfkit's built-in fonts
 * are WinAnsi only and would drop Vietnamese letters (ạ, ễ, ư…). Resolved from node_modules, never
 * from the operating system's fonts.
 */
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const INVOICE_FONT = path.join(FONT_DIR, 'DejaVuSans.ttf');
const INVOICE_FONT_BOLD = path.join(FONT_DIR, 'DejaVuSans-Bold.ttf');

const COPY: Record<
  Locale,
  Record<
    | 'invoice'
    | 'number'
    | 'date'
    | 'billedTo'
    | 'description'
    | 'amount'
    | 'discount'
    | 'total'
    | 'paidWith'
    | 'balance'
    | 'card'
    | 'status'
    | 'paid'
    | 'refunded',
    string
  >
> = {
  en: {
    invoice: 'Invoice',
    number: 'Number',
    date: 'Date',
    billedTo: 'Billed to',
    description: 'Description',
    amount: 'Amount',
    discount: 'Discount',
    total: 'Total',
    paidWith: 'Paid with',
    balance: 'Account balance',
    card: 'Card',
    status: 'Status',
    paid: 'Paid',
    refunded: 'Refunded',
  },
  vi: {
    invoice: 'Hóa đơn',
    number: 'Số',
    date: 'Ngày',
    billedTo: 'Khách hàng',
    description: 'Mô tả',
    amount: 'Số tiền',
    discount: 'Giảm giá',
    total: 'Tổng cộng',
    paidWith: 'Thanh toán bằng',
    balance: 'Số dư tài khoản',
    card: 'Thẻ',
    status: 'Trạng thái',
    paid: 'Đã thanh toán',
    refunded: 'Đã hoàn tiền',
  },
};

/** Plan names and the coupon line as the invoice lines store them in English. */
const LINE_TRANSLATIONS: Record<Locale, [RegExp, string][]> = {
  en: [],
  vi: [
    [/^VIP Monthly/, 'VIP hằng tháng'],
    [/^VIP Lifetime/, 'VIP trọn đời'],
    [/^Coupon /, 'Mã giảm giá '],
  ],
};

function translateLine(locale: Locale, description: string): string {
  return LINE_TRANSLATIONS[locale].reduce(
    (text, [pattern, replacement]) => text.replace(pattern, replacement),
    description,
  );
}

function money(locale: Locale, cents: number): string {
  return new Intl.NumberFormat(locale === 'vi' ? 'vi-VN' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  }).format(cents / 100);
}

/** The invoice as a PDF in its own language (the user's locale when it was issued). */
export function renderInvoicePdf(
  invoice: InvoiceRow,
  customer: { name: string; email: string },
  brand: string,
): Promise<Buffer> {
  const locale: Locale = invoice.locale === 'vi' ? 'vi' : 'en';
  const copy = COPY[locale];
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${copy.invoice} ${invoice.number}`, Author: brand, Subject: invoice.number },
    lang: locale,
  });
  doc.registerFont('body', INVOICE_FONT);
  doc.registerFont('bold', INVOICE_FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const date = new Intl.DateTimeFormat(locale === 'vi' ? 'vi-VN' : 'en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(invoice.createdAt);
  doc.font('bold').fontSize(20).fillColor('#0096c7').text(brand);
  doc.moveDown(0.5).fillColor('#1f2933').fontSize(16).text(`${copy.invoice} ${invoice.number}`);
  doc.moveDown().font('body').fontSize(11);
  doc.text(`${copy.number}: ${invoice.number}`);
  doc.text(`${copy.date}: ${date}`);
  doc.text(`${copy.status}: ${invoice.status === 'refunded' ? copy.refunded : copy.paid}`);
  doc.text(`${copy.paidWith}: ${invoice.paidWith === 'card' ? copy.card : copy.balance}`);
  doc.moveDown().text(`${copy.billedTo}: ${customer.name} <${customer.email}>`);

  doc.moveDown(1.5).font('bold');
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const amountX = right - 120;
  const headerY = doc.y;
  doc
    .text(copy.description, left, headerY)
    .text(copy.amount, amountX, headerY, { width: 120, align: 'right' });
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .strokeColor('#cbd2d9')
    .stroke();
  doc.moveDown(0.6).font('body');
  for (const line of invoice.lines) {
    const y = doc.y;
    doc.text(translateLine(locale, line.description), left, y, { width: amountX - left - 12 });
    const after = doc.y;
    doc.text(money(locale, line.amount_cents), amountX, y, { width: 120, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.moveDown(0.3);
  }
  doc
    .moveTo(left, doc.y + 4)
    .lineTo(right, doc.y + 4)
    .stroke();
  doc.moveDown(0.6);
  if (invoice.discountCents > 0) {
    const y = doc.y;
    doc
      .text(copy.discount, left, y)
      .text(money(locale, -invoice.discountCents), amountX, y, { width: 120, align: 'right' });
  }
  const totalY = doc.y;
  doc.font('bold').text(copy.total, left, totalY).text(money(locale, invoice.amountCents), amountX, totalY, {
    width: 120,
    align: 'right',
  });
  doc.end();
  return done;
}
