/** spec/001 §9: dialog widths (search 640, settings 500, others 500 or 600). */
export const DIALOG_WIDTH = { narrow: 500, wide: 600, search: 640 } as const;

/** Max height 500 when the window is at least 600 tall, otherwise 90% (spec/001 §2). */
export function dialogMaxHeight(windowHeight: number): number | string {
  return windowHeight >= 600 ? 500 : '90%';
}
