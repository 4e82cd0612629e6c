// A figure's table as a CSV download (client-safe): a data: link, so the file needs no request.
import Papa from "papaparse";

export type CsvTable = { headers: string[]; rows: (string | number)[][] };

export function csvHref({ headers, rows }: CsvTable): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(Papa.unparse({ fields: headers, data: rows }))}`;
}
