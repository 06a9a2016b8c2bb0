/** What an order's tax was charged on (decision 054), in minor units and basis points. */
export interface OrderTaxBasis {
  /** The lines' totals less their voucher discount shares, as the placed lines keep them. */
  taxableAmount: number;
  /** The one rate every line was taxed at; null when the lines' rates differ. */
  taxRate: number | null;
}

/** The tax basis of an order from its lines as placed; placed orders are never recomputed. */
export function orderTaxBasis(lines: ReadonlyArray<{ taxableAmount: number; taxRate: number }>): OrderTaxBasis {
  const rates = new Set(lines.map((line) => line.taxRate));
  return {
    taxableAmount: lines.reduce((sum, line) => sum + line.taxableAmount, 0),
    taxRate: rates.size === 1 ? [...rates][0]! : null,
  };
}
