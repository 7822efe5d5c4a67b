// The width text takes in the charts' font, without a canvas: vega measures
// with it when it draws in Node (scripts/draw/svg.mjs), and chart kinds make
// room for their labels with it. Pure; no Node or DOM APIs.
//
// Without a canvas, vega guesses every character at 0.8 em, so titles and
// labels get about half again the room they take and the layout drifts from
// the browser's. These are the advance widths (per 1000 em) of printable
// ASCII in DejaVu Sans and DejaVu Sans Bold, read from the font files in
// scripts/draw/fonts/: the PNG is drawn with exactly these glyphs, and the
// page's font stack falls back to DejaVu Sans, one of the widest sans faces,
// so a label laid out with them has room in the browser's font too. Anything
// else counts as a digit. A fixed table also keeps the SVG the same on every
// machine. tests/draw/text-widths.test.mjs reads the fonts to keep it true.
export const GLYPH_WIDTHS = {
  regular: [318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337,
    636, 636, 636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000,
    684, 686, 698, 770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685,
    390, 337, 390, 838, 500, 500,
    613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525,
    636, 337, 636, 838],
  bold: [348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365,
    696, 696, 696, 696, 696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000,
    774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725,
    457, 365, 457, 838, 500, 500,
    675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582,
    712, 365, 712, 838],
};

/** The width in px of `text` set at `size` px, bold or regular. */
export function textWidth(text, { size = 11, bold = false } = {}) {
  const widths = bold ? GLYPH_WIDTHS.bold : GLYPH_WIDTHS.regular;
  let units = 0;
  for (const ch of String(text)) {
    const code = ch.codePointAt(0);
    units += widths[code >= 32 && code <= 126 ? code - 32 : 16];
  }
  return (units / 1000) * size;
}
