import { startTransition, StrictMode, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { keepTypedFields, restoreTypedFields } from "./lib/typed-fields";

// React Router's own client entry, plus one step (decision 0075): what the visitor has typed into the
// server's HTML so far is remembered before hydration, and given back once the page has hydrated (this
// effect runs after every effect of the page's first commit).
keepTypedFields();

function TypedFieldsKept({ children }: { children: React.ReactNode }) {
  useEffect(() => {
    restoreTypedFields();
    // The page answers clicks now; browser tests of public pages wait for this before a click that needs JavaScript.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return children;
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <TypedFieldsKept>
        <HydratedRouter />
      </TypedFieldsKept>
    </StrictMode>,
  );
});
