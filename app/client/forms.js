// The pages with forms (every page that links the whole style sheet instead of inlining its styles,
// ADR 011) carry this before the site script, in the same inline script (app/ui/inline.ts).
//
// A form island (app/ui/islands/island.tsx) starts on the visitor's first pointer, key or focus inside it,
// or at once when this tab holds a draft; its chunks are preloaded once the page has painted (the site
// script's "sitio:painted", ADR 014).
//
// A post sent while offline is held here, whatever the form, with or without its island (docs/product.md §4):
// nothing typed is lost, a notice after the form says that nothing was sent, and the next try once
// online goes as usual. A submit that comes before the form's island has started (a first tap straight
// on ENVIAR) is held too, the browser's own bubbles included: the island starts and sends it itself
// (app/ui/islands/held-submit.ts); if it cannot start (its script fails, or has not come in 4 s), the
// browser posts the form as without JavaScript. A button marked data-copy copies its data-copy to the
// clipboard and says "Copiado" in the live region beside it (the receipts); it is shown only where the
// clipboard is.
{
  const debug = document.currentScript?.hasAttribute("data-debug");
  const islands = [...document.querySelectorAll("[data-island-entry]")];
  const islandChunks = new Set(islands.flatMap((island) => island.dataset.islandImports.split(" ").filter(Boolean)));
  const preloadIslands = () => {
    for (const href of islandChunks) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.append(link);
    }
    islandChunks.clear();
  };
  addEventListener("sitio:painted", preloadIslands);

  const touches = ["pointerdown", "keydown", "focusin", "touchstart"];
  const arm = (island) => {
    for (const type of touches) island.addEventListener(type, startIslands, { capture: true, passive: true });
  };
  function startIslands() {
    const starting = islands.splice(0);
    for (const island of starting) for (const type of touches) island.removeEventListener(type, startIslands, true);
    preloadIslands();
    for (const entry of new Set(starting.map((island) => island.dataset.islandEntry))) {
      import(entry).catch((error) => {
        if (debug) console.info("[sitio] no se pudo cargar", entry, error);
        // Offline or a failed download: the next touch tries again, and a held submit goes as a plain post.
        for (const island of starting) {
          if (island.dataset.islandEntry !== entry) continue;
          islands.push(island);
          arm(island);
          for (const form of island.querySelectorAll("form[data-held]")) release(form);
        }
      });
    }
  }
  islands.forEach(arm);
  let draft = 0;
  try {
    draft = islands.length && sessionStorage.length;
  } catch {}
  if (draft) requestAnimationFrame(() => setTimeout(startIslands, 0));

  // An island's form is started once the island has rendered it: it validates on its own (noValidate).
  const waiting = (form) => !form.noValidate && form.closest("[data-island-entry]");
  let native;
  const release = (form) => {
    if (!form.hasAttribute("data-held")) return;
    form.removeAttribute("data-held");
    native = form;
    form.requestSubmit();
    native = null;
  };
  const hold = (event, form) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (form.hasAttribute("data-held")) return;
    form.setAttribute("data-held", "");
    startIslands();
    setTimeout(() => release(form), 4000);
  };
  const notices = new WeakMap();
  addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (form.method !== "post") return;
      notices.get(form)?.remove();
      if (!navigator.onLine) {
        event.preventDefault();
        event.stopImmediatePropagation();
        const notice = document.createElement("p");
        notice.className = "form-offline";
        notice.setAttribute("role", "alert");
        // After the island's container, never inside what React renders.
        (form.closest("[data-island]") ?? form).after(notice);
        notices.set(form, notice);
        const button = event.submitter ?? form.querySelector("[type=submit]");
        notice.textContent = `Sin conexión a internet: lo que escribió no se envió, pero sigue aquí. Cuando vuelva la conexión, presione otra vez «${button?.textContent.trim() || "Enviar"}».`;
      } else if (form !== native && waiting(form)) hold(event, form);
    },
    true,
  );
  // The browser's own bubbles for empty required fields, before the island has started: its dialog instead.
  addEventListener(
    "invalid",
    (event) => {
      const form = event.target.form;
      if (form && form !== native && navigator.onLine && waiting(form)) hold(event, form);
    },
    true,
  );

  for (const button of document.querySelectorAll("[data-copy]")) button.hidden = !navigator.clipboard;
  addEventListener("click", (event) => {
    const button = event.target.closest?.("[data-copy]");
    const status = button?.parentElement.querySelector("[data-copy-status]");
    if (!button || !navigator.clipboard) return;
    // Emptied first, so that a second copy is announced again.
    if (status) status.textContent = "";
    navigator.clipboard.writeText(button.dataset.copy).then(
      () => setTimeout(() => status && (status.textContent = "Copiado"), 100),
      () => {},
    );
  });
}
