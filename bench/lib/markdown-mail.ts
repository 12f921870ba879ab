import { fmt, table } from './markdown-table';
import type { BenchJson } from './report';

// The mail rows of the report in Markdown: the confirmations of many orders, and a restock's notices.

function confirmations(json: BenchJson): string[] {
  if (json.mail.seconds === null) return [];
  return [
    '',
    '## Mail (confirmation mails through the job queue to a local SMTP server)',
    '',
    table(
      ['orders', 'all mails delivered', 'of which making the orders', 'after the last order', 'duplicates'],
      [
        [
          fmt(json.mail.orders),
          `${fmt(json.mail.seconds, 1)} s`,
          `${fmt(json.mail.purchaseSeconds, 1)} s`,
          `${fmt(json.mail.tailSeconds, 1)} s`,
          fmt(json.mail.duplicates),
        ],
      ],
    ),
  ];
}

function backInStock(json: BenchJson): string[] {
  const row = json.back_in_stock;
  if (row.seconds === null) return [];
  return [
    '',
    '## Back in stock (a restock tells every waiting shopper, through the job queue to a local SMTP server)',
    '',
    table(
      ['waiting shoppers', 'all mails delivered after the restock', 'duplicates'],
      [[fmt(row.waiting), `${fmt(row.seconds, 1)} s`, fmt(row.duplicates)]],
    ),
  ];
}

export const mailSection = (json: BenchJson): string[] => [...confirmations(json), ...backInStock(json)];
