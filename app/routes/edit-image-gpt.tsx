import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Image Editor (GPT) · Listora" }];
}

export default function Page() {
  return <PageHeader title="Image Editor (GPT)" />;
}
