/** Island entry: the incident and accident report (app/features/incidents). */
import { ReportForm } from "./report-form";
import { hydrateIslands } from "~/ui/islands/hydrate";

hydrateIslands("report-form", ReportForm);
