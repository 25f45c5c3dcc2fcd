import { Toast } from "~/components/kit/Toast";
import { acceptOffer, dismissOffer, useUndoOffer } from "~/lib/builder/undo-offer";
import { useBuilderStore } from "~/lib/builder/store";

/**
 * "Bloc supprimé · Annuler" (issue 11 §5): the kit's toast over the builder's undo offer (Ctrl+Z does the
 * same). It sits at the bottom of the side panel, never over the canvas being edited.
 */
export function UndoToast() {
  const store = useBuilderStore();
  const offer = useUndoOffer(store);
  return (
    <Toast
      message={offer}
      onDismiss={() => dismissOffer(store)}
      action={{ label: "Annuler", onAction: () => acceptOffer(store), testAction: "toast-undo" }}
      testId="undo-toast"
    />
  );
}
