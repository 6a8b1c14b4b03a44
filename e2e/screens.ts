import { expect, test, type Page } from '@playwright/test';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * Screenshots are for people to look at (`e2e/artifacts`, or /tmp copies). A CI run keeps none of them, so it
 * takes none (`CI=true`, or `E2E_SCREENSHOTS=0`): several hundred full-page captures were a sizeable share of
 * the e2e step's time (decision 240). The checks beside them (no sideways scroll at phone width) still run.
 */
export const screenshotsWanted = !process.env.CI && process.env.E2E_SCREENSHOTS !== '0';

/** `page.screenshot(options)`, when screenshots are wanted. */
export async function shoot(page: Page, options: Parameters<Page['screenshot']>[0]): Promise<void> {
  if (screenshotsWanted) await page.screenshot(options);
}

/**
 * The page in light and dark, at desktop and phone widths, saved as `<name>-<width>-<theme>.png` in the test's
 * output folder (and copied to `copyTo` when given); the viewport is back at `restore` afterwards.
 */
export async function shots(
  page: Page,
  name: string,
  opts: {
    fullPage?: boolean;
    restore?: { width: number; height: number };
    /** Also fails when the page scrolls sideways at phone width. */
    checkPhoneWidth?: boolean;
    /** Keeps the theme choice in localStorage too (pages that read it on navigation). */
    storeTheme?: boolean;
  } = {},
): Promise<void> {
  const { fullPage = true, restore = DESKTOP, checkPhoneWidth = false, storeTheme = false } = opts;
  if (!screenshotsWanted && !checkPhoneWidth) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      ([t, store]) => {
        if (store) localStorage.setItem('color-theme', t);
        document.documentElement.classList.toggle('dark', t === 'dark');
      },
      [theme, storeTheme] as const,
    );
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      if (checkPhoneWidth && size === PHONE)
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
          .toBeLessThanOrEqual(PHONE.width);
      await shoot(page, {
        path: test.info().outputPath(`${name}-${size.width}-${theme}.png`),
        animations: 'disabled',
        fullPage,
      });
    }
  }
  await page.evaluate((store) => {
    if (store) localStorage.setItem('color-theme', 'light');
    document.documentElement.classList.remove('dark');
  }, storeTheme);
  await page.setViewportSize(restore);
}
