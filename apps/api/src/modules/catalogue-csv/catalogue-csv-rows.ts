import {
  CATALOGUE_CSV_MAX_ROWS,
  CATALOGUE_CSV_MESSAGES,
  CATALOGUE_CSV_REQUIRED_COLUMNS,
  type CatalogueCsvProblem,
  type CatalogueCsvRow,
} from '@shop/contract/catalogue-csv';
import { dollarsSchema } from '@shop/contract/common';
import { CATEGORIES, type Category, COLORS, type Color } from '@shop/contract/constants';
import { ALL_SIZES, MAX_STOCK, ONE_SIZE } from '@shop/contract/inventory';
import { parse } from 'csv-parse/sync';

// A CSV file read into rows grouped by handle, each value checked where it stands, so a problem names
// the row a spreadsheet shows.

/** A size of a colour as the file gives it. */
export interface SizeLine {
  row: number;
  size: string;
  onHand: number;
  price: number;
}

/** A picture as the file gives it; its colour is the row's, or found from the colours' first pictures. */
export interface PictureLine {
  row: number;
  url: string;
  alt: string;
  position: number;
  color?: Color;
}

export interface ColourLines {
  row: number;
  color: Color;
  firstPicture?: string;
  sizes: SizeLine[];
}

/** One handle's rows: the product's fields from its first row that has a title. */
export interface HandleLines {
  handle: string;
  row: number;
  title?: string;
  body: string;
  category?: Category;
  oldPrice?: number | null;
  colours: ColourLines[];
  pictures: PictureLine[];
  /** Whether a row of it had a problem: the product it would make is not checked, its rows' problems say why. */
  broken: boolean;
}

export interface ReadFile {
  handles: HandleLines[];
  problems: CatalogueCsvProblem[];
}

/** Row 1 is the header: the first record is row 2, as a spreadsheet numbers it. */
const FIRST_ROW = 2;

const value = (row: CatalogueCsvRow, column: keyof CatalogueCsvRow) => (row[column] ?? '').trim();

/** A key of COLORS from a colour's name in any case: anything else is a problem naming the allowed ones. */
export function colorOf(text: string): Color | string {
  const key = text.toLowerCase();
  const found = COLORS.find((c) => c === key);
  return found ?? `Color "${text}" is not one of ${COLORS.join(', ')}`;
}

function sizeOf(text: string): string | { problem: string } {
  if (text === '') return ONE_SIZE;
  const found = ALL_SIZES.find((s) => s.toLowerCase() === text.toLowerCase());
  return found ?? { problem: `Size "${text}" is not one of ${ALL_SIZES.join(', ')}` };
}

function priceOf(text: string, what: string): number | { problem: string } {
  const parsed = dollarsSchema.safeParse(text);
  return parsed.success ? parsed.data : { problem: `${what}: ${parsed.error.issues[0]?.message ?? 'not a price'}` };
}

function stockOf(text: string): number | { problem: string } {
  if (text === '') return 0;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > MAX_STOCK) {
    return { problem: `Variant Inventory Qty must be a whole number from 0 to ${MAX_STOCK}` };
  }
  return n;
}

/** Parses the text with the CSV package; a file it cannot read is one problem on row 1. */
export function parseCsv(text: string): { rows: CatalogueCsvRow[]; problems: CatalogueCsvProblem[] } {
  let rows: CatalogueCsvRow[];
  try {
    rows = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: false,
      to: CATALOGUE_CSV_MAX_ROWS + 1,
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : 'unreadable';
    return { rows: [], problems: [{ row: 1, message: CATALOGUE_CSV_MESSAGES.unreadable(reason) }] };
  }
  if (rows.length === 0) return { rows, problems: [{ row: 1, message: CATALOGUE_CSV_MESSAGES.empty }] };
  if (rows.length > CATALOGUE_CSV_MAX_ROWS) {
    return { rows: [], problems: [{ row: 1, message: CATALOGUE_CSV_MESSAGES.tooManyRows }] };
  }
  const header = Object.keys(rows[0] ?? {});
  const missing = CATALOGUE_CSV_REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  return { rows, problems: missing.map((c) => ({ row: 1, message: CATALOGUE_CSV_MESSAGES.missingColumn(c) })) };
}

/** A row that sells something: it has a price, a size or a stock count. Others may only carry pictures. */
const isSizeRow = (row: CatalogueCsvRow) =>
  value(row, 'Variant Price') !== '' ||
  value(row, 'Option2 Value') !== '' ||
  value(row, 'Variant Inventory Qty') !== '';

