/** Island entry: the ethics line's report (app/features/ethics). */
import { EthicsReportForm } from "./report-form";
import { hydrateIslands } from "~/ui/islands/hydrate";

hydrateIslands("ethics-form", EthicsReportForm);
