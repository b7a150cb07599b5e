/** Spec section 5: pages to buy are a whole number from 0 to 999. */
export const MIN_QUANTITY = 0;
export const MAX_QUANTITY = 999;

/**
 * What the quantity box keeps after the user types `raw`: non-numeric text becomes 0, a value outside
 * 0..999 is rejected (the previous value stays), decimals are rejected.
 */
export function parseQuantity(raw: string, previous: number): number {
  const text = raw.trim();
  if (text === '' || !/^-?\d+(\.\d+)?$/.test(text)) return 0;
  const value = Number(text);
  if (!Number.isInteger(value) || value < MIN_QUANTITY || value > MAX_QUANTITY) return previous;
  return value;
}

/** The minus button stops at 0. */
export function decrement(value: number): number {
  return Math.max(MIN_QUANTITY, value - 1);
}

/** The plus button counts up only while the result stays under 1000. */
export function increment(value: number): number {
  return value + 1 < MAX_QUANTITY + 1 ? value + 1 : value;
}

/** Money for a purchase (VND): quantity × the A4 price in force. */
export function purchaseAmount(quantity: number, a4Price: number): number {
  return quantity * a4Price;
}
