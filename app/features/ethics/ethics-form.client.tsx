/** Island entry: the ethics line's report (app/ethics). */
import { EthicsReportForm } from "./report-form";
import { hydrateIslands } from "~/ui/islands/hydrate";

hydrateIslands("ethics-form", EthicsReportForm);
