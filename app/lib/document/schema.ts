import { z } from "zod";

/**
 * The page document: blocks → sections → columns (1..12 of a 12-column grid) → elements (seed 001 §3).
 * Stored documents carry `version`; the pipeline (pipeline/migrations.ts) upgrades older ones before
 * they meet these schemas, which know only the current version.
 */
import { DOC_VERSION, ELEMENT_TYPES } from "./model";
import { DEVICE_STYLE_KEYS } from "./devices";
import { unsafeUrlReason } from "./url";

export { DOC_VERSION, ELEMENT_TYPES, type ElementType } from "./model";

const id = (prefix: string) =>
  z
    .string()
    .min(prefix.length + 1)
    .max(80)
    .regex(new RegExp(`^${prefix}[A-Za-z0-9_-]+$`), `identifiant invalide (préfixe ${prefix} attendu)`);

/** CSS property (camelCase) → value. Values are free text in the builder; the renderer filters them. */
export const stylesSchema = z.record(z.string().regex(/^[a-zA-Z]{1,40}$/), z.string().max(200)).refine((s) => Object.keys(s).length <= 40, "trop de styles");

/** Per-device visibility: true hides the node at that device width. */
const hideSchema = z.object({ mobile: z.boolean().optional(), tablet: z.boolean().optional(), desktop: z.boolean().optional() }).strict();

/**
 * Per-device overrides (devices.ts): tablet and mobile keep only the spacings, sizes and alignment that
 * differ from the larger device. The strict forms are what a save accepts; the stored forms drop a
 * malformed override (the node keeps its desktop values) instead of the whole node.
 */
const deviceStyleValues = z
  .partialRecord(
    z.enum(DEVICE_STYLE_KEYS, { error: "réglage par appareil inconnu (espacements, tailles et alignement seulement)" }),
    z.string().max(200, "valeur trop longue"),
  )
  .refine((s) => Object.keys(s).length > 0, "réglage par appareil vide");
const deviceStylesSchema = z
  .object({ tablet: deviceStyleValues.optional(), mobile: deviceStyleValues.optional() }, { error: "réglages par appareil invalides" })
  .strict();
const deviceWidth = z
  .number({ error: "largeur par appareil invalide : un nombre entier de 1 à 12" })
  .int("largeur par appareil invalide : un nombre entier de 1 à 12")
  .min(1, "largeur par appareil invalide : un nombre entier de 1 à 12")
  .max(12, "largeur par appareil invalide : un nombre entier de 1 à 12");
const deviceWidthsSchema = z.object({ tablet: deviceWidth.optional(), mobile: deviceWidth.optional() }, { error: "largeurs par appareil invalides" }).strict();
const storedDeviceStyles = deviceStylesSchema.optional().catch(undefined);
const storedDeviceWidths = deviceWidthsSchema.optional().catch(undefined);

const elementShape = {
  id: id("element-"),
  content: z.string().max(200_000),
  styles: stylesSchema,
  alt: z.string().max(500).optional(),
  /** Where a button (or a linked image) leads. Seed 001 only stores the label; a marketing button needs a target. */
  href: z.string().max(2000).optional(),
  /** Heading level; the seed gives none, pages need exactly one h1 for search engines. */
  level: z.number().int().min(1).max(6).optional(),
  hide: hideSchema.optional(),
  deviceStyles: deviceStylesSchema.optional(),
  /** Sample copy still to rewrite: a fingerprint of the text it was given (elements/sample.ts, decision 036). */
  sample: z
    .string()
    .regex(/^[0-9a-z]{1,8}$/)
    .optional(),
};

/** Strict element: what the server accepts when a document is saved. */
export const elementSchema = z.object({ ...elementShape, type: z.enum(ELEMENT_TYPES) }).strict();
/** Lenient element: what the renderer accepts from storage, so one unknown type cannot break a page. */
export const storedElementSchema = z.object({ ...elementShape, type: z.string().max(40), deviceStyles: storedDeviceStyles });

const columnWidthSchema = z.number().int().min(1).max(12);

/**
 * A section's or column's background image (issue 21): an address of this site or of the media library,
 * the point of the image that must stay visible (x and y in %, rendered as object-position) and the
 * strength of the dark overlay over it (0 to 90 %). Numbers only: nothing typed reaches a stylesheet.
 */
