import type { ReactNode } from "react";
import { DEVICE_LABEL, isDeviceStyleKey, isOverridden, type Device, type DeviceStyles, type SmallDevice } from "~/lib/document/devices";

/**
 * The marker of a value set for one device only (issue 11 §3): a dot and "Modifié pour mobile", with
 * "Rétablir", which makes the value inherit again from the larger device.
 */
export function DeviceMark({ device, label, onReset, compact = false }: { device: SmallDevice; label: string; onReset: () => void; compact?: boolean }) {
  const text = `Modifié pour ${DEVICE_LABEL[device]}`;
  return (
    <span className={`inline-flex items-center gap-1 ${compact ? "text-[10px]" : "text-xs"}`} data-device-mark={device}>
      <span className="inline-block h-2 w-2 shrink-0 rounded-full bg-brand-teal-dark" aria-hidden="true" />
      <span className="text-brand-teal-dark font-semibold" title={compact ? `${label} : ${text.toLowerCase()}` : undefined}>
        {compact ? DEVICE_LABEL[device] : text}
      </span>
      <button
        type="button"
        className="rounded border border-neutral-300 bg-white px-1 text-neutral-700 hover:border-ink"
        onClick={(e) => {
          e.stopPropagation();
          onReset();
        }}
        title={`${label} : reprendre la valeur ${device === "mobile" ? "de la tablette (ou de l'ordinateur)" : "de l'ordinateur"}`}
        data-action="device-reset"
      >
        Rétablir
      </button>
    </span>
  );
}

/**
 * A settings field with its device marker: on Tablette or Mobile, when one of `keys` is set for that device,
 * the mark and its reset show under the field.
 */
export function DeviceField({
  node,
  device,
  keys,
  label,
  onReset,
  children,
}: {
  node: { styles: Record<string, string>; deviceStyles?: DeviceStyles };
  device: Device;
  keys: readonly string[];
  label: string;
  onReset: (device: SmallDevice, keys: readonly string[]) => void;
  children: ReactNode;
}) {
  const perDevice = keys.some(isDeviceStyleKey);
  const small = device === "desktop" ? null : device;
  const marked = small !== null && keys.some((k) => isOverridden(node, small, k));
  return (
    <div data-device-field={perDevice ? keys.join(" ") : undefined} data-device-overridden={marked ? device : undefined}>
      {children}
      {marked && small ? (
        <div className="mt-1">
          <DeviceMark device={small} label={label} onReset={() => onReset(small, keys)} />
        </div>
      ) : null}
    </div>
  );
}

/** Under the settings' title on Tablette and Mobile: what changes for that device only, and what does not. */
export function DeviceNotice({ device }: { device: Device }) {
  if (device === "desktop") return null;
  return (
    <p className="rounded bg-brand-teal/10 p-2 text-xs text-neutral-800" data-testid="device-notice">
      Vue {DEVICE_LABEL[device]}&#8239;: les espacements, tailles, couleurs et alignements modifiés ici ne changent que l'affichage sur {DEVICE_LABEL[device]}.
      Les textes, graisses et liens valent pour tous les appareils.
    </p>
  );
}

/** The style keys behind each per-device settings field (the element registry's field names), and its label. */
export const DEVICE_SETTING_KEYS: Partial<Record<string, { keys: readonly string[]; label: string }>> = {
  fontSize: { keys: ["fontSize"], label: "Taille du texte" },
  textAlign: { keys: ["textAlign"], label: "Alignement" },
  padding: { keys: ["padding"], label: "Marge intérieure" },
  width: { keys: ["width"], label: "Largeur" },
  marginBottom: { keys: ["marginBottom"], label: "Marge inférieure" },
  height: { keys: ["height"], label: "Hauteur" },
  iconSize: { keys: ["width", "height"], label: "Taille de l'icône" },
  color: { keys: ["color"], label: "Couleur" },
  backgroundColor: { keys: ["backgroundColor"], label: "Couleur de fond" },
};
