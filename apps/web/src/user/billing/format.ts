/** Money for the reader's language: cents as USD, whole VND. */
export function formatUsd(cents: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(cents / 100);
}

export function formatVnd(amount: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(amount);
}
