import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "~/components/ui/dropdown-menu";
import { toast } from "~/components/ui/use-toast";
import { useT } from "~/lib/i18n";
import { downloadFromApi } from "~/lib/api/listings";

/** 'Export all' (or one listing) as CSV or JSON, downloaded with the user's token. */
export function ExportMenu({ path, label, fileBase, disabled }: { path: string; label: string; fileBase: string; disabled?: boolean }) {
  const t = useT();
  const [busy, setBusy] = useState(false);

  async function run(format: "csv" | "json") {
    setBusy(true);
    try {
      await downloadFromApi(`${path}?format=${format}`, `${fileBase}.${format}`);
    } catch (error) {
      console.error("Export failed", error);
      toast({ title: t("listings.exportFailed"), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <DropdownMenu>
      {/* The trigger, not the button, carries `disabled`: Radix would overwrite the child's. */}
      <DropdownMenuTrigger asChild disabled={disabled || busy}>
        <Button variant="outline" data-testid="export-menu">
          <DownloadIcon aria-hidden="true" />
          {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void run("csv")} data-testid="export-csv">
          {t("listings.exportCsvShort")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void run("json")} data-testid="export-json">
          {t("listings.exportJsonShort")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
