import type { Color } from '@shop/contract/constants';
import { between, darken, lighten, METALS, pick, type Rng, type Tone, toneFrom } from './palette';
import { cylinder, roundShade, sparkle } from './solids';
import type { Drawing } from './studio';
import { type Defs, ellipse, num, path } from './svg';

export const COSMETIC_KINDS = ['lipstick', 'perfume', 'compact', 'nail-polish', 'serum'] as const;
export type CosmeticKind = (typeof COSMETIC_KINDS)[number];

const CX = 600;
const FLOOR = 960;

/** The shade of the product itself (lipstick, lacquer) that goes with its packaging colour. */
const SHADE: Record<Color, string> = {
  black: '#9c1730',
  red: '#c0182c',
  gold: '#c96f5f',
  blue: '#8e2450',
  silver: '#d9848f',
  beige: '#c98a74',
  green: '#b3263a',
};

/** Gold or silver trim that goes with the packaging. */
const trimFor = (color: Color) => (color === 'silver' || color === 'blue' ? METALS.silver : METALS.gold);

function lipstick(defs: Defs, tone: Tone, color: Color, rng: Rng): Drawing {
  const trim = trimFor(color);
  const bullet = toneFrom(SHADE[color]);
  const x = CX - 90;
  const caseTop = 640;
  const bulletPath = `M ${x - 46} 520 L ${x - 46} 430 C ${x - 46} 400 ${x + 10} 372 ${x + 46} 348 L ${x + 46} 520 Z`;
  const capX = CX + 130;
  return {
    content:
      cylinder(defs, x, caseTop, 140, FLOOR - caseTop, tone, 0.7) +
      cylinder(defs, x, 520, 112, caseTop - 520 + 6, trim, 0.95) +
      path(bulletPath, roundShade(defs, bullet, 0.9)) +
      ellipse(x, 520, 46, 9, bullet.dark) +
      path(
        `M ${x - 46} 430 C ${x - 46} 400 ${x + 10} 372 ${x + 46} 348`,
        'none',
        `stroke="${bullet.shine}" stroke-opacity="0.5" stroke-width="5"`,
      ) +
      cylinder(defs, capX, between(rng, 600, 640), 150, FLOOR - 620, tone, 0.7) +
      ellipse(capX, 620, 52, 8, darken(tone.base, 0.6), 'opacity="0.8"') +
      path(
        `M ${capX - 75} ${FLOOR - 40} L ${capX + 75} ${FLOOR - 40} L ${capX + 75} ${FLOOR - 28} L ${capX - 75} ${FLOOR - 28} Z`,
        trim.base,
        'opacity="0.9"',
      ) +
      sparkle(x - 30, 560, 20),
    shadows: [
      { cx: x + 20, cy: FLOOR + 8, rx: 120, ry: 22, strength: 0.5 },
      { cx: capX + 20, cy: FLOOR + 8, rx: 130, ry: 24, strength: 0.5 },
    ],
    bounds: [x - 80, 340, capX + 80, FLOOR + 20],
  };
}

