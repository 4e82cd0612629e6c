import { createRequire } from "node:module";
import { Document, Font, Page, StyleSheet, Text, View, renderToBuffer } from "@react-pdf/renderer";
import { formatBookingDate, todayInDubai } from "~/utils/dubai-date";
import { formatAed } from "~/utils/money";
import { refundReasonLabel } from "~/modules/lifecycle/payment-status";
import type { TaxDocument, InvoiceLineRow } from "~/modules/invoices/invoice-documents.server";

// The Arabic font ships as an npm package (@fontsource/cairo, SIL OFL; its dots sit right under fontkit's shaping, where Noto Naskh's did not): resolved from
// node_modules at run time, embedded (subset) in every PDF. Latin text uses the built-in Helvetica.
const require = createRequire(import.meta.url);
const ARABIC = "Cairo";
Font.register({
  family: ARABIC,
  fonts: [
    { src: require.resolve("@fontsource/cairo/files/cairo-arabic-400-normal.woff"), fontWeight: 400 },
    { src: require.resolve("@fontsource/cairo/files/cairo-arabic-700-normal.woff"), fontWeight: 700 },
  ],
});
Font.registerHyphenationCallback((word) => [word]);
const FONTS = ["Helvetica", ARABIC];
const BOLD_FONTS = ["Helvetica-Bold", ARABIC];

const styles = StyleSheet.create({
  page: { padding: 32, fontSize: 10, fontFamily: FONTS, color: "#111827", lineHeight: 1.35 },
  header: { flexDirection: "row", justifyContent: "space-between", borderBottom: "2pt solid #0f766e", paddingBottom: 10, marginBottom: 12 },
  title: { fontSize: 20, fontFamily: BOLD_FONTS, fontWeight: 700, color: "#0f766e" },
  titleAr: { fontSize: 16, fontFamily: BOLD_FONTS, fontWeight: 700, color: "#0f766e", textAlign: "right", direction: "rtl" },
  seller: { fontFamily: BOLD_FONTS, fontWeight: 700, fontSize: 11 },
  muted: { color: "#4b5563" },
  ar: { textAlign: "right", direction: "rtl" },
  facts: { flexDirection: "row", flexWrap: "wrap", marginBottom: 12 },
  fact: { width: "50%", paddingVertical: 3, paddingRight: 8 },
  label: { fontSize: 8, color: "#4b5563" },
  table: { borderTop: "1pt solid #d1d5db" },
  row: { flexDirection: "row", borderBottom: "1pt solid #e5e7eb", paddingVertical: 5 },
  headRow: { flexDirection: "row", backgroundColor: "#f3f4f6", borderBottom: "1pt solid #d1d5db", paddingVertical: 4 },
  description: { width: "34%", paddingRight: 6 },
  number: { width: "11%", textAlign: "right", paddingLeft: 2 },
  qty: { width: "6%", textAlign: "right" },
  headCell: { fontSize: 7.5, fontFamily: BOLD_FONTS, fontWeight: 700 },
  totals: { marginTop: 10, alignSelf: "flex-end", width: "55%" },
  totalRow: { flexDirection: "row", justifyContent: "space-between", paddingVertical: 3 },
  grandTotal: { fontFamily: BOLD_FONTS, fontWeight: 700, fontSize: 12, borderTop: "1pt solid #111827", paddingTop: 4 },
  footer: { position: "absolute", bottom: 24, left: 32, right: 32, fontSize: 8, color: "#6b7280", textAlign: "center" },
});

const COLLECTION: Record<string, [string, string]> = {
  walk_in: ["Walk-in at the lab", "زيارة المختبر"],
  home: ["Home collection", "سحب العينة من المنزل"],
};

const dubaiDate = (at: Date) => formatBookingDate(todayInDubai(at));
const rate = (basisPoints: number) => `${basisPoints / 100}%`;

function Bilingual({ en, ar, bold }: { en: string; ar: string; bold?: boolean }) {
  return (
    <View>
      <Text style={bold ? { fontFamily: BOLD_FONTS, fontWeight: 700 } : undefined}>{en}</Text>
      <Text style={[styles.ar, styles.muted, { fontSize: 8 }]}>{ar}</Text>
    </View>
  );
}

