import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Advanced Keyword Analysis · Listora" }];
}

export default function Page() {
  return <PageHeader title="Advanced Keyword Analysis" />;
}
