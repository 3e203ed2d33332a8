/** An outbox row's status as staff read it (no server code: the staff pages show it too). */
const MAIL_STATES: Record<string, string> = { pending: "pendiente", sent: "enviado", failed: "fallido" };
export const mailStateLabel = (status: string | null | undefined) => (status ? (MAIL_STATES[status] ?? status) : "sin correo");
