/** Up to two initials of an agency name: 'Northwind Media' → 'NM', 'essence' → 'E'. */
export function initialsOf(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
  return words
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** A stable colour per name, dark enough for white initials. */
export function colorOf(name: string): string {
  let hash = 0;
  for (const char of name) {
    hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  }
  return `hsl(${hash}, 45%, 35%)`;
}
