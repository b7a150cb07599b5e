import { decrement, increment, parseQuantity, purchaseAmount } from './quantity';

describe('the quantity to buy (spec section 5)', () => {
  it.each([
    ['20', 5, 20],
    ['0', 5, 0],
    ['999', 5, 999],
    ['1000', 5, 5],
    ['-3', 5, 5],
    ['2.5', 5, 5],
    ['abc', 5, 0],
    ['', 5, 0],
    [' 42 ', 1, 42],
  ])('typing %p after %p keeps %p', (raw, previous, expected) => {
    expect(parseQuantity(raw, previous)).toBe(expected);
  });

  it('minus stops at 0', () => {
    expect(decrement(1)).toBe(0);
    expect(decrement(0)).toBe(0);
  });

  it('plus counts up only while under 1000', () => {
    expect(increment(0)).toBe(1);
    expect(increment(998)).toBe(999);
    expect(increment(999)).toBe(999);
  });

  it('the amount is quantity × the A4 price', () => {
    expect(purchaseAmount(20, 500)).toBe(10_000);
    expect(purchaseAmount(0, 500)).toBe(0);
  });
});
