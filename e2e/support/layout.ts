/** Where a page's controls are drawn: what lies under one, and whether the page is wider than its window. */
import type { Locator, Page } from 'playwright-core';

/**
 * Everything drawn where `control` is (its box meets theirs), but the control's own parts and what
 * holds it, each as "tag.class “its text”": a control that covers nothing (and is covered by
 * nothing) gives [].
 */
export function drawnUnder(control: Locator): Promise<string[]> {
  return control.evaluate((target) => {
    const box = target.getBoundingClientRect();
    return Array.from(document.querySelectorAll('body *'))
      .filter((element) => !element.contains(target) && !target.contains(element))
      .filter((element) => {
        const other = element.getBoundingClientRect();
        if (other.width === 0 || other.height === 0) return false;
        return other.left < box.right && box.left < other.right && other.top < box.bottom && box.top < other.bottom;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} “${element.textContent?.slice(0, 30)}”`);
  });
}

/** The page's full width: wider than the window, a phone would scroll sideways. */
export function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}
