/**
 * Measuring what a page shows on a laptop's screen, shared by the screen tests (laptop-screens: English,
 * light and dark; locale-screens: every language): the page's own overflow, controls and headings cut off
 * by the window, bare words in the pseudo-locale, and whether a dialog fits with its title and buttons in
 * view and not covered. Problems are returned as sentences, so one run can name every problem it finds.
 */
import type { Locator, Page } from 'playwright-core';

export interface PageLayout {
  scrollWidth: number;
  clientWidth: number;
  scrollHeight: number;
  clientHeight: number;
  /** Buttons, fields, headings and toolbars not whole in the window that no scrolling box holds. */
  cutOff: string[];
  /** Visible text (and placeholders) with letters outside ⟦ ⟧: only measured for the pseudo-locale. */
  bare: string[];
}

/**
 * Measured in the page (plain JavaScript: the tests are compiled without the DOM's types). A control inside
 * a box that scrolls (and has more than it shows) is reached by scrolling, so it is not "cut off".
 */
const MEASURE = `((pseudo) => {
  const doc = document.documentElement;
  const scrolls = (el) => {
    for (let at = el.parentElement; at; at = at.parentElement) {
      const s = getComputedStyle(at);
      if (/(auto|scroll)/.test(s.overflowY + s.overflowX) && (at.scrollHeight > at.clientHeight || at.scrollWidth > at.clientWidth)) return true;
    }
    return false;
  };
  const whole = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const named = (el) => el.tagName.toLowerCase() + ' "' + ((el.textContent || '').trim().slice(0, 60) || el.getAttribute('aria-label')) + '"';
  const controls = [...document.querySelectorAll('button, input, select, h1, h2, [role="toolbar"]')].filter(
    (el) => el.getClientRects().length > 0 && !scrolls(el),
  );
  const bare = [];
  if (pseudo) {
    // A document in its own language (the report preview: the customer's) is not the window's words.
    const foreign = (el) => { const own = el.closest('[lang]'); return own && own !== doc; };
    const outside = (text) => (text || '').replace(/⟦[^⟧]*⟧/g, ' ');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || foreign(el) || el.getClientRects().length === 0) continue;
      const rest = outside(node.textContent);
      if (/[A-Za-z]{3,}/.test(rest)) bare.push(rest.trim().slice(0, 80));
    }
    for (const el of document.querySelectorAll('[placeholder]')) {
      if (foreign(el) || el.getClientRects().length === 0 || el.value) continue;
      const rest = outside(el.getAttribute('placeholder'));
      if (/[A-Za-z]{3,}/.test(rest)) bare.push(rest.trim().slice(0, 80));
    }
  }
  return {
    scrollWidth: doc.scrollWidth,
    clientWidth: doc.clientWidth,
    scrollHeight: doc.scrollHeight,
    clientHeight: doc.clientHeight,
    cutOff: controls.filter((el) => !whole(el.getBoundingClientRect())).map(named),
    bare,
  };
})`;

/** What the page shows now; `pseudo`: also its bare words (the pseudo-locale marks every catalog text). */
export function measurePage(page: Page, pseudo = false): Promise<PageLayout> {
  return page.evaluate(`${MEASURE}(${JSON.stringify(pseudo)})`);
}

/** Two animation frames: a resize's or a theme's layout (and what resize observers render) has landed. */
export function settled(page: Page): Promise<void> {
  return page.evaluate(
    'new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))',
  );
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whole inside the window (half a pixel of rounding allowed). */
export function inWindow(box: Box | null, page: Page): boolean {
  const { width, height } = page.viewportSize()!;
  return (
    box !== null &&
    box.x >= -0.5 &&
    box.y >= -0.5 &&
    box.x + box.width <= width + 0.5 &&
    box.y + box.height <= height + 0.5
  );
}

/**
 * What keeps `dialog` from fitting the window: the dialog itself, its title and every button of its last
 * row of actions must be whole in view and not covered (a technician reaches them without scrolling the
 * page). Empty when it fits. Measured in one go in the page (a loaded machine pays for every round trip).
 */
/** What the measure needs of an element (the tests are compiled without the DOM's types). */
interface Boxed {
  getBoundingClientRect(): {
    left: number;
    top: number;
    right: number;
    bottom: number;
    width: number;
    height: number;
  };
  contains(other: unknown): boolean;
}

export function dialogProblems(dialog: Locator, what: string): Promise<string[]> {
  return dialog.evaluate((el, at) => {
    const win = el.ownerDocument.defaultView!;
    const whole = (e: Boxed): boolean => {
      const r = e.getBoundingClientRect();
      return (
        r.left >= -0.5 &&
        r.top >= -0.5 &&
        r.right <= win.innerWidth + 0.5 &&
        r.bottom <= win.innerHeight + 0.5
      );
    };
    const covered = (e: Boxed): boolean => {
      const r = e.getBoundingClientRect();
      const hit = el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit === null || (hit !== e && !e.contains(hit));
    };
    const problems: string[] = [];
    if (!whole(el)) problems.push(`${at}: the dialog is not inside the window`);
    const title = el.querySelector('h1, h2, h3, h4, [role="heading"]');
    if (title === null || !whole(title)) problems.push(`${at}: its title is not in view`);
    const rows = el.querySelectorAll('.modal-actions');
    const buttons = rows.length === 0 ? [] : [...rows[rows.length - 1]!.querySelectorAll('button')];
    if (buttons.length === 0) problems.push(`${at}: it has no buttons`);
    for (const button of buttons) {
      const name = (button.textContent ?? '').trim();
      if (!whole(button)) problems.push(`${at}: "${name}" is not in view`);
      else if (covered(button)) problems.push(`${at}: "${name}" is covered`);
    }
    return problems;
  }, what);
}
