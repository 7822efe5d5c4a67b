// The data a Vega-Lite spec carries inline, read back out of the spec: what
// the chart tests hold a chart's CSV and figures against.

/** Every inline data row of a spec, including those of its panels (vconcat, layer, …). */
export function specValues(spec) {
  if (Array.isArray(spec)) return spec.flatMap(specValues);
  if (!spec || typeof spec !== 'object') return [];
  const own = Array.isArray(spec.data?.values) ? spec.data.values : [];
  const nested = Object.entries(spec).filter(([k]) => k !== 'data' && k !== 'config').flatMap(([, v]) => (v && typeof v === 'object' ? specValues(v) : []));
  return [...own, ...nested];
}

/**
 * The figures among a spec's data values: rows read from a raw line. The
 * shading of a run's warm-up and tail is data of its own layer, but no figure.
 */
export function figureValues(spec) {
  return specValues(spec).filter((v) => Number.isInteger(v.line));
}
