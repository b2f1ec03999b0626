import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Welcome back · Listora" }];
}

export default function Page() {
  return <PageHeader title="Welcome back" />;
}
