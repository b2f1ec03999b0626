import { Link } from "react-router";
import { Logo } from "~/components/logo";
import { ThemeToggle } from "~/components/theme-toggle";
import { Button } from "~/components/ui/button";

export function meta() {
  return [
    { title: "Listora · Etsy listings in under 2 minutes" },
    { name: "description", content: "Listora turns a product idea into a finished marketplace listing in minutes." },
  ];
}

export default function Landing() {
  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
        <Logo to="/landing" showBeta />
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <Button asChild variant="ghost">
            <Link to="/login">Login</Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-24 text-center">
        <h1 className="text-4xl font-bold tracking-tight">Listings in under 2 minutes, not 45+</h1>
        <Button asChild size="lg" className="mt-8">
          <Link to="/register">Create your first listing for free</Link>
        </Button>
      </main>
    </div>
  );
}
