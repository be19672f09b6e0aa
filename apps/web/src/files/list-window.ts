/**
 * The list has no paging (spec/001 §2), yet a folder may hold 100k files: above a threshold only
 * the rows in view (plus some overscan) are rendered, with spacers keeping the scroll height.
 */
export const LIST_ROW_HEIGHT = 40;
export const WINDOW_THRESHOLD = 300;
const OVERSCAN = 20;

export interface ListWindow {
  start: number;
  end: number;
  /** Heights of the spacers above and below the rendered rows. */
  before: number;
  after: number;
}

export function listWindow(count: number, scrollTop: number, viewportHeight: number): ListWindow {
  if (count <= WINDOW_THRESHOLD) return { start: 0, end: count, before: 0, after: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / LIST_ROW_HEIGHT);
  const visible = Math.ceil(Math.max(viewportHeight, LIST_ROW_HEIGHT) / LIST_ROW_HEIGHT);
  const start = Math.max(0, Math.min(count, first - OVERSCAN));
  const end = Math.min(count, first + visible + OVERSCAN);
  return { start, end, before: start * LIST_ROW_HEIGHT, after: (count - end) * LIST_ROW_HEIGHT };
}
