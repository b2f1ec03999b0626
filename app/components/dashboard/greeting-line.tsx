import { useEffect, useState } from "react";
import { bandGreeting, greetingKey, pickGreeting, type Greeting } from "~/lib/greeting";
import { useT } from "~/lib/i18n";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";

/**
 * The random time-of-day line under 'Welcome back'. The server (and the first client render) show the
 * plain band line; the dice are thrown once after mount, with the stored user name, so hydration matches.
 */
export function GreetingLine() {
  const t = useT();
  const [greeting, setGreeting] = useState<Greeting>(() => bandGreeting(new Date()));
  useEffect(() => {
    setGreeting(pickGreeting(new Date(), Math.random, safeLocalStorage()?.getItem(STORAGE.userName)));
  }, []);
  return (
    <span data-testid="greeting" data-kind={greeting.kind} suppressHydrationWarning>
      {t(greetingKey(greeting), { name: greeting.name ?? "" })}
    </span>
  );
}
