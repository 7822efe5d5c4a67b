// "label=value;label=value": how a view's where=, a claim's a= and b=, and the
// front matter's noise_reference name runs. One reader for all of them.

/** The filters as a map, or null when a pair is not label=value (an empty pair is skipped). */
export function labelFilters(text) {
  const filters = {};
  if (!text) return filters;
  for (const pair of String(text).split(';')) {
    if (pair.trim() === '') continue;
    const kv = pair.split('=');
    if (kv.length !== 2) return null;
    filters[kv[0].trim()] = kv[1].trim();
  }
  return filters;
}
