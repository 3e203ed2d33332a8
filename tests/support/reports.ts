/** Bodies the tests post to the incident channel, and the Colombian day they are dated with. */

/** Today in Colombia (UTC−5), aaaa-mm-dd. */
export const today = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 10);

/** An incident without injuries (no health data, no FURAT clock), as the JSON API takes it. */
export const INCIDENT_REPORT = {
  tipo: "incidente",
  reporta_relacion: "companero",
  reporta_nombre: "Luis Gómez",
  reporta_celular: "3109876543",
  trabajador_nombre: "Marta Ruiz",
  trabajador_tipo_documento: "CC",
  trabajador_documento: "52123456",
  trabajador_celular: "3001234567",
  empresa_usuaria: "Alimentos del Valle S.A.S.",
  sede: "Cali",
  fecha: today,
  // Midnight today: an event is never later than now (the form refuses one in the future).
  hora: "00:00",
  lugar: "Bodega",
  descripcion: "Resbaló en el piso mojado, sin lesiones.",
  consentimiento: true,
};
