import { useState, useSyncExternalStore } from "react";
import { bandGreeting, greetingKey, pickGreeting, type Greeting } from "~/lib/greeting";
import { useT } from "~/lib/i18n";
import { STORAGE, safeLocalStorage } from "~/lib/storage-keys";

/**
 * The random time-of-day line under 'Welcome back'. The server (and the first client render) show the
 * plain band line; the dice are thrown once after mount, with the stored user name, so hydration matches.
 */
export function GreetingLine() {
  const t = useT();
  const [band] = useState<Greeting>(() => bandGreeting(new Date()));
  // One throw of the dice for each time the line is shown, made in the browser only.
  const [dice] = useState(throwOnce);
  const greeting = useSyncExternalStore(noChanges, dice, () => band);
  return (
    <span data-testid="greeting" data-kind={greeting.kind} suppressHydrationWarning>
      {t(greetingKey(greeting), { name: greeting.name ?? "" })}
    </span>
  );
}

const noChanges = () => () => {};

/** A snapshot that picks the greeting the first time the browser reads it, and keeps it. */
function throwOnce() {
  let picked: Greeting | undefined;
  return () => (picked ??= pickGreeting(new Date(), Math.random, safeLocalStorage()?.getItem(STORAGE.userName)));
}
