import { expect, type Page } from '@playwright/test';
import { openDashboardPage, tableRow } from './dashboard';

/**
 * The shop's link whose path matches `path`, in the newest mail to `to` whose subject has `subject`, read in
 * the admin's Sent e-mails page (the dev mailbox) as the mail shows it. Answers the link's path and query,
 * to open on the journey's own shop.
 */
export async function linkFromMailbox(
  adminPage: Page,
  mail: { to: string; subject: string | RegExp; path: RegExp },
): Promise<string> {
  await openDashboardPage(adminPage, '/dashboard/sent-emails', 'Sent e-mails');
  const row = tableRow(adminPage, mail.to).filter({ hasText: mail.subject }).first();
  // The mail leaves through the job queue a moment after what caused it: look again until it is there.
  await expect(async () => {
    await adminPage.getByRole('button', { name: 'Refresh' }).click();
    await expect(row).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await row.getByRole('button').click();
  // The mail's HTML runs in a frame no script may enter; its plain-text part, shown beneath, has the same links.
  const text = await adminPage
    .getByRole('article')
    .locator('pre')
    .filter({ hasText: /https?:\/\// })
    .textContent({ timeout: 10_000 });
  // A link ends before the full stop or bracket a sentence puts after it.
  const href = (text ?? '')
    .match(/https?:\/\/[^\s\])]*[\w/=]/g)
    ?.find((link) => mail.path.test(new URL(link).pathname));
  if (!href) throw new Error(`the mail "${String(mail.subject)}" has no link to ${mail.path}`);
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}
