// Lets a reader pick the baseline of a compare table. Progressive
// enhancement: the page already shows the author's baseline; every cell holds
// its difference to each variant (data-deltas, worked out at build time), so
// this only swaps text and never does arithmetic of its own.
function setBaseline(box, baseline) {
  box.dataset.baseline = baseline;
  box.querySelector('.baseline-name').textContent = baseline;
  for (const row of box.querySelectorAll('tbody tr')) {
    row.classList.toggle('is-baseline', row.dataset.variant === baseline);
  }
  for (const cell of box.querySelectorAll('td.delta')) {
    const delta = JSON.parse(cell.dataset.deltas)[baseline];
    cell.querySelector('.delta-value').textContent = delta.text;
    cell.querySelector('.delta-note').textContent = delta.note;
    cell.dataset.delta = delta.number;
    cell.dataset.verdict = delta.verdict;
    cell.classList.toggle('is-baseline', cell.parentElement.dataset.variant === baseline);
  }
}

for (const box of document.querySelectorAll('.tps-compare:not([data-ready])')) {
  box.dataset.ready = '';
  const picker = box.querySelector('.baseline-picker');
  const select = picker.querySelector('select');
  select.addEventListener('change', () => setBaseline(box, select.value));
  picker.hidden = false;
}
