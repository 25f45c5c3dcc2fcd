import { AiGeneratorScreen } from "~/components/admin/blog/AiGeneratorScreen";

export function meta() {
  return [{ title: "Générateur d'articles IA | Archimed" }];
}

export default function AiBlogGeneratorRoute() {
  return <AiGeneratorScreen />;
}
