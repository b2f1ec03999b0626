import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Step 1 of 3 Optimize Pattern · Listora" }];
}

export default function Page() {
  return <PageHeader title="Step 1 of 3 Optimize Pattern" />;
}
