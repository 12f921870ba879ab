import type { CatalogueCsvProblem } from '@shop/contract/catalogue-csv';
import type { Color } from '@shop/contract/constants';
import { CATEGORY_SIZE_SCALES, SIZE_SCALES, type SizeLabel, type SizeScale } from '@shop/contract/inventory';
import { type ProductColourInput, type ProductInput, productInputSchema } from '@shop/contract/products';
import { convert } from 'html-to-text';
import { colourName } from '../products/product-colours';
import type { ColourLines, HandleLines, PictureLine } from './catalogue-csv-rows';

// A handle's rows made into the product the admin's form would send, and checked by the same schema, so
// a file cannot add what the form could not.

export interface PlannedProduct {
  handle: string;
  row: number;
  input: ProductInput & { colours: ProductColourInput[] };
  sizeScale: SizeScale;
}

/** The description as text: a Body (HTML) from another shop loses its tags, plain text stays as it is. */
const textOf = (body: string) => (/<[a-z/!]/i.test(body) ? convert(body, { wordwrap: false }).trim() : body);

/** Each picture goes to its row's colour, to the colour it is the first picture of, or to the one before it. */
function picturesByColour(lines: HandleLines): Map<Color, PictureLine[]> {
  const first = lines.colours[0]?.color;
  const byColour = new Map<Color, PictureLine[]>(lines.colours.map((c) => [c.color, []]));
  const sorted = [...lines.pictures].sort((a, b) => a.position - b.position || a.row - b.row);
  let previous: Color | undefined = first;
  for (const picture of sorted) {
    const owner =
      picture.color ?? lines.colours.find((c) => c.firstPicture === picture.url)?.color ?? previous ?? first;
    if (!owner) continue;
    previous = owner;
    const list = byColour.get(owner) ?? [];
    if (!list.some((p) => p.url === picture.url)) list.push(picture);
    byColour.set(owner, list);
  }
  for (const colour of lines.colours) {
    const list = byColour.get(colour.color) ?? [];
    const url = colour.firstPicture;
    if (url === undefined) continue;
    const at = list.findIndex((p) => p.url === url);
    const [picture] = at >= 0 ? list.splice(at, 1) : [{ row: colour.row, url, alt: '', position: 0 }];
    if (picture) list.unshift(picture);
  }
  return byColour;
}

/** The first scale of the category that holds every size given; the category's usual one when none does. */
function scaleOf(lines: HandleLines): SizeScale {
  const scales = lines.category ? CATEGORY_SIZE_SCALES[lines.category] : ['one' as const];
  const sizes = new Set(lines.colours.flatMap((c) => c.sizes.map((s) => s.size)));
  return (
    scales.find((scale) => [...sizes].every((s) => (SIZE_SCALES[scale] as readonly string[]).includes(s))) ??
    scales[0] ??
    'one'
  );
}

function colourInput(
  colour: ColourLines,
  pictures: readonly PictureLine[],
  name: string,
  price: number,
): ProductColourInput {
  const own = colour.sizes[0]?.price ?? price;
  return {
    color: colour.color,
    price: own === price ? null : own,
    pictures: pictures.map((p) => ({ url: p.url, alt: p.alt || `${name} in ${colourName(colour.color)}` })),
    variants: colour.sizes.map((s) => ({ size: s.size as SizeLabel, onHand: s.onHand })),
  };
}

/** The row a schema issue belongs to: a picture's, a colour's, or the product's first. */
function rowOfIssue(lines: HandleLines, path: readonly PropertyKey[], pictures: Map<Color, PictureLine[]>): number {
  if (path[0] !== 'colours' || typeof path[1] !== 'number') return lines.row;
  const colour = lines.colours[path[1]];
  if (!colour) return lines.row;
  if (path[2] === 'pictures') {
    const list = pictures.get(colour.color) ?? [];
    const index = typeof path[3] === 'number' ? path[3] : list.length - 1;
    return list[index]?.row ?? colour.row;
  }
  return colour.row;
}

/** The product a handle's rows describe, or the problems that stop it, each on its row. */
export function planProduct(lines: HandleLines): PlannedProduct | CatalogueCsvProblem[] {
  const problems: CatalogueCsvProblem[] = [];
  const name = lines.title ?? '';
  const price = lines.colours[0]?.sizes[0]?.price ?? 0;
  for (const colour of lines.colours) {
    const twin = colour.sizes.find((s) => s.price !== colour.sizes[0]?.price);
    if (twin) problems.push({ row: twin.row, message: 'The sizes of one colour must have the same Variant Price' });
  }
  const pictures = picturesByColour(lines);
  const colours = lines.colours.map((c) => colourInput(c, pictures.get(c.color) ?? [], name, price));
  const sizeScale = scaleOf(lines);
  const parsed = productInputSchema.safeParse({
    name,
    category: lines.category,
    color: colours[0]?.color,
    price,
    oldPrice: lines.oldPrice,
    description: textOf(lines.body),
    image: colours[0]?.pictures[0]?.url ?? '',
    sizeScale,
    colours,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      // A wrong category and a missing title have their own problem on the row already.
      if (issue.path[0] === 'category' || (issue.path[0] === 'name' && lines.title === undefined)) continue;
      if (issue.path[0] === 'image' && colours.length > 0) continue;
      problems.push({ row: rowOfIssue(lines, issue.path, pictures), message: `${lines.handle}: ${issue.message}` });
    }
  }
  if (problems.length > 0 || !parsed.success) return problems;
  return {
    handle: lines.handle,
    row: lines.row,
    input: { ...parsed.data, colours: parsed.data.colours ?? [] },
    sizeScale,
  };
}
