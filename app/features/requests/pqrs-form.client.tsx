/** Island entry: the PQRS form (app/features/requests). */
import { RequestForm } from "./request-form-view";
import { hydrateIslands } from "~/ui/islands/hydrate";

hydrateIslands("pqrs-form", RequestForm);
