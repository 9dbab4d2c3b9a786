/** The smallest "round" axis maximum at or above the busiest day (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10^k). */
export function roundAxisMax(max: number): number {
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].find((factor) => factor * magnitude >= max) ?? 10;
  return step * magnitude;
}
