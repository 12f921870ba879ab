import type { Color } from '@shop/contract/constants';

export type Rng = () => number;

/** mulberry32: a small seeded generator, so each product's picture is the same on every start. */
export function rngOf(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (rng: Rng, min: number, max: number) => min + (max - min) * rng();
export function pick<T>(rng: Rng, list: readonly T[]): T {
  const item = list[Math.floor(rng() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function toRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes two #rrggbb colours; t = 0 gives a, t = 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = toRgb(a);
  const [br, bg, bb] = toRgb(b);
  const channel = (x: number, y: number) =>
    Math.round(x + (y - x) * t)
      .toString(16)
      .padStart(2, '0');
  return `#${channel(ar, br)}${channel(ag, bg)}${channel(ab, bb)}`;
}
export const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
export const darken = (c: string, t: number) => mix(c, '#000000', t);

/** One material in five values, from the deepest crease to the brightest highlight. */
export interface Tone {
  deep: string;
  dark: string;
  base: string;
  light: string;
  shine: string;
}

export function toneFrom(base: string, contrast = 1): Tone {
  return {
    deep: darken(base, 0.55 * contrast),
    dark: darken(base, 0.3 * contrast),
    base,
    light: lighten(base, 0.28 * contrast),
    shine: lighten(base, 0.65),
  };
}

/** Several real-world shades per catalogue colour; the seed picks one. */
const SHADES: Record<Color, readonly string[]> = {
  black: ['#26262b', '#2d2a2e', '#232529'],
  red: ['#b3202c', '#c0392b', '#9e1b32', '#cc2f3a'],
  gold: ['#c9a04a', '#d2ab45', '#bf9443'],
  blue: ['#2d4f8e', '#22427c', '#3a67ab', '#2a4a78'],
  silver: ['#b4b9c1', '#a8adb6', '#c0c4ca'],
  beige: ['#d6c0a0', '#cdb38e', '#dcc7a8'],
  green: ['#2f6b4f', '#3b7656', '#4f6b34', '#22604c'],
};

export function productTone(color: Color, rng: Rng): Tone {
  const base = pick(rng, SHADES[color]);
  // Black needs more lift in its highlights to read as a shape; pale colours need less.
  const tone = toneFrom(base, color === 'silver' || color === 'beige' ? 0.8 : 1);
  return color === 'black' ? { ...tone, light: '#4a4a52', shine: '#8d8d96' } : tone;
}

export const METALS = {
  gold: toneFrom('#d1a54a'),
  silver: toneFrom('#c3c7cd', 0.9),
  rose: toneFrom('#d49a86'),
  dark: toneFrom('#3a3a40'),
} satisfies Record<string, Tone>;

export interface Backdrop {
  name: string;
  top: string;
  bottom: string;
}

const BACKDROPS: readonly Backdrop[] = [
  { name: 'cream', top: '#f7f2ea', bottom: '#e8ddcd' },
  { name: 'blush', top: '#f8edea', bottom: '#ead4cf' },
  { name: 'sage', top: '#eff2ec', bottom: '#d8e0d2' },
  { name: 'powder', top: '#eef2f6', bottom: '#d6dee8' },
  { name: 'lilac', top: '#f3f0f6', bottom: '#dfd8e8' },
  { name: 'sand', top: '#f5efe5', bottom: '#e3d6c2' },
  { name: 'stone', top: '#f2f1ef', bottom: '#dcd8d2' },
  { name: 'peach', top: '#fcf1ea', bottom: '#efd9ca' },
];

/** Backdrops that would swallow a product of that colour. */
const CLASHES: Partial<Record<Color, readonly string[]>> = {
  beige: ['cream', 'sand', 'peach'],
  gold: ['cream', 'sand'],
  silver: ['stone', 'powder'],
  green: ['sage'],
  blue: ['powder'],
  red: ['blush', 'peach'],
};

export function backdropFor(color: Color, rng: Rng): Backdrop {
  const avoid = CLASHES[color] ?? [];
  return pick(
    rng,
    BACKDROPS.filter((b) => !avoid.includes(b.name)),
  );
}
