/**
 * The VietQR payload (NAPAS's profile of EMVCo's merchant-presented QR): what a Vietnamese banking
 * app scans to fill in a transfer's bank, account, amount in VND and content. Built here, rendered
 * as a QR code in the browser.
 */

function field(id: string, value: string): string {
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, start 0xFFFF), EMVCo's field 63. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

export interface VietQrInput {
  /** The bank's six-digit BIN (NAPAS). */
  bin: string;
  account: string;
  amountVnd: number;
  /** The transfer's content: the account's transfer reference. */
  purpose: string;
}

export function vietQrPayload(input: VietQrInput): string {
  const beneficiary = field('00', input.bin) + field('01', input.account);
  const merchant = field('00', 'A000000727') + field('01', beneficiary) + field('02', 'QRIBFTTA');
  const body =
    field('00', '01') +
    field('01', '12') +
    field('38', merchant) +
    field('53', '704') +
    field('54', String(Math.round(input.amountVnd))) +
    field('58', 'VN') +
    field('62', field('08', input.purpose)) +
    '6304';
  return body + crc16(body);
}
