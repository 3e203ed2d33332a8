// The application form with a script (ADR 028): the same multipart post as without one, sent with
// XMLHttpRequest so the page shows how much of the résumé has gone up, says when the connection is slow
// or dropped, and on a refusal shows the errors in place: everything typed, and the file, stay.
const form = document.querySelector("form.vacancy-apply");
if (form && typeof XMLHttpRequest === "function" && typeof FormData === "function") {
  const button = form.querySelector("button[type=submit]");
  const bar = document.createElement("progress");
  bar.max = 100;
  bar.value = 0;
  bar.hidden = true;
  bar.className = "vacancy-progress-bar";
  bar.setAttribute("aria-label", "Envío de la postulación");
  const status = document.createElement("p");
  status.className = "vacancy-progress";
  status.setAttribute("role", "status");
  button.before(bar, status);
  const settle = (message) => {
    button.disabled = false;
    bar.hidden = true;
    status.textContent = message;
  };
  form.addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;
    event.preventDefault();
    for (const el of form.querySelectorAll(".field-error")) el.textContent = "";
    for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
    const xhr = new XMLHttpRequest();
    // The same door, answering JSON instead of a page.
    xhr.open("POST", `${form.action.replace(/\/$/, "")}/postulacion`);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.timeout = 180000;
    const slow = setTimeout(() => {
      status.textContent = "La conexión está lenta: seguimos enviando su hoja de vida. No cierre esta página.";
    }, 15000);
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      bar.value = Math.round((e.loaded * 100) / e.total);
      status.textContent = `Enviando su postulación: ${bar.value} %`;
    };
    xhr.onload = () => {
      clearTimeout(slow);
      let answer = null;
      try {
        answer = JSON.parse(xhr.responseText);
      } catch {}
      if (xhr.status === 201) {
        status.textContent = "Recibida. Abriendo su comprobante…";
        location.assign(answer?.recibo ?? "/empleos/recibido");
        return;
      }
      const fields = answer?.error?.fields ?? {};
      let first = null;
      for (const [name, message] of Object.entries(fields)) {
        const out = document.getElementById(`postulacion-${name}-error`);
        const input = document.getElementById(`postulacion-${name}`);
        if (out) out.textContent = message;
        if (input) {
          input.setAttribute("aria-invalid", "true");
          first ??= input;
        }
      }
      settle(answer?.error?.message ?? "No pudimos recibir su postulación. Inténtelo de nuevo en unos minutos.");
      first?.focus();
    };
    xhr.onerror = () => {
      clearTimeout(slow);
      settle(
        "Se perdió la conexión mientras se enviaba su postulación. Lo que escribió y su archivo siguen aquí: revise su conexión y presione otra vez «ENVIAR POSTULACIÓN».",
      );
    };
    xhr.ontimeout = xhr.onerror;
    button.disabled = true;
    bar.hidden = false;
    bar.value = 0;
    status.textContent = "Enviando su postulación: 0 %";
    xhr.send(new FormData(form));
  });
  // DANE's municipalities as a searchable list, fetched when the city is first focused (about 7 KB
  // compressed, kept off the page itself); without it the typed name is checked by the server alike.
  const city = document.getElementById("postulacion-ciudad");
  city?.addEventListener(
    "focus",
    () => {
      fetch("/js/municipios.json")
        .then((r) => (r.ok ? r.json() : []))
        .then((names) => {
          const list = document.createElement("datalist");
          list.id = "municipios-dane";
          for (const name of names) list.append(new Option("", name));
          form.append(list);
          city.setAttribute("list", list.id);
        })
        .catch(() => {});
    },
    { once: true },
  );
  // The page scripts' one convention: <html data-NAME="listo"> once the listeners are set.
  document.documentElement.dataset.postulacion = "listo";
}
