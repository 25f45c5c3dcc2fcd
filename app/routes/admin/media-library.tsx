import { MediaLibrary } from "~/components/admin/media/MediaLibrary";

export function meta() {
  return [{ title: "Médiathèque | Archimed" }];
}

/** Every image, video and PDF of the site: search, import, edit the labels, delete what no page shows. */
export default function MediaLibraryPage() {
  return (
    <section className="flex min-h-[70vh] flex-col">
      <h1 className="mb-4 text-3xl font-extrabold">Médiathèque</h1>
      <MediaLibrary />
    </section>
  );
}
