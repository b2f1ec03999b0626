import { CpuIcon, ImageIcon, Layers3Icon } from "lucide-react";
import { useState } from "react";
import type { ImageProviderName } from "../../schema/api/images";
import { gptProviderName } from "~/components/image-editor/messages";
import { BatchImageEditor } from "~/components/image-editor/batch-image-editor";
import { SingleImageEditor } from "~/components/image-editor/single-image-editor";
import { editorHandle, editorMeta, useEditCounted } from "~/components/image-editor/editor-route";
import { PageHeader } from "~/components/page-header";
import { UsageCard } from "~/components/usage-card";
import { Badge } from "~/components/ui/badge";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useT } from "~/lib/i18n";
import { loadImageEditor } from "~/lib/images.server";
import type { Route } from "./+types/edit-image-gpt";

export const handle = editorHandle;
export const meta = editorMeta("images.gpt.metaTitle");

/** Which editor serves, read on the server: the first HTML already names it (decision 0054). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadImageEditor(request, context);
}

/** Image Editor (GPT) (SPEC §2): free-form edits by the image-generation provider. */
export default function EditImageGptPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { info } = loaderData;
  const [answered, setAnswered] = useState<ImageProviderName | null>(null);
  const provider = answered ?? info?.gptProvider;
  const providerName = gptProviderName(t, provider, provider === info?.gptProvider ? info?.gptLabel : undefined);
  const submitLabel = !provider
    ? t("images.single.submit")
    : provider === "openai"
      ? t("images.gpt.submit.openai")
      : provider === "workers-ai"
        ? t("images.gpt.submit.workersAi")
        : t("images.gpt.submit.local");

  const { edited: succeeded, batchFinished } = useEditCounted();

  return (
    <>
      <PageHeader
        title={t("images.gpt.title")}
        description={t("images.gpt.description")}
        actions={
          <Badge variant="outline" className="h-7 gap-1.5 px-2.5 text-xs" data-testid="active-editor">
            <CpuIcon aria-hidden="true" />
            <span className="text-muted-foreground">{t("images.provider.prefix")}</span>
            {providerName}
          </Badge>
        }
      />
      <Tabs defaultValue="single" className="gap-4">
        <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
          <TabsList className="w-full sm:w-fit">
            <TabsTrigger value="single" className="px-4">
              <ImageIcon aria-hidden="true" />
              {t("images.gpt.tab.single")}
            </TabsTrigger>
            <TabsTrigger value="batch" className="px-4">
              <Layers3Icon aria-hidden="true" />
              {t("images.tab.batch")}
            </TabsTrigger>
          </TabsList>
          <UsageCard feature="edit-image" className="sm:w-80" />
        </div>
        <TabsContent value="single" forceMount className="data-[state=inactive]:hidden">
          <SingleImageEditor
            provider="gpt"
            gptProvider={provider ?? undefined}
            providerName={providerName}
            submitLabel={submitLabel}
            onEdited={(edited) => {
              if (edited.provider) setAnswered(edited.provider);
              succeeded();
            }}
          />
        </TabsContent>
        <TabsContent value="batch" forceMount className="data-[state=inactive]:hidden">
          <BatchImageEditor provider="gpt" providerName={providerName} onFinished={batchFinished} />
        </TabsContent>
      </Tabs>
    </>
  );
}
