// The masthead's Sections menu (a <details>): Esc closes it and gives the
// focus back to its summary, as a menu button's popup would.

export function mountSectionsMenu(doc = document) {
  if (doc.documentElement.dataset.sectionsMenu) return; // both entries load it on the index
  doc.documentElement.dataset.sectionsMenu = "on";
  doc.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    const menu = doc.querySelector("details.toc[open]");
    if (!menu) return;
    menu.open = false;
    menu.querySelector("summary")?.focus();
  });
}
