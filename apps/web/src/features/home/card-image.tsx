/** A home card's picture: decorative (the card's words name it), its size reserved, loaded as it nears the screen. */
export function CardImage({ name, height, className }: { name: string; height: number; className: string }) {
  return <img src={`/images/${name}.svg`} alt="" width={800} height={height} loading="lazy" className={className} />;
}
