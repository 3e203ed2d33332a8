import { useEffect, useRef } from "react";

export interface DialogContent {
  kind: "error" | "success";
  title: string;
  text: string;
  /** Defaults: "OK" (docs/product.md §13); the success dialog says "Cerrar". */
  confirmLabel?: string;
}

/**
 * Modal dialog (docs/product.md §13) on the native <dialog>: focus moves in and back,
 * labelled by its title, closes on Escape, on its button and on a click outside; no timer.
 */
/**
 * `id` names the dialog's title and text (not useId: an island's ids must not depend on its place in the page).
 * `returnFocus`: where focus goes back when what had it is gone (a submit button disabled while sending loses
 * focus to <body>), so that it returns to the form and never to the page's start (docs/product.md §13).
 */
export function Dialog({
  id,
  content,
  onClose,
  returnFocus,
}: {
  id: string;
  content: DialogContent | null;
  onClose: () => void;
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const titleId = `${id}-title`;
  const textId = `${id}-text`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (content && !dialog.open) {
      opener.current = document.activeElement;
      dialog.showModal();
    } else if (!content && dialog.open) {
      dialog.close();
    }
  }, [content]);

  function handleClose() {
    onClose();
    const previous = opener.current;
    const usable = previous instanceof HTMLElement && previous !== document.body && previous.isConnected && !previous.matches(":disabled");
    (usable ? previous : returnFocus?.())?.focus();
  }

  return (
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the backdrop click below; Escape closes a <dialog> natively
    <dialog
      ref={ref}
      className={`dialog dialog-${content?.kind ?? "error"}`}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={handleClose}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself, outside its content box.
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      {content ? (
        <div className="dialog-box">
          <span className={`dialog-icon dialog-icon-${content.kind}`} aria-hidden="true">
            {content.kind === "success" ? (
              <svg viewBox="0 0 48 48" width="64" height="64" focusable="false">
                <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
                <path d="M14 25l7 7 13-15" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            ) : (
              <svg viewBox="0 0 48 48" width="64" height="64" focusable="false">
                <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
                <path d="M16 16l16 16M32 16L16 32" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
              </svg>
            )}
          </span>
          <h2 id={titleId} className="dialog-title">
            {content.title}
          </h2>
          <p id={textId} className="dialog-text">
            {content.text}
          </p>
          <form method="dialog">
            <button type="submit" className="button" autoFocus>
              {content.confirmLabel ?? "OK"}
            </button>
          </form>
        </div>
      ) : null}
    </dialog>
  );
}
