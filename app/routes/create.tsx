import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Create Etsy Listing · Listora" }];
}

export default function Page() {
  return <PageHeader title="Create Etsy Listing" />;
}
