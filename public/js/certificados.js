// The certificate flow with a script (ADR 027): the same forms as without one, plus the code's time left,
// a limit's wait counted down with the buttons held until it ends, buttons that say they are working and
// send once, and after the download the page says what comes next.
const root = document.querySelector("main.certificates");
if (root) {
  const clock = (s) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  const tick = (fn) => {
    if (fn() !== false) {
      const timer = setInterval(() => fn() === false && clearInterval(timer), 1000);
    }
  };
  const buttons = () => root.querySelectorAll(".certificates-form button[type=submit]");

  const left = root.querySelector("[data-vence]");
  if (left) {
    const ends = Date.parse(left.dataset.vence);
    left.hidden = false;
    tick(() => {
      const s = Math.max(0, Math.round((ends - Date.now()) / 1000));
      left.textContent = s > 0 ? `Le quedan ${clock(s)} minutos para escribir el código.` : "El código venció: pida uno nuevo.";
      if (s === 0) for (const b of buttons()) b.disabled = true;
      return s > 0;
    });
  }

  const wait = root.querySelector("[data-espera]");
  if (wait) {
    const ends = Date.now() + Number(wait.dataset.espera) * 1000;
    const note = document.createElement("p");
    note.className = "certificates-wait";
    wait.after(note);
    tick(() => {
      const s = Math.max(0, Math.round((ends - Date.now()) / 1000));
      for (const b of buttons()) b.disabled = s > 0;
      note.textContent = s > 0 ? `Podrá intentarlo de nuevo en ${clock(s)}.` : "Ya puede intentarlo de nuevo.";
      return s > 0;
    });
  }

  root.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.dataset.enviando) {
      event.preventDefault();
      return;
    }
    form.dataset.enviando = "1";
    const button = form.querySelector("button[type=submit]");
    if (button) {
      button.dataset.texto = button.textContent;
      button.textContent = "UN MOMENTO…";
      button.setAttribute("aria-disabled", "true");
    }
  });
  // Back to a page kept in memory: its forms may be sent again.
  addEventListener("pageshow", () => {
    for (const form of root.querySelectorAll("form[data-enviando]")) {
      delete form.dataset.enviando;
      const button = form.querySelector("button[data-texto]");
      if (button) {
        button.textContent = button.dataset.texto;
        button.removeAttribute("aria-disabled");
      }
    }
  });

  const download = root.querySelector("a[download]");
  download?.addEventListener("click", () => {
    const next = document.createElement("p");
    next.setAttribute("role", "status");
    next.textContent = "Descargando su certificado. Si lo necesita de nuevo, búsquelo en su correo: este enlace sirve una sola vez.";
    setTimeout(() => download.parentElement.replaceWith(next), 500);
  });
  // The page scripts' one convention: <html data-NAME="listo"> once the listeners are set.
  document.documentElement.dataset.certificados = "listo";
}
