import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Listing · Listora" }];
}

export default function Page() {
  return <PageHeader title="Listing" />;
}
