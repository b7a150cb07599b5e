/** VND as Vietnamese readers expect it: '10.000 ₫'. */
export function formatVnd(amount: number): string {
  return new Intl.NumberFormat('vi-VN', { style: 'currency', currency: 'VND', maximumFractionDigits: 0 }).format(
    amount,
  );
}

/** Spec: the batch and ID show as the first 10 characters of the id; the semester as the last 3 of shortContent. */
export const paymentShortId = (id: string) => id.slice(0, 10);
export const semesterLabel = (shortContent: string) => shortContent.slice(-3);
