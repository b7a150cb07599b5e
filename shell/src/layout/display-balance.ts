/** The balance as the spec shows it: whole pages, rounded down. */
export function displayBalance(balance: number): number {
  return Math.max(0, Math.floor(balance));
}
