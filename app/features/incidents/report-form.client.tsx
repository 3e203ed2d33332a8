/** Island entry: the incident and accident report (app/features/incidents). */
import { IncidentForm } from "./incident-form-view";
import { hydrateIslands } from "~/ui/islands/hydrate";

hydrateIslands("report-form", IncidentForm);
