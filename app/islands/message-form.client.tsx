/** Island entry: the contact and client forms. */
import { MessageForm } from "~/components/message-form";
import { hydrateIslands } from "./hydrate";

hydrateIslands("message-form", MessageForm);
