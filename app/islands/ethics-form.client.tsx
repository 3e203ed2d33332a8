/** Island entry: the ethics line's report (app/ethics). */
import { EthicsReportForm } from "~/ethics/report-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("ethics-form", EthicsReportForm);
