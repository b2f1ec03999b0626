import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Step 2 of 3 Review Draft · Listora" }];
}

export default function Page() {
  return <PageHeader title="Step 2 of 3 Review Draft" />;
}
