import type { Page } from 'playwright-core';

/** The human-verification dialog, as a person finds it. */
export const challengeDialog = (page: Page) => page.getByTestId('challenge-dialog');

/**
 * Passes the human-verification challenge the way a person does: ticks the widget's box and waits
 * for the dialog to go. (The label is clicked: the widget draws an icon over the checkbox itself.)
 */
export async function passChallenge(page: Page): Promise<void> {
  const dialog = challengeDialog(page);
  await dialog.waitFor();
  await dialog.locator('altcha-widget label').first().click();
  await dialog.waitFor({ state: 'hidden', timeout: 20_000 });
}
