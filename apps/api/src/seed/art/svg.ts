/** A colour stop: offset 0..1, colour, opacity. */
export type Stop = readonly [number, string, number?];

const stopsXml = (stops: readonly Stop[]) =>
  stops
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`)
    .join('');

const num = (n: number) => Number(n.toFixed(1));

/** Collects the gradients, clips and filters of one picture and hands out their references. */
export class Defs {
  private readonly parts: string[] = [];
  private count = 0;

  private id(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }

  /** A gradient across the shape's own box: (0,0) top left, (1,1) bottom right. */
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const id = this.id('l');
    this.parts.push(
      `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  /** A gradient in picture coordinates, for shading that must line up across several shapes. */
  linearAt(stops: readonly Stop[], x1: number, y1: number, x2: number, y2: number): string {
    const id = this.id('g');
    this.parts.push(
      `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${num(x1)}" y1="${num(y1)}" x2="${num(x2)}" y2="${num(y2)}">${stopsXml(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }

  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy): string {
    const id = this.id('r');
    this.parts.push(
      `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}" fx="${fx}" fy="${fy}">${stopsXml(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }

  clip(d: string): string {
    const id = this.id('c');
    this.parts.push(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return `url(#${id})`;
  }

  /** A pattern tile in picture coordinates, drawn by `content` inside a width x height box. */
  pattern(width: number, height: number, content: string, transform = ''): string {
    const id = this.id('p');
    this.parts.push(
      `<pattern id="${id}" patternUnits="userSpaceOnUse" width="${width}" height="${height}"${transform ? ` patternTransform="${transform}"` : ''}>${content}</pattern>`,
    );
    return `url(#${id})`;
  }

  toString(): string {
    return `<defs>${this.parts.join('')}</defs>`;
  }
}

export const path = (d: string, fill: string, extra = '') =>
  `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${num(cx)}" cy="${num(cy)}" rx="${num(rx)}" ry="${num(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
export const group = (content: string, extra: string) => `<g ${extra}>${content}</g>`;
export { num };
