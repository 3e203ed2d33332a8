/**
 * Sexual-harassment reports of the ethics line change owner (product rule 27): from the coexistence
 * committee (`convivencia`) to the gender referent (`genero`), as Res. 3461 de 2025 leaves them outside
 * the committee and Ley 2365 de 2024 gives them a route of their own. Ownership follows the category, so
 * no case row changes; each existing case gets an audit entry that records the move.
 */
import { sql } from "kysely";
import type { Migration } from "kysely/migration";
import type { Engine } from "./engine";

export const m010SexualHarassmentRoute = (_engine: Engine): Migration => ({
  async up(db) {
    await sql`
      insert into audit_log (at, user_id, user_email, action, message_id, case_id, detail)
      select ${new Date().toISOString()}, null, '(migración)', 'etica_reasignar_ruta', null, id,
             'acoso sexual: del comité de convivencia a la ruta de género (Ley 2365 de 2024, Res. 3461 de 2025)'
      from cases where channel = 'etica' and kind = 'acoso_sexual'`.execute(db);
  },
});
