/** The browser side of an island: hydrate each marked container with the props the server wrote beside it. */
import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";

export function hydrateIslands<P extends object>(name: string, component: React.ComponentType<P>): void {
  for (const container of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = JSON.parse(container.dataset.props ?? "{}") as P;
    hydrateRoot(container, createElement(component, props));
  }
}
