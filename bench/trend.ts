/**
 * The soak's verdict on one column (bench/soak.ts): the least-squares slope of its values per row,
 * relative to their mean (or to `floor` when the mean is smaller: a column that sits near zero,
 * like the job queue, would otherwise look "growing" at +1), flat when within `tolerance` either way.
 */
export function trend(values: number[], tolerance: number, floor: number) {
  const n = values.length;
  const meanX = (n - 1) / 2;
  const mean = values.reduce((a, b) => a + b, 0) / Math.max(1, n);
  let covariance = 0;
  let variance = 0;
  for (const [x, y] of values.entries()) {
    covariance += (x - meanX) * (y - mean);
    variance += (x - meanX) ** 2;
  }
  const slope = variance === 0 ? 0 : covariance / variance;
  const relative = slope / Math.max(Math.abs(mean), floor);
  const verdict = Math.abs(relative) <= tolerance ? "flat" : relative > 0 ? "GROWING" : "falling";
  return { slope, mean, relative, verdict };
}
