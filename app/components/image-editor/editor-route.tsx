import { useCallback } from "react";
import { useT, type MessageKey } from "~/lib/i18n";
import { metaText, type I18nHandle } from "~/lib/i18n/route";
import { useRefreshQuota } from "~/lib/quota";
import * as imagesStrings from "~/lib/i18n/catalog/images";
import * as plansStrings from "~/lib/i18n/catalog/plans";
import { EditorSkeleton } from "./editor-skeleton";
import { loadImageProvider } from "./image-provider";

/** What the two image editor screens (/edit-image, /edit-image-gpt) export alike, given their texts. */

/** The catalogues both screens' components read (the root hands them to the provider). */
export const editorHandle = { i18n: [imagesStrings, plansStrings] } satisfies I18nHandle;

/** The screen's meta(): its page title. */
export function editorMeta(titleKey: MessageKey) {
  return ({ matches }: { matches: Parameters<typeof metaText>[0] }) => [{ title: metaText(matches, titleKey) }];
}

/** Which editors serve (the header's badges): read on arrival. */
export async function editorClientLoader() {
  return { info: await loadImageProvider() };
}

/** The screen while it learns which editor serves it. */
export function editorFallback(titleKey: MessageKey, descriptionKey: MessageKey) {
  return function HydrateFallback() {
    const t = useT();
    return <EditorSkeleton title={t(titleKey)} description={t(descriptionKey)} />;
  };
}

/** An edit counts against today's quota and ticks the onboarding step on the server: the account data (usage card, checklist) is read again. */
export function useEditCounted() {
  const refreshQuota = useRefreshQuota();
  const edited = useCallback(() => {
    void refreshQuota("edit-image");
  }, [refreshQuota]);
  const batchFinished = useCallback((_completed: number) => void refreshQuota("edit-image"), [refreshQuota]);
  return { edited, batchFinished };
}
