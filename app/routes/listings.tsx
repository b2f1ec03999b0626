import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "My Listings · Listora" }];
}

export default function Page() {
  return <PageHeader title="My Listings" />;
}
