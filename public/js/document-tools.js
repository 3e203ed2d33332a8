// Documents: copy an anchor's link, search within the text (works offline, highlights without
// touching the text), and a print button. The page is complete without this script.
const body = document.querySelector("[data-document-body]");

document.addEventListener("click", async (event) => {
  const anchor = event.target instanceof Element ? event.target.closest("a[data-copy-link]") : null;
  if (!anchor || !navigator.clipboard) return;
  const url = new URL(anchor.getAttribute("href"), location.href).href;
  try {
    await navigator.clipboard.writeText(url);
    anchor.setAttribute("data-copied", "");
    setTimeout(() => anchor.removeAttribute("data-copied"), 2000);
  } catch {
    // Clipboard refused: the link still navigates to the anchor, so the address bar has it.
  }
});

// "Cambios vigentes": each step takes effect on its own date (product rule 37, ADR 022). The page carries
// the state of the day it was rendered and of every later step date; a copy read later (the service
// worker's, offline) shows the state of the visitor's day in Colombia (UTC−5), never a step that a later
// one has replaced. The server renders the page anew once a step date has passed, so without this
// script the page it sends is right too.
const showStepsOf = (day) => {
  for (const group of document.querySelectorAll("[data-in-force-from], [data-in-force-until]")) {
    const from = group.getAttribute("data-in-force-from");
    const until = group.getAttribute("data-in-force-until");
    group.hidden = !((!from || from <= day) && (!until || day < until));
  }
};
const colombianDay = () => new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);
showStepsOf(colombianDay());
// A page left open across midnight moves on too.
setInterval(() => showStepsOf(colombianDay()), 60_000);

// "Cambios vigentes" on a long document keeps its rows in a closed <details> (issue 20): a link to a row
// (an article's marker, the index) opens it where the browser does not do so itself, and printing
// prints every row.
const openTarget = () => {
  const target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  const details = target?.closest("details");
  if (!details || details.open) return;
  details.open = true;
  target.scrollIntoView();
};
addEventListener("hashchange", openTarget);
openTarget();
addEventListener("beforeprint", () => {
  for (const details of document.querySelectorAll("[data-in-force-rows]")) details.open = true;
});

const printButton = document.querySelector("[data-print]");
if (printButton) {
  printButton.hidden = false;
  printButton.addEventListener("click", () => print());
}

const search = document.querySelector("[data-document-search]");
if (search && body) {
  const input = search.querySelector("input");
  const status = search.querySelector("[data-search-status]");
  const supportsHighlights = typeof CSS !== "undefined" && "highlights" in CSS && typeof Highlight !== "undefined";
  // The highlight colours live here, with the only code that uses them: a constructed style sheet needs
  // no CSP hash, and the page's inline CSS stays free of ::highlight(), which the HTML checker rejects.
  if (supportsHighlights && "adoptedStyleSheets" in document) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(
      "::highlight(document-search) { background: #ffe58a; color: #1b2631; }\n" +
        "::highlight(document-search-current) { background: #f2a541; color: #1b2631; }",
    );
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  }
  let ranges = [];
  let current = -1;
  search.hidden = false;

  const normalize = (text) =>
    text
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();

  function find(term) {
    const found = [];
    const needle = normalize(term.trim());
    if (needle.length < 2) return found;
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement?.closest(".heading-anchor")) continue;
      // NFD keeps one combining mark per accented letter; map positions back to the original text.
      const original = node.data;
      let folded = "";
      const map = [];
      for (let i = 0; i < original.length; i++) {
        const piece = normalize(original[i]);
        for (let k = 0; k < piece.length; k++) map.push(i);
        folded += piece;
      }
      let at = folded.indexOf(needle);
      while (at !== -1) {
        const range = new Range();
        range.setStart(node, map[at]);
        range.setEnd(node, map[at + needle.length - 1] + 1);
        found.push(range);
        at = folded.indexOf(needle, at + needle.length);
      }
    }
    return found;
  }

  function paint() {
    if (!supportsHighlights) return;
    CSS.highlights.set("document-search", new Highlight(...ranges));
    if (current >= 0) CSS.highlights.set("document-search-current", new Highlight(ranges[current]));
    else CSS.highlights.delete("document-search-current");
  }

  function go(index) {
    if (ranges.length === 0) return;
    current = (index + ranges.length) % ranges.length;
    paint();
    const rect = ranges[current].getBoundingClientRect();
    scrollBy({ top: rect.top - innerHeight / 3, behavior: "smooth" });
    status.textContent = `Coincidencia ${current + 1} de ${ranges.length}`;
  }

  function run() {
    ranges = find(input.value);
    current = -1;
    paint();
    if (input.value.trim().length < 2) status.textContent = "";
    else if (ranges.length === 0) status.textContent = "No hay coincidencias.";
    else go(0);
  }

  let timer;
  input.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(run, 200);
  });
  search.querySelector("form").addEventListener("submit", (event) => {
    event.preventDefault();
    go(current + 1);
  });
  search.querySelector("[data-search-next]").addEventListener("click", () => go(current + 1));
  search.querySelector("[data-search-prev]").addEventListener("click", () => go(current - 1));
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      go(event.shiftKey ? current - 1 : current + 1);
    }
  });
}

// The page scripts' one convention: <html data-NAME="listo"> once the listeners are set.
document.documentElement.dataset.documento = "listo";
