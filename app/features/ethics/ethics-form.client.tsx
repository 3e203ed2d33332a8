/** Island entry: the ethics line's report (app/features/ethics). */
import { EthicsForm } from "./ethics-form-view";
import { hydrateIslands } from "~/ui/islands/hydrate";

hydrateIslands("ethics-form", EthicsForm);
