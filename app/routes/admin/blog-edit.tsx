import { useOutletContext, useParams, useSearchParams } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { EditorScreen } from "~/components/admin/blog/EditorScreen";
import { ImagePickerProvider, usePickImage } from "~/components/admin/builder/tools/ImagePicker";

export function meta() {
  return [{ title: "Édition d'article | Archimed" }];
}

/** Without an id: a new article; with one: that article. ?lang=en opens with that language's version to add. */
export default function BlogEditRoute() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const me = useOutletContext<AdminUser>();
  const lang = search.get("lang");
  return (
    <ImagePickerProvider>
      <EditorWithPicker key={id ?? "new"} id={id} me={me} onlyLang={lang === "fr" || lang === "en" ? lang : undefined} />
    </ImagePickerProvider>
  );
}

/** The cover is chosen in the Médiathèque (or by address), the same picker as the builder's galleries. */
function EditorWithPicker(props: Omit<Parameters<typeof EditorScreen>[0], "pickImage">) {
  const pickImage = usePickImage();
  return <EditorScreen {...props} pickImage={pickImage} />;
}
