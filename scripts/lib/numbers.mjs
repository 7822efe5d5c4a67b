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
