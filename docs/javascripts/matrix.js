// The comparison matrix: a checkbox per rulebook column, to compare only the rulebooks chosen.
function setUpMatrixFilter() {
  const table = document.querySelector(".matrix table");
  const filter = document.querySelector(".matrix-filter");
  if (!table || !filter || filter.dataset.ready) return;
  filter.dataset.ready = "yes";
  filter.textContent = "Show: ";
  const headers = Array.from(table.querySelectorAll("thead th")).slice(1);
  headers.forEach((th, i) => {
    const label = document.createElement("label");
    const box = document.createElement("input");
    box.type = "checkbox";
    box.checked = true;
    box.addEventListener("change", () => {
      table.querySelectorAll("tr").forEach(row => {
        const cell = row.children[i + 1];
        if (cell) cell.style.display = box.checked ? "" : "none";
      });
    });
    label.append(box, " " + th.textContent.trim() + " ");
    filter.append(label);
  });
}
// Material's instant loading swaps pages without a load event; document$ tells us then.
if (typeof document$ !== "undefined") document$.subscribe(setUpMatrixFilter);
else document.addEventListener("DOMContentLoaded", setUpMatrixFilter);
