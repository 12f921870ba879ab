import type { SizeScale } from '@shop/contract/sizes';
import { useState } from 'react';
import { Modal } from '../../ui/modal';

interface Guide {
  title: string;
  intro: string;
  columns: readonly string[];
  rows: readonly (readonly string[])[];
  tip: string;
}

/** Body measurements for clothing, inner sizes for rings, in the units a shopper measures with. */
const GUIDES: Partial<Record<SizeScale, Guide>> = {
  clothing: {
    title: 'Dress size guide',
    intro: 'Body measurements in centimetres. Between two sizes, take the larger for a relaxed fit.',
    columns: ['Size', 'Bust', 'Waist', 'Hips'],
    rows: [
      ['XS', '80–84', '62–66', '86–90'],
      ['S', '84–88', '66–70', '90–94'],
      ['M', '88–92', '70–74', '94–98'],
      ['L', '92–98', '74–80', '98–104'],
      ['XL', '98–104', '80–86', '104–110'],
    ],
    tip: 'Measure over light clothing, keeping the tape level and snug but not tight.',
  },
  ring: {
    title: 'Ring size guide',
    intro: 'US ring sizes with the inside of the ring in millimetres.',
    columns: ['Size', 'Inner diameter', 'Inner circumference'],
    rows: [
      ['5', '15.7 mm', '49.3 mm'],
      ['6', '16.5 mm', '51.9 mm'],
      ['7', '17.3 mm', '54.4 mm'],
      ['8', '18.1 mm', '57.0 mm'],
      ['9', '18.9 mm', '59.5 mm'],
    ],
    tip: 'Wrap a strip of paper around the base of your finger, mark where it meets and measure the length.',
  },
};

/** A "Size guide" button and its dialog, for scales that have one; nothing for one-size products. */
export function SizeGuide({ scale }: { scale: SizeScale }) {
  const [open, setOpen] = useState(false);
  const guide = GUIDES[scale];
  if (!guide) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="text-sm font-medium text-ink underline underline-offset-4 hover:text-clay"
      >
        Size guide
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={guide.title} closeLabel="Close size guide">
        <p className="text-sm text-muted">{guide.intro}</p>
        <div className="mt-4 overflow-x-auto rounded-2xl border border-sand bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{guide.title}</caption>
            <thead className="bg-linen/60 text-xs tracking-wide text-muted uppercase">
              <tr>
                {guide.columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-2.5 font-medium">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-sand">
              {guide.rows.map(([size, ...cells]) => (
                <tr key={size}>
                  <th scope="row" className="px-4 py-2.5 font-medium text-ink">
                    {size}
                  </th>
                  {cells.map((cell, i) => (
                    <td key={guide.columns[i + 1]} className="px-4 py-2.5 text-ink tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-xs text-muted">{guide.tip}</p>
      </Modal>
    </>
  );
}
