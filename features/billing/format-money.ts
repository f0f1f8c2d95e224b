// Amounts arrive in minor units (cents): "$50.00", or "$50" for whole prices in a catalog.
export function formatMoney(amount: number, currency: string, options: { whole?: boolean } = {}): string {
  const whole = options.whole && amount % 100 === 0;
  return new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(amount / 100);
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US").format(value);
}
