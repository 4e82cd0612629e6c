// What the lab and the admin read of the patient for reference ranges and the referral (issue 26):
// date of birth with the age on the booking's day, sex, the referring doctor and the referral
// file's link. Words through the catalogue (English and Arabic); a booking made before they were
// asked shows "Not given", never a guess.
import { FileText } from "~/components/ui/icons";
import { intlLocaleOf } from "~/i18n/languages";
import { useLanguage } from "~/i18n/use-language";
import { useTranslation } from "~/i18n/use-translation";
import type { PatientSex } from "~/modules/accounts/patient-sexes";
import { doctorNameWithoutTitle } from "~/modules/booking/patient-age";

export type PatientFacts = {
  patientDateOfBirth: string | null;
  patientAge: number | null;
  patientSex: PatientSex | null;
  referralDoctorName: string | null;
  hasReferralFile: boolean;
};

const birthFormats = new Map<string, Intl.DateTimeFormat>();
function birthFormat(locale: string) {
  let format = birthFormats.get(locale);
  if (!format) birthFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })));
  return format;
}

/** The words of the patient's facts in the page's language. */
export function usePatientFactWords() {
  const { t } = useTranslation("account");
  const locale = intlLocaleOf(useLanguage());
  const notGiven = t("Not given");
  return {
    dateOfBirthLabel: t("Date of birth"),
    sexLabel: t("Sex"),
    referralLabel: t("Referral"),
    notGiven,
    /** "15 Jun 1990 (36 years old)": the age on the booking's day. */
    birth: (facts: Pick<PatientFacts, "patientDateOfBirth" | "patientAge">) => {
      if (!facts.patientDateOfBirth) return notGiven;
      const date = birthFormat(locale).format(new Date(`${facts.patientDateOfBirth}T00:00:00Z`));
      return facts.patientAge === null ? date : `${date} (${t("{{count}} years old", { count: facts.patientAge })})`;
    },
    sex: (sex: PatientSex | null) => (sex === "female" ? t("Female") : sex === "male" ? t("Male") : notGiven),
    referredBy: (name: string) => t("Referred by Dr {{name}}", { name: doctorNameWithoutTitle(name) }),
    download: t("Download the referral"),
  };
}

/** The referral: "Referred by Dr …" and the file's download link, or nothing when the booking has neither. */
export function ReferralFacts({ facts, href }: { facts: Pick<PatientFacts, "referralDoctorName" | "hasReferralFile">; href: string }) {
  const words = usePatientFactWords();
  if (!facts.referralDoctorName && !facts.hasReferralFile) return null;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-3 gap-y-1">
      {facts.referralDoctorName ? <span className="break-words">{words.referredBy(facts.referralDoctorName)}</span> : null}
      {facts.hasReferralFile ? (
        <a href={href} download className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline print:hidden">
          <FileText className="size-4" aria-hidden /> {words.download}
        </a>
      ) : null}
    </span>
  );
}
