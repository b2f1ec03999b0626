import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "SEO & Keyword Analysis · Listora" }];
}

export default function Page() {
  return <PageHeader title="SEO & Keyword Analysis" />;
}