const FOCUS_MESSAGE = "point focal invalide : un pourcentage de 0 à 100";
const focus = z.number({ error: FOCUS_MESSAGE }).min(0, FOCUS_MESSAGE).max(100, FOCUS_MESSAGE);
const OVERLAY_MESSAGE = "voile invalide : un pourcentage entier de 0 à 90";
export const MAX_OVERLAY = 90;
export const backgroundSchema = z
  .object(
    {
      image: z
        .string({ error: "image de fond invalide" })
        .min(1, "image de fond obligatoire")
        .max(2000, "adresse d'image trop longue")
        .superRefine((url, ctx) => {
          const reason = unsafeUrlReason(url, { mail: false, fragment: false });
          if (reason) ctx.addIssue({ code: "custom", message: `image de fond : ${reason}` });
        }),
      focusX: focus,
      focusY: focus,
      overlay: z.number({ error: OVERLAY_MESSAGE }).int(OVERLAY_MESSAGE).min(0, OVERLAY_MESSAGE).max(MAX_OVERLAY, OVERLAY_MESSAGE),
    },
    { error: "image de fond invalide" },
  )
  .strict();
export type Background = z.infer<typeof backgroundSchema>;

function documentSchemaOf<E extends z.ZodTypeAny>(element: E, stored: boolean) {
  const deviceWidths = stored ? storedDeviceWidths : deviceWidthsSchema.optional();
  const deviceStyles = stored ? storedDeviceStyles : deviceStylesSchema.optional();
  // Sections and columns have their own spacing, background, alignment and visibility (issue 21), all optional.
  const background = stored ? backgroundSchema.optional().catch(undefined) : backgroundSchema.optional();
  const look = { styles: stylesSchema.optional(), deviceStyles, hide: hideSchema.optional(), background };
  const column = z.object({ id: id("column-"), width: columnWidthSchema, deviceWidths, ...look, elements: z.array(element).max(500) });
  const section = z.object({ id: id("section-"), ...look, columns: z.array(column).min(1).max(12) });
  const block = z.object({
    id: id("block-"),
    type: z.literal("container"),
    styles: stylesSchema,
    sections: z.array(section).max(50),
    hide: hideSchema.optional(),
    deviceStyles,
  });
  return z.object({ version: documentVersion, blocks: z.array(block).max(500) });
}
const documentVersion = z.literal(DOC_VERSION, { error: `version de document inconnue (${DOC_VERSION} attendue) : rechargez le constructeur` });

/** The current form of a document without the save's cross-node checks (pipeline/save-schema.ts adds them). */
export const currentDocumentShape = documentSchemaOf(elementSchema, false);
/** A whole stored document of the current version (pipeline/read.ts migrates one first). */
export const storedCurrentSchema = documentSchemaOf(storedElementSchema, true);

/**
 * The same levels without their children, for reading stored documents one node at a time: a node that
 * does not fit is left out (with a reason) and its siblings are kept (see pipeline/read.ts).
 */
const storedLook = {
  styles: stylesSchema.optional().catch(undefined),
  deviceStyles: storedDeviceStyles,
  hide: hideSchema.optional().catch(undefined),
  background: backgroundSchema.optional().catch(undefined),
};
export const storedShells = {
  document: z.object({ version: z.literal(DOC_VERSION), blocks: z.array(z.unknown()) }),
  block: z.object({
    id: id("block-"),
    type: z.literal("container"),
    styles: stylesSchema,
    sections: z.array(z.unknown()),
    hide: hideSchema.optional(),
    deviceStyles: storedDeviceStyles,
  }),
  section: z.object({ id: id("section-"), ...storedLook, columns: z.array(z.unknown()).min(1) }),
  column: z.object({ id: id("column-"), width: columnWidthSchema, deviceWidths: storedDeviceWidths, ...storedLook, elements: z.array(z.unknown()) }),
};

export type PageDocument = z.output<typeof currentDocumentShape>;
export type Block = PageDocument["blocks"][number];
export type Section = Block["sections"][number];
export type Column = Section["columns"][number];
export type PageElement = Column["elements"][number];
export type Hide = z.infer<typeof hideSchema>;

/** What the renderer works with: element types may be unknown strings. */
export type RenderDocument = z.output<typeof storedCurrentSchema>;
export type RenderBlock = RenderDocument["blocks"][number];
export type RenderElement = RenderBlock["sections"][number]["columns"][number]["elements"][number];
