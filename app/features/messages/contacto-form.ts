/** The contact form (docs/product.md §3): NOMBRE, CELULAR, CORREO, MENSAJE. */
import { defineForm } from "~/forms/define";
import { common } from "./shared-fields";

export const contactoForm = defineForm("contacto", [common.nombre, common.celular, common.correo, common.mensaje]);
