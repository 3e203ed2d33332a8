/** Shared by the staff pages and the server: labels and limits with no server code. */
export const MIN_PASSWORD_LENGTH = 12;

const MAIL_STATES: Record<string, string> = { pending: "pendiente", sent: "enviado", failed: "fallido" };
export const mailStateLabel = (status: string | null | undefined) => (status ? (MAIL_STATES[status] ?? status) : "sin correo");
