// Typo suggestions for author mistakes: the name that was meant, when one is close.

/**
 * The candidate closest to `word` by edit distance, if it is close enough to
 * be a typo. A number is no typo of another (4 is not a misspelt 1).
 */
export function nearest(word, candidates) {
  if (/^-?\d+(?:\.\d+)?$/.test(String(word).trim())) return null;
  let best = null;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(String(word), String(c));
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best !== null && bestDistance <= Math.max(2, Math.floor(String(word).length / 3)) ? best : null;
}

/** ` (did you mean "x"?)` for the candidate nearest to `word`, or '' when none is near or it is `word` itself. */
export function didYouMean(word, candidates) {
  const near = nearest(word, candidates);
  return near !== null && String(near) !== String(word) ? ` (did you mean "${near}"?)` : '';
}

/**
 * Edits from a to b, two neighbours swapped counting as one: "vaule" is one
 * slip from "value" and two from "table", where plain Levenshtein ties them.
 */
function editDistance(a, b) {
  if (Math.abs(a.length - b.length) > 8) return Infinity;
  let before = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const cur = [i];
    for (let j = 1; j <= b.length; j += 1) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) cur[j] = Math.min(cur[j], before[j - 2] + 1);
    }
    [before, prev] = [prev, cur];
  }
  return prev[b.length];
}
