// The greatest and least of a list of numbers, for lists of any length:
// Math.max(...xs) passes every value as an argument and overflows the stack
// past about 150,000 of them (two day-long runs at one sample a second).

/** The greatest of numbers (-Infinity for none). */
export function greatest(xs) {
  let most = -Infinity;
  for (const x of xs) if (x > most) most = x;
  return most;
}

/** The least of numbers (Infinity for none). */
export function least(xs) {
  let fewest = Infinity;
  for (const x of xs) if (x < fewest) fewest = x;
  return fewest;
}

/**
 * How the bare numbers of each column of a parse were printed, so a page
 * shows "0.80" and "1236.00" as the raw line did and not 0.8 and 1236: a
 * column whose every value printed with one count of decimals, as
 * value.toFixed(decimals), keeps that count (tools print a column with one
 * format, such as sysbench's %4.2f); any other column keeps none, and
 * `note` says so, for a parser to keep that value's text itself.
 */
export class PrintedDecimals {
  constructor() {
    this.seen = new Map(); // column → decimals, or -1 where they differ
  }

  /** Notes that column `name` printed `value` as `text`; false when toFixed cannot give that text back. */
  note(name, text, value) {
    if (value === null) return true;
    const dot = text.indexOf('.');
    const decimals = dot < 0 ? 0 : text.length - dot - 1;
    const known = this.seen.get(name);
    // What a tool prints (digits, a dot and no leading zero) is what toFixed gives back; anything else is compared.
    const plain = known === decimals && (text.charCodeAt(0) !== 48 || text.length === 1 || text.charCodeAt(1) === 46) && text.charCodeAt(0) >= 48 && text.charCodeAt(0) <= 57;
    if (plain) return true;
    const same = value.toFixed(decimals) === text;
    this.seen.set(name, known === undefined && same ? decimals : known === decimals && same ? decimals : -1);
    return same;
  }

  /** Whether every value of column `name` printed as toFixed gives it back. */
  kept(name) {
    return (this.seen.get(name) ?? -1) >= 0;
  }

  /** { column: decimals } for the columns of `names` printed with decimals alike (whole numbers need none). */
  decimals(names) {
    return Object.fromEntries(names.filter((n) => this.seen.get(n) > 0).map((n) => [n, this.seen.get(n)]));
  }
}
