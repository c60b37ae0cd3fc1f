/** One row of the built-in orders table. */
export interface Order {
  id: string;
  date: string;
  customer: string;
  product: string;
  quantity: number;
  total: number;
}

/** Column order of every export. */
export const ORDER_COLUMNS = ['id', 'date', 'customer', 'product', 'quantity', 'total'] as const;

const CUSTOMERS = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Katherine Johnson',
  'Margaret Hamilton',
  'Edsger Dijkstra',
  'Barbara Liskov',
];
// One product name holds a comma and a quote, so CSV escaping is exercised.
const PRODUCTS: readonly [string, number][] = [
  ['Keyboard', 49.9],
  ['Monitor, 27"', 289],
  ['USB-C cable', 9.5],
  ['Desk lamp', 34],
  ['Headset', 79.99],
];

/** The built-in dataset: 120 deterministic orders. */
export const ORDERS: readonly Order[] = Array.from({ length: 120 }, (_, index): Order => {
  const [product, price] = PRODUCTS[(index * 3) % PRODUCTS.length] ?? ['Keyboard', 49.9];
  const quantity = (index % 5) + 1;
  const day = new Date(Date.UTC(2026, 0, 1 + index));
  return {
    id: `ORD-${1001 + index}`,
    date: day.toISOString().slice(0, 10),
    customer: CUSTOMERS[(index * 5) % CUSTOMERS.length] ?? 'Ada Lovelace',
    product,
    quantity,
    total: Math.round(quantity * price * 100) / 100,
  };
});

/** Options of {@link exportOrders}. */
export interface ExportOptions {
  format: 'csv' | 'json';
  maxRows: number;
  includeHeaders: boolean;
}

/** A produced export. */
export interface ExportDocument {
  mimeType: 'text/csv' | 'application/json';
  /** Data rows in the document (the header line is not counted). */
  rows: number;
  text: string;
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Exports the first `maxRows` orders. CSV follows RFC 4180 (CRLF line ends, quoted cells where needed) with a
 * header line when `includeHeaders`. JSON is an array of objects keyed by column with headers, or an array of
 * value arrays (in {@link ORDER_COLUMNS} order) without.
 */
export function exportOrders(options: ExportOptions): ExportDocument {
  const rows = ORDERS.slice(0, options.maxRows);
  if (options.format === 'json') {
    const body = options.includeHeaders ? rows : rows.map((row) => ORDER_COLUMNS.map((column) => row[column]));
    return { mimeType: 'application/json', rows: rows.length, text: JSON.stringify(body, null, 2) };
  }
  const lines = rows.map((row) => ORDER_COLUMNS.map((column) => csvCell(row[column])).join(','));
  if (options.includeHeaders) {
    lines.unshift(ORDER_COLUMNS.join(','));
  }
  return { mimeType: 'text/csv', rows: rows.length, text: `${lines.join('\r\n')}\r\n` };
}
