import { expect, type Page } from '@playwright/test';
import { openDashboardPage, tableRow } from './dashboard';
import { escapeRegExp } from './storefront';

/**
 * The shop's link at `path` in the newest mail to `to` whose subject matches, read in the admin's Sent
 * e-mails page (the dev mailbox) as the mail shows it. Answers the link's path and query, to open on the
 * journey's own shop.
 */
export async function linkFromMailbox(
  adminPage: Page,
  mail: { to: string; subject: RegExp; path: string },
): Promise<string> {
  await openDashboardPage(adminPage, '/dashboard/sent-emails', 'Sent e-mails');
  const row = tableRow(adminPage, mail.to).filter({ hasText: mail.subject }).first();
  // The mail leaves through the job queue a moment after its event: look again until it is there.
  await expect(async () => {
    await adminPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole('button').click();
  // The mail's HTML runs in a frame no script may enter; its plain-text part, shown beneath, has the same link.
  const text = await adminPage
    .getByRole('article')
    .locator('pre')
    .filter({ hasText: mail.path })
    .textContent({ timeout: 10_000 });
  const href = new RegExp(`https?://\\S+${escapeRegExp(mail.path)}[^\\s\\]]*`).exec(text ?? '')?.[0];
  if (!href) throw new Error(`the mail has no ${mail.path} link`);
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}
