/** Spec §9: numbers are floored to two decimals, so a route at 99.999 % is not yet shown as done. */
export function floor2(value: number): number {
  return Math.floor(value * 100 + 1e-9) / 100;
}
