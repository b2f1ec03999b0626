/**
 * What a visitor typed, ticked or picked before the page's JavaScript ran (decision 0075). The server's
 * HTML is a working page from its first paint, so on a slow phone a seller starts typing an e-mail or a
 * search before hydration; React then hydrates each controlled field with its state's value, which
 * empties the text or undoes the tick, and a file picked then (My Shop's CSV) reached no handler at all.
 * `keepTypedFields` starts before hydration and remembers every field changed until then (by a scan of
 * the page, then by its input and change events); `restoreTypedFields`, once the page has hydrated (both
 * in app/entry.client.tsx), gives each back as the browser's own input, so the field's onChange runs and
 * the screen's state holds it (a search box then searches).
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
type Kept = { value: string } | { checked: boolean } | { files: File[] };

/** Fields whose content the visitor gives (not buttons or hidden values). */
const SKIPPED_TYPES = new Set(["hidden", "submit", "button", "reset", "image"]);

let kept: Map<Field, Kept> | null = null;

function fieldOf(target: EventTarget | null): Field | null {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return target;
  if (target instanceof HTMLInputElement && !SKIPPED_TYPES.has(target.type)) return target;
  return null;
}

const isTick = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");

const isFile = (field: Field): field is HTMLInputElement => field instanceof HTMLInputElement && field.type === "file";

function stateOf(field: Field): Kept {
  if (isTick(field)) return { checked: field.checked };
  if (isFile(field)) return { files: Array.from(field.files ?? []) };
  return { value: field.value };
}

/** A field that differs from what the server's HTML said: the visitor changed it before the listeners were there. */
function changedFromHtml(field: Field): boolean {
  if (isTick(field)) return field.checked !== field.defaultChecked;
  if (isFile(field)) return (field.files?.length ?? 0) > 0;
  if (field instanceof HTMLSelectElement) return Array.from(field.options).some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

function remember(event: Event) {
  const field = fieldOf(event.target);
  if (field && kept) kept.set(field, stateOf(field));
}

/** Starts remembering changed fields; called before hydration (app/entry.client.tsx). */
export function keepTypedFields(doc: Document = document) {
  kept = new Map();
  for (const element of Array.from(doc.querySelectorAll("input, textarea, select"))) {
    const field = fieldOf(element);
    if (field && changedFromHtml(field)) kept.set(field, stateOf(field));
  }
  doc.addEventListener("input", remember, true);
  doc.addEventListener("change", remember, true);
}

/**
 * Gives back what the visitor gave before hydration, once (the effect of the page's first commit).
 * React may still show it (a controlled field is set to its state's value at its next render, not at
 * hydration), so each field is given again whatever it shows now, as an edit React cannot miss:
 * - a text or a select is first set to something else through its own setter (React's tracker of the
 *   field's value learns that), then to the visitor's content through its prototype's setter, and an
 *   input event (a change event for a select) tells React;
 * - a checkbox, or the radio the visitor chose, is set to the other state and clicked back (a radio left
 *   unticked was unticked by the one chosen, which puts it right);
 * - a file input gets its files back if it lost them, and a change event.
 * React then runs the field's onChange with the visitor's content, and the screen's state holds it. A
 * field that has left the page or is disabled is left alone.
 */
export function restoreTypedFields(doc: Document = document) {
  const fields = kept;
  kept = null;
  doc.removeEventListener("input", remember, true);
  doc.removeEventListener("change", remember, true);
  if (!fields) return;
  for (const [field, state] of fields) {
    if (!field.isConnected || field.disabled) continue;
    if ("files" in state) {
      // A file input is React's to read, never to write: its files are normally still there, and only its
      // change event is owed (a FileList is the input's own, so a copy puts back files it has lost).
      if (!isFile(field) || state.files.length === 0) continue;
      if ((field.files?.length ?? 0) !== state.files.length) {
        const list = new DataTransfer();
        for (const file of state.files) list.items.add(file);
        field.files = list.files;
      }
      field.dispatchEvent(new Event("change", { bubbles: true }));
      continue;
    }
    if ("checked" in state) {
      if (!isTick(field) || (field.type === "radio" && !state.checked)) continue;
      field.checked = !state.checked;
      field.click();
      continue;
    }
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, "value")?.set;
    if (!setter) continue;
    field.value = state.value === "" ? " " : "";
    setter.call(field, state.value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
  }
}
