/** Spec §9: prices are in cents, shown as dollars with two decimals. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '−' : '';
  return `${sign}$${(Math.abs(cents) / 100).toFixed(2)}`;
}
