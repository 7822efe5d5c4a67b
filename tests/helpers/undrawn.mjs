// A drawer for compileReports that draws nothing, for tests of what compile
// makes besides the drawings (names, errors, CSV and spec files, raw views):
// those come from a chart's spec before it is drawn, and starting the drawing
// threads (each loads vega and resvg) costs more than the rest of a small
// compile. tests/compile/charts.test.mjs holds the drawings to their golden files.
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

export const undrawn = {
  draw: async () => ({ drawn: SVG, standalone: SVG, png: Buffer.alloc(0), width: 1, height: 1 }),
  drawSvg: async () => ({ drawn: SVG, width: 1, height: 1 }),
  close: async () => {},
};
