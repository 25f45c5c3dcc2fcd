import type { ElementRendererProps } from "../types";
import { safeStyle } from "../style";

const TAGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;

/** Heading content is HTML (seed 001 §3), sanitized on the server before it reaches here. */
export function HeadingElement({ element }: ElementRendererProps) {
  const Tag = TAGS[(element.level ?? 2) - 1] ?? "h2";
  return <Tag className="el-heading text-balance" style={safeStyle(element.styles)} dangerouslySetInnerHTML={{ __html: element.content }} />;
}

export function TextElement({ element }: ElementRendererProps) {
  return <div className="el-text" style={safeStyle(element.styles)} dangerouslySetInnerHTML={{ __html: element.content }} />;
}

export function ListElement({ element }: ElementRendererProps) {
  return <div className="el-list" style={safeStyle(element.styles)} dangerouslySetInnerHTML={{ __html: element.content }} />;
}
