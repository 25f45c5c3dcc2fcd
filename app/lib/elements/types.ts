import type { ComponentType } from "react";
import type { RenderElement } from "~/lib/document/schema";

export interface ElementRendererProps {
  element: RenderElement;
}
export type ElementRenderer = ComponentType<ElementRendererProps>;
