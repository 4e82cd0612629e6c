import { useState } from "react";
import { useTranslation } from "~/i18n/use-translation";
import { useMessageTranslator } from "~/i18n/use-message";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { REFERRAL_ACCEPT, referralFields, referralFileProblem, type ReferralRequirement } from "~/modules/booking/referral";

/**
 * The doctor's referral a test asks for before booking (issue 26), in the Book Test form and on a
 * checkout line: "doctor_name" is a checkbox confirming the referral and the doctor's name,
 * "upload" the referral file (PDF, PNG or JPEG, 5 MB at most; the server checks its content).
 * `kept`: what the customer's cart line already holds (checkout), so a file need not be sent again.
 */
export function ReferralFields({
  requirement,
  idPrefix,
  testId,
  testName,
  error,
  kept,
}: {
  requirement: ReferralRequirement | undefined;
  idPrefix: string;
  /** A checkout line's test: its fields are named per line. */
  testId?: string;
  testName: string;
  error?: string;
  kept?: { doctorName: string | null; hasFile: boolean };
}) {
  const { t } = useTranslation("checkout");
  const translate = useMessageTranslator();
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  if (!requirement || requirement === "none") return null;
  const names = referralFields(testId);
  const id = (name: string) => `${idPrefix}-referral-${name}`;
  const message = fileProblem ?? error;
  const errorId = id("error");
  const described = message ? errorId : undefined;
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border border-dashed p-3" data-testid="referral-fields">
      <legend className="px-1 text-sm font-medium">{t("Doctor's referral")}</legend>
      <p className="text-sm text-muted-foreground">{t("This test needs a doctor's referral.")}</p>
      {requirement === "doctor_name" ? (
        <>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name={names.confirmed}
              defaultChecked={Boolean(kept?.doctorName)}
              required
              aria-invalid={message ? true : undefined}
              aria-describedby={described}
              className="mt-0.5 size-4 shrink-0 accent-primary"
            />
            {t("I have a doctor's referral for {{test}}", { test: testName })}
          </label>
          <Field id={id("doctor")} label={t("Doctor's name")}>
            <Input
              id={id("doctor")}
              name={names.doctorName}
              defaultValue={kept?.doctorName ?? ""}
              maxLength={120}
              autoComplete="off"
              required
              aria-invalid={message ? true : undefined}
              aria-describedby={described}
            />
          </Field>
        </>
      ) : (
        <Field id={id("file")} label={t("Doctor's referral for {{test}} (PDF, PNG or JPEG, up to 5 MB)", { test: testName })}>
          <input
            id={id("file")}
            type="file"
            name={names.file}
            accept={REFERRAL_ACCEPT}
            required={!kept?.hasFile}
            aria-invalid={message ? true : undefined}
            aria-describedby={described}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              setFileProblem(file ? referralFileProblem(file) : null);
            }}
            className="w-full min-w-0 max-w-full text-sm file:me-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
          />
          {kept?.hasFile ? <p className="text-xs text-muted-foreground">{t("Your referral is on file. Choose a file only to replace it.")}</p> : null}
        </Field>
      )}
      {message ? (
        <p id={errorId} className="text-sm text-destructive" role="alert">
          {translate(message)}
        </p>
      ) : null}
    </fieldset>
  );
}
