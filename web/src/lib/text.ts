/**
 * `text` on one line, cut at a word boundary to at most `max` characters with an ellipsis
 * when longer (issue 19: long titles are shortened in banners and cards, shown whole where
 * there is room).
 */
export function ellipsize(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
