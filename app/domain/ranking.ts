/** Spec §9: the top 10 are highlighted; the user's own row shows apart only at rank 11 or worse. */
export const TOP = 10;
export const STAR_LIMIT = 5;

export function splitRanking<Row extends { id: number; ranking: number }>(rows: Row[], me: Row | null) {
  const top = [...rows].sort((a, b) => a.ranking - b.ranking).slice(0, TOP);
  const own = me && me.ranking > TOP && !top.some((row) => row.id === me.id) ? me : null;
  return { top, own };
}

export function stars(count: number): number {
  return Math.max(0, Math.min(STAR_LIMIT, Math.floor(count)));
}