function Fact({ en, ar, value }: { en: string; ar: string; value: string }) {
  return (
    <View style={styles.fact}>
      <Text style={styles.label}>
        {en} / {ar}
      </Text>
      <Text>{value}</Text>
    </View>
  );
}

function lineDescription(line: InvoiceLineRow): string[] {
  if (line.kind === "home_collection_fee") return [`Home-collection fee${line.labName ? ` · ${line.labName}` : ""}`, "رسوم سحب العينة من المنزل"];
  const collection = line.collectionType ? COLLECTION[line.collectionType] : null;
  return [
    line.testName,
    [line.labName, collection?.[0]].filter(Boolean).join(" · "),
    ...(line.patientName ? [`Patient: ${line.patientName}`] : []),
    ...(collection ? [collection[1]] : []),
  ].filter((text) => text !== "");
}

type Row = { line: InvoiceLineRow; totalFils: number; taxableFils: number; vatFils: number; vatRateBasisPoints: number };

function LinesTable({ rows, credit }: { rows: Row[]; credit: boolean }) {
  const head: [string, string, (typeof styles)[keyof typeof styles]][] = [
    ["Description", "الوصف", styles.description],
    ["Qty", "الكمية", styles.qty],
    ["Unit price", "سعر الوحدة", styles.number],
    ["Taxable amount", "المبلغ الخاضع للضريبة", styles.number],
    ["VAT rate", "نسبة الضريبة", { ...styles.number, width: "7%" }],
    ["VAT (AED)", "ضريبة القيمة المضافة", styles.number],
    [credit ? "Credited" : "Amount", credit ? "المبلغ المسترد" : "المبلغ", { ...styles.number, width: "20%" }],
  ];
  return (
    <View style={styles.table}>
      <View style={styles.headRow}>
        {head.map(([en, ar, style]) => (
          <View key={en} style={style}>
            <Text style={styles.headCell}>{en}</Text>
            <Text style={[styles.headCell, styles.ar, { fontSize: 6.5 }]}>{ar}</Text>
          </View>
        ))}
      </View>
      {rows.map((row) => {
        const [first, ...rest] = lineDescription(row.line);
        return (
          <View key={row.line.id} style={styles.row} wrap={false}>
            <View style={styles.description}>
              <Text style={{ fontFamily: BOLD_FONTS, fontWeight: 700 }}>{first}</Text>
              {rest.map((text) => (
                <Text key={text} style={[styles.muted, { fontSize: 8 }, /[\u0600-\u06ff]/.test(text) && !/[a-z]/i.test(text) ? styles.ar : {}]}>
                  {text}
                </Text>
              ))}
            </View>
            <Text style={styles.qty}>{row.line.quantity}</Text>
            <Text style={styles.number}>{formatAed(row.line.unitPriceFils)}</Text>
            <Text style={styles.number}>{formatAed(row.taxableFils)}</Text>
            <Text style={{ ...styles.number, width: "7%" }}>{rate(row.vatRateBasisPoints)}</Text>
            <Text style={styles.number}>{formatAed(row.vatFils)}</Text>
            <Text style={{ ...styles.number, width: "20%" }}>{formatAed(row.totalFils)}</Text>
          </View>
        );
      })}
    </View>
  );
}

function TotalRow({ en, ar, fils, grand }: { en: string; ar: string; fils: number; grand?: boolean }) {
  return (
    <View style={[styles.totalRow, grand ? styles.grandTotal : {}]}>
      <Text>
        {en} / {ar}
      </Text>
      <Text>{formatAed(fils)}</Text>
    </View>
  );
}

