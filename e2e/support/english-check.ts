/// <reference lib="dom" />
import { expect, type Page } from '@playwright/test';
import { englishOnlyPatterns, englishOnlyTexts } from './catalogues';

/** Every text a user can read on the page: text nodes, placeholders, labels and titles. */
export function readableTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('script,style')) continue;
      if (parent.getClientRects().length === 0) continue;
      texts.push(text);
    }
    for (const element of Array.from(document.querySelectorAll('[placeholder],[aria-label],[title]'))) {
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/**
 * The English a Vietnamese screen still shows: texts of the catalogues whose Vietnamese differs,
 * whole, or filled in (a text with placeholders, such as an event's "Install {{application}}").
 */
export function createEnglishCheck() {
  const texts = englishOnlyTexts();
  const patterns = englishOnlyPatterns();
  const englishIn = (found: string[]) =>
    found.filter((text) => texts.has(text) || patterns.some((pattern) => pattern.test(text)));
  return {
    englishIn,
    async expectNone(page: Page, screen: string) {
      expect(englishIn(await readableTexts(page)), `English left on ${screen}`).toEqual([]);
    },
  };
}
