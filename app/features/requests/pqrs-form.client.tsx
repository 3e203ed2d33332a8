/** Island entry: the PQRS form (app/features/requests). */
import { RequestForm } from "./pqrs-form";
import { hydrateIslands } from "~/ui/islands/hydrate";

hydrateIslands("pqrs-form", RequestForm);
