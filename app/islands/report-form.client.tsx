/** Island entry: the incident and accident report (app/reports). */
import { ReportForm } from "~/reports/report-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("report-form", ReportForm);
