/**
 * A submit the site script held because it came before this island had started (a first tap straight on
 * ENVIAR, ADR 014 amendment; app/client/site.js marks the form `data-held`): once the island has rendered the form
 * and adopted what was typed, the island sends it itself, with its own validation and dialogs, so that
 * the tap that started the island is not lost.
 */
import { type RefObject, useEffect } from "react";

export function useHeldSubmit(formRef: RefObject<HTMLFormElement | null>, hydrated: boolean): void {
  useEffect(() => {
    const form = formRef.current;
    if (!hydrated || !form?.hasAttribute("data-held")) return;
    form.removeAttribute("data-held");
    form.requestSubmit();
  }, [formRef, hydrated]);
}
