import { z } from 'zod';

// The catalogue as a CSV file, in the columns of Shopify's product CSV where ours fit, so a file from
// a spreadsheet or another shop can be read with few changes.

/** The columns the shop writes, in order; an import reads them by name and ignores any others. */
export const CATALOGUE_CSV_COLUMNS = [
  'Handle',
  'Title',
  'Body (HTML)',
  'Vendor',
  'Type',
  'Option1 Name',
  'Option1 Value',
  'Option2 Name',
  'Option2 Value',
  'Variant SKU',
  'Variant Price',
  'Variant Compare At Price',
  'Variant Inventory Qty',
  'Variant Image',
  'Image Src',
  'Image Position',
  'Image Alt Text',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];
export type CatalogueCsvRow = Partial<Record<CatalogueCsvColumn, string>>;

/** The columns a file cannot do without. */
export const CATALOGUE_CSV_REQUIRED_COLUMNS = ['Handle', 'Title', 'Option1 Value', 'Variant Price'] as const;

/** The option names the shop writes; an import reads the values by their place, whatever they are named. */
export const CATALOGUE_CSV_OPTIONS = { colour: 'Color', size: 'Size' } as const;

/**
 * What one import may hold: the shop reads and checks a whole file before it writes any of it (all or
 * nothing), inside the process's own memory, so a larger catalogue comes in several files. About three
 * thousand products in three colours of five sizes each.
 */
export const CATALOGUE_CSV_MAX_BYTES = 8 * 1024 * 1024;
export const CATALOGUE_CSV_MAX_ROWS = 60_000;
/** A file with more problems than this lists only the first ones: the rest are usually the same mistake. */
export const CATALOGUE_CSV_PROBLEMS_SHOWN = 500;
/** A picture fetched from another site may be no larger than an upload, and must arrive in this time. */
export const CATALOGUE_CSV_PICTURE_TIMEOUT_MS = 15_000;

export const CATALOGUE_CSV_FILE_NAME = 'catalogue.csv';

/** A name as a handle: lower case words joined by dashes. */
export function handleOf(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/** The handle the shop exports a product under: its name's and the start of its id, so a file names it again. */
export const exportedHandleOf = (name: string, id: string) => `${handleOf(name) || 'product'}-${id.slice(0, 8)}`;

export const catalogueImportQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { message: 'dryRun must be true or false' })
    .optional()
    .meta({ description: '`true` to check the file and count what it would add, writing nothing' }),
});
export type CatalogueImportQuery = z.infer<typeof catalogueImportQuerySchema>;

/** One row's problem; row 1 is the header, so a row's number is the one a spreadsheet shows. */
export const catalogueCsvProblemSchema = z.object({ row: z.number().int(), message: z.string() });
export type CatalogueCsvProblem = z.infer<typeof catalogueCsvProblemSchema>;

/** What the file adds (or, in a dry run, would add), and every problem found; with any problem nothing is added. */
export const catalogueImportResponseSchema = z.object({
  message: z.string(),
  dryRun: z.boolean(),
  products: z.number().int(),
  colours: z.number().int(),
  sizes: z.number().int(),
  problems: z.array(catalogueCsvProblemSchema),
});
export type CatalogueImportResponse = z.infer<typeof catalogueImportResponseSchema>;

export const CATALOGUE_CSV_MESSAGES = {
  checked: 'The file can be imported',
  imported: 'The catalogue was imported',
  refused: 'Nothing was imported: the file has problems',
  empty: 'The file has no rows',
  tooManyRows: `A file may have at most ${CATALOGUE_CSV_MAX_ROWS} rows: split the catalogue into several files`,
  unreadable: (reason: string) => `The file is not a CSV file the shop can read: ${reason}`,
  missingColumn: (column: string) => `The file has no "${column}" column`,
} as const;
