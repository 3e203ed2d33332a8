/**
 * The ethics line's mails (docs/product.md §22): they say that something happened and where to sign in or
 * look, never what: no category, no text, no names, not even the radicado (a mailbox may be read by
 * others). The reporter's follow-up code is never mailed.
 */
import { type RenderedMail, renderMail as render } from "~/platform/mail.server";

const footer = (companyName: string) => `Correo automático de la línea ética de ${companyName}.`;

/** To the owning role's address: a new report, or new information from a reporter. */
export function ownerNotice(input: { event: "nuevo" | "informacion" | "reasignado"; link: string; companyName: string }): RenderedMail {
  const title = {
    nuevo: "Llegó un reporte nuevo a la línea ética",
    informacion: "Hay información nueva en un reporte de la línea ética",
    reasignado: "Se asignó un reporte de la línea ética a su comité o cargo",
  }[input.event];
  return render(
    title,
    [],
    [`Por confidencialidad, este correo no dice de qué se trata. Ingrese con su cuenta para leerlo: ${input.link}`, footer(input.companyName)],
  );
}

/** To an identified reporter who gave an e-mail. */
export function reporterNotice(input: { event: "recibido" | "respuesta"; consultUrl: string; companyName: string }): RenderedMail {
  const title = input.event === "recibido" ? "Recibimos su reporte en la línea ética" : "Hay una respuesta a su reporte en la línea ética";
  const first =
    input.event === "recibido"
      ? "Su reporte quedó registrado y las personas que atienden su categoría ya fueron avisadas."
      : "Las personas que atienden su reporte le dejaron una respuesta.";
  return render(
    title,
    [],
    [
      `${first} Para leerla o agregar información, consulte con el radicado y el código de seguimiento que vio al reportar: ${input.consultUrl}`,
      "Por seguridad, este correo no incluye el radicado, el código ni el contenido del reporte.",
      footer(input.companyName),
    ],
  );
}
