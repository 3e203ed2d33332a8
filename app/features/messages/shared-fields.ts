/** The fields the two message forms share (their labels are the spec's capitals). */
import { emailField, phoneField, textField } from "~/forms/fields";

export const common = {
  nombre: textField({ name: "nombre", label: "NOMBRE", staffLabel: "Nombre", maxLength: 100, autocomplete: "name" }),
  celular: phoneField({ name: "celular", label: "CELULAR", staffLabel: "Celular" }),
  correo: emailField({ name: "correo", label: "CORREO", staffLabel: "Correo" }),
  mensaje: textField({ name: "mensaje", label: "MENSAJE", staffLabel: "Mensaje", maxLength: 5000, multiline: true, autocomplete: "off" }),
};
