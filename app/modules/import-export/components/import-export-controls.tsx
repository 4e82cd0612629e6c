import { Download, Upload } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import type { ImportToast } from "~/modules/import-export/import-report";
import { CSRF_FIELD, useCsrfToken } from "~/components/csrf-field";

type ImportExportProps = {
  /** What the file holds, plural: "tests", "offers". */
  noun: string;
  /** The route the file is posted to. */
  importAction: string;
  /** The export address for a format. */
  exportUrl: (format: "csv" | "json") => string;
};

/** Import (CSV or JSON file) and Export (format chosen here) of an admin list: tests, a lab's offers. */
export function ImportExportControls({ noun, importAction, exportUrl }: ImportExportProps) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ImportButton noun={noun} importAction={importAction} />
      <ExportControls noun={noun} exportUrl={exportUrl} />
    </div>
  );
}

function ImportButton({ noun, importAction }: Pick<ImportExportProps, "noun" | "importAction">) {
  const fetcher = useFetcher<{ toasts: ImportToast[] }>();
  const input = useRef<HTMLInputElement>(null);
  const shown = useRef<unknown>(null);
  const csrf = useCsrfToken();

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data || shown.current === fetcher.data) return;
    shown.current = fetcher.data;
    for (const { title, description, destructive } of fetcher.data.toasts) {
      (destructive ? toast.error : toast.success)(title, { description, className: "whitespace-pre-line" });
    }
  }, [fetcher.state, fetcher.data]);

  function upload(file: File | undefined) {
    if (!file) return;
    const form = new FormData();
    form.set("file", file);
    if (csrf) form.set(CSRF_FIELD, csrf);
    // The list reloads after the action, showing the imported rows.
    fetcher.submit(form, { method: "post", action: importAction, encType: "multipart/form-data" });
    if (input.current) input.current.value = "";
  }

  const busy = fetcher.state !== "idle";
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".csv,.json,text/csv,application/json"
        aria-label={`Import ${noun} file (CSV or JSON)`}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => upload(event.currentTarget.files?.[0])}
      />
      <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
        <Upload aria-hidden /> {busy ? "Importing..." : "Import"}
      </Button>
    </>
  );
}

function ExportControls({ noun, exportUrl }: Pick<ImportExportProps, "noun" | "exportUrl">) {
  const [format, setFormat] = useState<"csv" | "json">("csv");
  const [busy, setBusy] = useState(false);

  async function download() {
    setBusy(true);
    try {
      const response = await fetch(exportUrl(format));
      const fileName = response.headers.get("Content-Disposition")?.match(/filename="([^"]+)"/)?.[1];
      // A redirect to the sign-in page arrives as an ordinary page without a file name.
      if (!response.ok || !fileName) throw new Error(`Export answered ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = fileName;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      const count = response.headers.get("X-Export-Count");
      toast.success("Export successful", { description: `${count} ${noun} exported successfully as ${format.toUpperCase()}.` });
    } catch (error) {
      console.error(error);
      toast.error("Export failed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={`${noun}-export-format`} className="sr-only">
        Export format
      </label>
      <select
        id={`${noun}-export-format`}
        value={format}
        onChange={(event) => setFormat(event.currentTarget.value === "json" ? "json" : "csv")}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm"
      >
        <option value="csv">CSV</option>
        <option value="json">JSON</option>
      </select>
      <Button type="button" variant="outline" disabled={busy} onClick={download}>
        <Download aria-hidden /> Export
      </Button>
    </div>
  );
}
