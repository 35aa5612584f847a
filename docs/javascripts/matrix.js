// The comparison matrix: a checkbox per rulebook column, to compare only the rulebooks chosen,
// and one to show only the rows where the shown rulebooks differ from the first.
function setUpMatrixFilter() {
  const table = document.querySelector(".matrix table");
  const filter = document.querySelector(".matrix-filter");
  if (!table || !filter || filter.dataset.ready) return;
  filter.dataset.ready = "yes";
  filter.textContent = "Show: ";
  const rows = Array.from(table.querySelectorAll("tr"));
  const shown = [];
  let onlyDifferences = false;
  const update = () => rows.forEach(row => {
    const cells = Array.from(row.children);
    cells.slice(1).forEach((cell, i) => { cell.style.display = shown[i] ? "" : "none"; });
    const differs = cells.slice(1).some((cell, i) => shown[i] && cell.querySelector(".differs"));
    row.style.display = !onlyDifferences || row.parentElement.tagName === "THEAD" || differs ? "" : "none";
  });
  const checkbox = (text, checked, change) => {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = checked;
    box.addEventListener("change", () => { change(box.checked); update(); });
    label.append(box, " " + text + " ");
    filter.append(label);
  };
  Array.from(table.querySelectorAll("thead th")).slice(1).forEach((th, i) => {
    shown.push(true);
    checkbox(th.textContent.trim(), true, on => { shown[i] = on; });
  });
  checkbox("· only rows that differ", false, on => { onlyDifferences = on; });
}
// Material's instant loading swaps pages without a load event; document$ tells us then.
if (typeof document$ !== "undefined") document$.subscribe(setUpMatrixFilter);
else document.addEventListener("DOMContentLoaded", setUpMatrixFilter);
