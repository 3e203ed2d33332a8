/** Island entry: the contact and client forms. */
import { MessageForm } from "./message-form";
import { hydrateIslands } from "~/ui/islands/hydrate";

hydrateIslands("message-form", MessageForm);