function readProductFields(lines: HandleLines, row: CatalogueCsvRow, at: number, problems: CatalogueCsvProblem[]) {
  if (lines.title !== undefined || value(row, 'Title') === '') return;
  lines.title = value(row, 'Title');
  lines.row = at;
  lines.body = value(row, 'Body (HTML)');
  const type = value(row, 'Type').toLowerCase();
  const category = CATEGORIES.find((c) => c === type);
  if (category) lines.category = category;
  else problems.push({ row: at, message: `Type "${value(row, 'Type')}" is not one of ${CATEGORIES.join(', ')}` });
  const compareAt = value(row, 'Variant Compare At Price');
  if (compareAt === '') lines.oldPrice = null;
  else {
    const old = priceOf(compareAt, 'Variant Compare At Price');
    if (typeof old === 'number') lines.oldPrice = old;
    else problems.push({ row: at, message: old.problem });
  }
}

function readSize(lines: HandleLines, row: CatalogueCsvRow, at: number, problems: CatalogueCsvProblem[]) {
  const colourText = value(row, 'Option1 Value');
  const color = colourText === '' ? 'Option1 Value (Color) is required' : colorOf(colourText);
  const size = sizeOf(value(row, 'Option2 Value'));
  const price = priceOf(value(row, 'Variant Price'), 'Variant Price');
  const onHand = stockOf(value(row, 'Variant Inventory Qty'));
  const rowProblems = [
    COLORS.includes(color as Color) ? undefined : color,
    typeof size === 'object' ? size.problem : undefined,
    typeof price === 'object' ? price.problem : undefined,
    typeof onHand === 'object' ? onHand.problem : undefined,
  ].filter((p): p is string => p !== undefined);
  problems.push(...rowProblems.map((message) => ({ row: at, message })));
  if (rowProblems.length > 0) return;
  const key = color as Color;
  let colour = lines.colours.find((c) => c.color === key);
  if (!colour) {
    colour = { row: at, color: key, sizes: [] };
    lines.colours.push(colour);
  }
  const twin = colour.sizes.find((s) => s.size === size);
  if (twin) {
    problems.push({ row: at, message: `Size ${size} of ${colourText} appears twice (rows ${twin.row} and ${at})` });
    return;
  }
  colour.sizes.push({ row: at, size: size as string, onHand: onHand as number, price: price as number });
  const first = value(row, 'Variant Image');
  if (first !== '' && colour.firstPicture === undefined) colour.firstPicture = first;
}

function readPicture(lines: HandleLines, row: CatalogueCsvRow, at: number, problems: CatalogueCsvProblem[]) {
  const url = value(row, 'Image Src');
  if (url === '') return;
  const colourText = value(row, 'Option1 Value');
  const color = colourText === '' ? undefined : colorOf(colourText);
  if (color !== undefined && !COLORS.includes(color as Color)) {
    if (!isSizeRow(row)) problems.push({ row: at, message: color });
    return;
  }
  const positionText = value(row, 'Image Position');
  const position = /^\d+$/.test(positionText) ? Number(positionText) : Number.MAX_SAFE_INTEGER;
  lines.pictures.push({ row: at, url, alt: value(row, 'Image Alt Text'), position, color: color as Color | undefined });
}

/** Groups the rows by handle, in the order handles first appear, and checks each value. */
export function readRows(rows: readonly CatalogueCsvRow[]): ReadFile {
  const problems: CatalogueCsvProblem[] = [];
  const byHandle = new Map<string, HandleLines>();
  rows.forEach((row, index) => {
    const at = index + FIRST_ROW;
    const handle = value(row, 'Handle');
    if (handle === '') {
      problems.push({ row: at, message: 'Handle is required' });
      return;
    }
    let lines = byHandle.get(handle);
    if (!lines) {
      lines = { handle, row: at, body: '', colours: [], pictures: [], broken: false };
      byHandle.set(handle, lines);
    }
    const before = problems.length;
    readProductFields(lines, row, at, problems);
    if (isSizeRow(row)) readSize(lines, row, at, problems);
    readPicture(lines, row, at, problems);
    if (problems.length > before) lines.broken = true;
  });
  for (const lines of byHandle.values()) {
    if (lines.title !== undefined) continue;
    problems.push({ row: lines.row, message: `Title is required (${lines.handle})` });
    lines.broken = true;
  }
  return { handles: [...byHandle.values()], problems };
}