function perfume(defs: Defs, tone: Tone, color: Color, rng: Rng): Drawing {
  const trim = trimFor(color);
  const w = between(rng, 170, 210);
  const top = between(rng, 500, 540);
  const liquid = lighten(tone.base, color === 'black' ? 0.15 : 0.2);
  const bottle = `M ${CX - w} ${top + 40} Q ${CX - w} ${top} ${CX - w + 40} ${top} L ${CX + w - 40} ${top} Q ${CX + w} ${top} ${CX + w} ${top + 40} L ${CX + w} ${FLOOR - 30} Q ${CX + w} ${FLOOR} ${CX + w - 30} ${FLOOR} L ${CX - w + 30} ${FLOOR} Q ${CX - w} ${FLOOR} ${CX - w} ${FLOOR - 30} Z`;
  const inset = 26;
  const juice = `M ${CX - w + inset} ${top + 90} L ${CX + w - inset} ${top + 90} L ${CX + w - inset} ${FLOOR - inset - 10} Q ${CX + w - inset} ${FLOOR - inset} ${CX + w - inset - 14} ${FLOOR - inset} L ${CX - w + inset + 14} ${FLOOR - inset} Q ${CX - w + inset} ${FLOOR - inset} ${CX - w + inset} ${FLOOR - inset - 10} Z`;
  const glass = defs.linear(
    [
      [0, '#ffffff', 0.55],
      [0.12, '#ffffff', 0.15],
      [0.5, '#ffffff', 0.05],
      [0.85, '#ffffff', 0.2],
      [1, '#ffffff', 0.5],
    ],
    0,
    0,
    1,
    0,
  );
  const juiceFill = defs.linear(
    [
      [0, darken(liquid, 0.25)],
      [0.3, liquid],
      [0.7, tone.base],
      [1, tone.dark],
    ],
    0,
    0,
    1,
    0,
  );
  const capW = between(rng, 70, 100);
  const neck = `M ${CX - 44} ${top - 40} L ${CX + 44} ${top - 40} L ${CX + 44} ${top + 2} L ${CX - 44} ${top + 2} Z`;
  const cap =
    rng() < 0.5
      ? `M ${CX - capW} ${top - 200} L ${CX + capW} ${top - 200} L ${CX + capW} ${top - 40} L ${CX - capW} ${top - 40} Z`
      : `M ${CX - capW} ${top - 40} C ${CX - capW} ${top - 180} ${CX + capW} ${top - 180} ${CX + capW} ${top - 40} Z`;
  const label = `<rect x="${CX - 90}" y="${num((top + FLOOR) / 2 - 30)}" width="180" height="70" rx="4" fill="#f8f4ec" opacity="0.92"/><rect x="${CX - 60}" y="${num((top + FLOOR) / 2 - 8)}" width="120" height="6" fill="${trim.dark}"/><rect x="${CX - 40}" y="${num((top + FLOOR) / 2 + 12)}" width="80" height="4" fill="${trim.dark}" opacity="0.6"/>`;
  return {
    content:
      path(bottle, darken(tone.base, 0.1), 'opacity="0.35"') +
      path(juice, juiceFill) +
      path(bottle, glass) +
      path(bottle, 'none', `stroke="#ffffff" stroke-opacity="0.7" stroke-width="5"`) +
      path(
        `M ${CX - w + 14} ${top + 40} L ${CX - w + 14} ${FLOOR - 40}`,
        'none',
        'stroke="#ffffff" stroke-opacity="0.8" stroke-width="10" stroke-linecap="round"',
      ) +
      label +
      path(neck, roundShade(defs, trim)) +
      path(cap, roundShade(defs, color === 'black' ? METALS.dark : trim, 0.9)) +
      sparkle(CX - capW + 20, top - 150, 22),
    shadows: [{ cx: CX + 20, cy: FLOOR + 8, rx: w + 70, ry: 34, strength: 0.45 }],
    bounds: [CX - w - 10, top - 200, CX + w + 10, FLOOR + 20],
  };
}

function compact(defs: Defs, tone: Tone, color: Color, rng: Rng): Drawing {
  const trim = trimFor(color);
  const powder = toneFrom(pick(rng, ['#e8c4a8', '#e3a99a', '#d9b08c', '#f0cdbb']), 0.5);
  const cy = 800;
  const rx = 260;
  const ry = 110;
  const lidCy = 520;
  const mirror = defs.linear(
    [
      [0, '#f4f7fa'],
      [0.4, '#c9d2dc'],
      [0.55, '#ffffff'],
      [1, '#9aa6b3'],
    ],
    0,
    0,
    1,
    1,
  );
  return {
    content:
      ellipse(CX, lidCy, rx, 210, roundShade(defs, tone, 0.5)) +
      ellipse(CX, lidCy, rx - 26, 184, mirror) +
      ellipse(CX, lidCy, rx - 26, 184, 'none', `stroke="${trim.base}" stroke-width="6"`) +
      path(
        `M ${CX - 60} ${lidCy + 150} L ${CX + 60} ${lidCy + 150} L ${CX + 50} ${cy - ry + 10} L ${CX - 50} ${cy - ry + 10} Z`,
        trim.dark,
      ) +
      ellipse(CX, cy + 26, rx, ry, tone.deep) +
      ellipse(CX, cy, rx, ry, roundShade(defs, tone, 0.5)) +
      ellipse(CX, cy - 4, rx - 34, ry - 18, trim.base) +
      ellipse(
        CX,
        cy - 2,
        rx - 44,
        ry - 26,
        defs.radial(
          [
            [0, powder.light],
            [0.8, powder.base],
            [1, powder.dark],
          ],
          0.45,
          0.4,
          0.6,
        ),
      ) +
      ellipse(CX - 40, cy - 10, 90, 30, '#ffffff', 'opacity="0.18"') +
      sparkle(CX - 130, lidCy - 80, 30),
    shadows: [{ cx: CX + 20, cy: cy + 60, rx: rx + 60, ry: 60, strength: 0.42 }],
    bounds: [CX - rx - 10, lidCy - 215, CX + rx + 10, cy + ry + 40],
  };
}

