import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Step 3 of 3 Etsy Listing Generation · Listora" }];
}

export default function Page() {
  return <PageHeader title="Step 3 of 3 Etsy Listing Generation" />;
}