/** The tax invoice or credit note, A4, English with Arabic beside each label (issue 29). */
export function TaxDocumentPdf({ document }: { document: TaxDocument }) {
  const { invoice } = document;
  const credit = document.kind === "credit_note";
  const number = credit ? document.creditNote.number : invoice.number;
  const issuedAt = credit ? document.creditNote.issuedAt : invoice.issuedAt;
  const totals = credit ? document.creditNote : invoice;
  const rows: Row[] = credit
    ? document.lines
    : document.lines.map((line) => ({ line, totalFils: line.totalFils, taxableFils: line.taxableFils, vatFils: line.vatFils, vatRateBasisPoints: line.vatRateBasisPoints }));
  return (
    <Document title={`${credit ? "Tax Credit Note" : "Tax Invoice"} ${number}`} author={invoice.sellerName} language="en">
      <Page size="A4" style={styles.page}>
        <View style={styles.header}>
          <View style={{ width: "60%" }}>
            <Text style={styles.seller}>{invoice.sellerName}</Text>
            {invoice.sellerNameAr ? <Text style={[styles.muted, { textAlign: "left", direction: "rtl" }]}>{invoice.sellerNameAr}</Text> : null}
            <Text style={styles.muted}>{invoice.sellerAddress}</Text>
            <Text>TRN / الرقم الضريبي: {invoice.sellerTrn}</Text>
          </View>
          <View style={{ width: "40%", alignItems: "flex-end" }}>
            <Text style={styles.title}>{credit ? "Tax Credit Note" : "Tax Invoice"}</Text>
            <Text style={styles.titleAr}>{credit ? "إشعار دائن ضريبي" : "فاتورة ضريبية"}</Text>
          </View>
        </View>
        <View style={styles.facts}>
          <Fact en={credit ? "Credit note number" : "Invoice number"} ar={credit ? "رقم الإشعار" : "رقم الفاتورة"} value={number} />
          <Fact en="Date of issue" ar="تاريخ الإصدار" value={dubaiDate(issuedAt)} />
          {credit ? (
            <Fact en="Corrects invoice" ar="الفاتورة المعدلة" value={`${invoice.number} (${dubaiDate(invoice.issuedAt)})`} />
          ) : (
            <Fact en="Date of supply" ar="تاريخ التوريد" value={formatBookingDate(invoice.supplyDate)} />
          )}
          {credit ? <Fact en="Reason" ar="السبب" value={refundReasonLabel(document.creditNote.reason)} /> : null}
          <Fact en="Customer" ar="العميل" value={invoice.customerName} />
          {invoice.customerAddress ? <Fact en="Customer address" ar="عنوان العميل" value={invoice.customerAddress} /> : null}
          {invoice.customerTrn ? <Fact en="Customer TRN" ar="الرقم الضريبي للعميل" value={invoice.customerTrn} /> : null}
          <Fact en="Payment" ar="الدفع" value={invoice.paymentMethod === "cash_on_delivery" ? "Cash on delivery" : "Card"} />
        </View>
        <LinesTable rows={rows} credit={credit} />
        <View style={styles.totals}>
          <TotalRow en={credit ? "Taxable amount credited" : "Total taxable amount"} ar="إجمالي المبلغ الخاضع للضريبة" fils={totals.taxableFils} />
          <TotalRow en={credit ? "VAT reversed" : "Total VAT"} ar="إجمالي ضريبة القيمة المضافة" fils={totals.vatFils} />
          <TotalRow en={credit ? "Total credited" : "Amount payable"} ar={credit ? "إجمالي المبلغ المسترد" : "المبلغ المستحق"} fils={totals.totalFils} grand />
        </View>
        <Bilingual en="Prices include VAT. Amounts in UAE dirhams (AED)." ar="الأسعار شاملة ضريبة القيمة المضافة. المبالغ بالدرهم الإماراتي." />
        <Text style={styles.footer} fixed>
          {invoice.sellerName} · TRN {invoice.sellerTrn} · {number}
        </Text>
      </Page>
    </Document>
  );
}

/** The PDF file of a tax document, rendered from its frozen rows (same content on every render). */
export async function renderTaxDocumentPdf(document: TaxDocument): Promise<Buffer> {
  return renderToBuffer(<TaxDocumentPdf document={document} />);
}

export function taxDocumentFileName(document: TaxDocument): string {
  return `${document.kind === "credit_note" ? document.creditNote.number : document.invoice.number}.pdf`;
}

/** The PDF as a download (private, never cached by a shared cache). */
export async function taxDocumentPdfResponse(document: TaxDocument): Promise<Response> {
  const pdf = await renderTaxDocumentPdf(document);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${taxDocumentFileName(document).replace(/[^\w.-]+/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