function nailPolish(defs: Defs, tone: Tone, color: Color, rng: Rng): Drawing {
  const lacquer = toneFrom(
    color === 'gold' || color === 'silver' || color === 'black' || color === 'beige'
      ? tone.base
      : SHADE[color] === '#c0182c'
        ? '#c0182c'
        : tone.base,
  );
  const w = between(rng, 130, 150);
  const top = 650;
  const bottle = `M ${CX - w} ${top + 50} Q ${CX - w} ${top} ${CX - w + 50} ${top} L ${CX + w - 50} ${top} Q ${CX + w} ${top} ${CX + w} ${top + 50} L ${CX + w} ${FLOOR - 40} Q ${CX + w} ${FLOOR} ${CX + w - 40} ${FLOOR} L ${CX - w + 40} ${FLOOR} Q ${CX - w} ${FLOOR} ${CX - w} ${FLOOR - 40} Z`;
  const glass = defs.linear(
    [
      [0, '#ffffff', 0.5],
      [0.15, '#ffffff', 0.08],
      [0.8, '#ffffff', 0.1],
      [1, '#ffffff', 0.4],
    ],
    0,
    0,
    1,
    0,
  );
  const capTone = pick(rng, [METALS.dark, METALS.gold, toneFrom('#f1ece4', 0.6)]);
  return {
    content:
      path(bottle, roundShade(defs, lacquer, 0.9)) +
      path(bottle, glass) +
      path(
        `M ${CX - w + 18} ${top + 50} L ${CX - w + 18} ${FLOOR - 50}`,
        'none',
        'stroke="#ffffff" stroke-opacity="0.75" stroke-width="12" stroke-linecap="round"',
      ) +
      cylinder(defs, CX, top - 40, 110, 46, METALS.silver) +
      cylinder(defs, CX, 300, 96, top - 40 - 300, capTone, 0.8) +
      sparkle(CX - w + 40, top + 80, 26),
    shadows: [{ cx: CX + 20, cy: FLOOR + 8, rx: w + 60, ry: 28, strength: 0.5 }],
    bounds: [CX - w - 10, 290, CX + w + 10, FLOOR + 20],
  };
}

function serum(defs: Defs, tone: Tone, color: Color, rng: Rng): Drawing {
  const glassTone = color === 'gold' || color === 'beige' ? toneFrom('#a8641f') : tone;
  const w = between(rng, 110, 130);
  const top = 620;
  const shoulder = `M ${CX - w} ${FLOOR - 30} L ${CX - w} ${top + 70} Q ${CX - w} ${top + 10} ${CX - 50} ${top} L ${CX + 50} ${top} Q ${CX + w} ${top + 10} ${CX + w} ${top + 70} L ${CX + w} ${FLOOR - 30} Q ${CX + w} ${FLOOR} ${CX + w - 30} ${FLOOR} L ${CX - w + 30} ${FLOOR} Q ${CX - w} ${FLOOR} ${CX - w} ${FLOOR - 30} Z`;
  const glassFill = defs.linear(
    [
      [0, darken(glassTone.base, 0.3)],
      [0.25, lighten(glassTone.base, 0.25)],
      [0.35, lighten(glassTone.base, 0.5)],
      [0.5, glassTone.base],
      [1, darken(glassTone.base, 0.45)],
    ],
    0,
    0,
    1,
    0,
  );
  const bulb = toneFrom(pick(rng, ['#1f1f23', '#f2ede6', '#2b2b30']), 0.8);
  const label = `<rect x="${CX - w}" y="${top + 140}" width="${2 * w}" height="150" fill="#f6f1e8"/><rect x="${CX - w + 40}" y="${top + 190}" width="${2 * w - 80}" height="8" fill="${darken(glassTone.base, 0.3)}"/><rect x="${CX - w + 60}" y="${top + 214}" width="${2 * w - 120}" height="5" fill="${darken(glassTone.base, 0.3)}" opacity="0.6"/>`;
  return {
    content:
      path(shoulder, glassFill) +
      label +
      path(
        `M ${CX - w + 16} ${top + 70} L ${CX - w + 16} ${FLOOR - 40}`,
        'none',
        'stroke="#ffffff" stroke-opacity="0.55" stroke-width="10" stroke-linecap="round"',
      ) +
      cylinder(defs, CX, top - 70, 100, 80, METALS.gold) +
      path(
        `M ${CX - 40} ${top - 70} L ${CX - 40} ${top - 170} C ${CX - 40} ${top - 260} ${CX + 40} ${top - 260} ${CX + 40} ${top - 170} L ${CX + 40} ${top - 70} Z`,
        roundShade(defs, bulb, 0.6),
      ) +
      sparkle(CX - w + 30, top + 100, 24),
    shadows: [{ cx: CX + 20, cy: FLOOR + 8, rx: w + 60, ry: 26, strength: 0.5 }],
    bounds: [CX - w - 10, top - 260, CX + w + 10, FLOOR + 20],
  };
}

const DRAW: Record<CosmeticKind, (defs: Defs, tone: Tone, color: Color, rng: Rng) => Drawing> = {
  lipstick,
  perfume,
  compact,
  'nail-polish': nailPolish,
  serum,
};

export function drawCosmetic(kind: CosmeticKind, defs: Defs, tone: Tone, color: Color, rng: Rng): Drawing {
  return DRAW[kind](defs, tone, color, rng);
}
