/** The client-interest form (docs/product.md §2): EMPRESA, CARGO, NOMBRE, CELULAR, CORREO, MENSAJE. */
import { defineForm } from "~/forms/define";
import { textField } from "~/forms/fields";
import { common } from "./shared-fields";

export const clienteForm = defineForm("cliente", [
  textField({ name: "empresa", label: "EMPRESA", staffLabel: "Empresa", maxLength: 150, autocomplete: "organization" }),
  textField({ name: "cargo", label: "CARGO", staffLabel: "Cargo", maxLength: 100, autocomplete: "organization-title" }),
  common.nombre,
  common.celular,
  common.correo,
  common.mensaje,
]);
