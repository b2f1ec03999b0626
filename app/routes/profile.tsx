import { PageHeader } from "~/components/page-header";

export function meta() {
  return [{ title: "Profile Settings · Listora" }];
}

export default function Page() {
  return <PageHeader title="Profile Settings" />;
}
