import { CpuIcon, ImageIcon, Layers3Icon } from "lucide-react";
import { useCallback, useState } from "react";
import { IMAGE_CATEGORIES, IMAGE_PLATFORMS, type ImageCategory, type ImagePlatform, type ImageProviderName } from "../../schema/api/images";
import { BatchImageEditor } from "~/components/image-editor/batch-image-editor";
import { providerLabel } from "~/components/image-editor/messages";
import { SingleImageEditor } from "~/components/image-editor/single-image-editor";
import { editorHandle, editorMeta, useEditCounted } from "~/components/image-editor/editor-route";
import { PageHeader } from "~/components/page-header";
import { UsageCard } from "~/components/usage-card";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent } from "~/components/ui/card";
import { Label } from "~/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { useT } from "~/lib/i18n";
import { loadImageEditor } from "~/lib/images.server";
import type { Route } from "./+types/edit-image";

export const handle = editorHandle;
export const meta = editorMeta("images.metaTitle");

/** Which editor serves, read on the server: the first HTML already names it (decision 0054). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadImageEditor(request, context);
}

/** Image Editor (SPEC §2): single and batch edits shaped by marketplace and category. */
export default function EditImagePage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { info: provider } = loaderData;
  const [tab, setTab] = useState("single");
  const [platform, setPlatform] = useState<ImagePlatform>("etsy");
  const [category, setCategory] = useState<ImageCategory>("jewelry");
  const [lastProvider, setLastProvider] = useState<{ name: ImageProviderName; label: string } | null>(null);

  const { edited: succeeded, batchFinished } = useEditCounted();

  const onResumed = useCallback(() => setTab("batch"), []);

  const editorName = lastProvider?.name ?? provider?.provider;
  const editorLabel = lastProvider?.label ?? provider?.label;

  return (
    <>
      <PageHeader
        title={t("images.editor.title")}
        description={t("images.editor.description")}
        actions={
          <div className="flex min-w-0 max-w-full flex-wrap gap-2">
            <Badge variant="outline" className="min-h-7 h-auto max-w-full gap-1.5 whitespace-normal px-2.5 text-xs" data-testid="active-editor">
              <CpuIcon aria-hidden="true" />
              <span className="text-muted-foreground">{t("images.provider.prefix")}</span>
              {providerLabel(t, editorName, editorLabel)}
            </Badge>
            {provider?.cutout && (
              <Badge variant="outline" className="min-h-7 h-auto max-w-full gap-1.5 whitespace-normal px-2.5 text-xs" data-testid="active-cutout">
                <span className="text-muted-foreground">{t("images.cutout.prefix")}</span>
                {provider.cutout.label}
              </Badge>
            )}
          </div>
        }
      />

      <div className="mb-6 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card className="py-5">
          <CardContent className="grid gap-4 px-5 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor="image-platform">{t("images.platform.label")}</Label>
              <Select value={platform} onValueChange={(value) => setPlatform(value as ImagePlatform)}>
                <SelectTrigger id="image-platform" className="w-full" data-testid="platform-select">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {IMAGE_PLATFORMS.map((value) => (
                    <SelectItem key={value} value={value}>
                      {t(`images.platform.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p className="text-xs text-muted-foreground">{t(`images.platform.${platform}.preset`)}</p>
            </div>
            <div className="grid gap-2">
              <Label htmlFor="image-category">{t("images.category.label")}</Label>
              <Select value={category} onValueChange={(value) => setCategory(value as ImageCategory)}>
                <SelectTrigger id="image-category" className="w-full" data-testid="category-select">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {IMAGE_CATEGORIES.map((value) => (
                    <SelectItem key={value} value={value}>
                      {t(`images.category.${value}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <p className="text-xs text-muted-foreground">{t("images.category.hint")}</p>
            </div>
          </CardContent>
        </Card>
        <UsageCard feature="edit-image" />
      </div>

      <Tabs value={tab} onValueChange={setTab} className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="single" className="px-4">
            <ImageIcon aria-hidden="true" />
            {t("images.tab.single")}
          </TabsTrigger>
          <TabsTrigger value="batch" className="px-4">
            <Layers3Icon aria-hidden="true" />
            {t("images.tab.batch")}
          </TabsTrigger>
        </TabsList>
        {/* Both stay mounted so a running batch keeps its connection while the user edits a single image. */}
        <TabsContent value="single" forceMount className="data-[state=inactive]:hidden">
          <SingleImageEditor
            provider="edit"
            platform={platform}
            category={category}
            onEdited={(edited) => {
              if (edited.provider) setLastProvider({ name: edited.provider, label: edited.providerLabel ?? "" });
              succeeded();
            }}
          />
        </TabsContent>
        <TabsContent value="batch" forceMount className="data-[state=inactive]:hidden">
          <BatchImageEditor provider="edit" platform={platform} category={category} onResumed={onResumed} onFinished={batchFinished} />
        </TabsContent>
      </Tabs>
    </>
  );
}
