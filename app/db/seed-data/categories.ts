export type SeedCategory = {
  name: string;
  description: string;
  icon: "heart" | "dna" | null;
};

export const seedCategories: SeedCategory[] = [
  {
    name: "Heart Health",
    description:
      "Blood tests that look at cholesterol, inflammation and heart-muscle markers. They help you and your doctor understand your cardiovascular risk and track the effect of lifestyle changes or treatment.",
    icon: "heart",
  },
  {
    name: "Diabetes & Metabolism",
    description:
      "Tests for blood sugar control, insulin resistance and related metabolic markers. Useful for screening, for monitoring diabetes and for checking how your body handles glucose.",
    icon: null,
  },
  {
    name: "Genetic Testing",
    description:
      "DNA-based tests that look for inherited variants affecting disease risk, carrier status or how you respond to medicines. Results are best reviewed with your doctor or a genetic counsellor.",
    icon: "dna",
  },
  {
    name: "Hormone Panels",
    description:
      "Measurements of reproductive, adrenal and growth hormones. Hormone levels change with age, time of day and the menstrual cycle, so timing instructions matter for these tests.",
    icon: null,
  },
  {
    name: "Brain & Neurology",
    description:
      "Tests that support the assessment of nerve and brain health, including vitamin levels linked to nerve function and blood levels of anti-epileptic and mood-stabilising medicines.",
    icon: null,
  },
  {
    name: "Vitamin & Mineral",
    description:
      "Checks for common deficiencies such as vitamin D, vitamin B12, iron and magnesium. Deficiencies are common in the UAE and can cause tiredness, low mood and weak bones.",
    icon: null,
  },
  {
    name: "Prenatal & Fertility",
    description:
      "Tests for people planning a family, trying to conceive or already pregnant, from ovarian reserve and semen analysis to pregnancy hormones, immunity checks and prenatal screening.",
    icon: null,
  },
  {
    name: "Executive Health",
    description:
      "Comprehensive check-up packages that combine the most useful screening tests in a single visit. Ideal for a yearly health review with results you can discuss with your doctor.",
    icon: null,
  },
  {
    name: "Liver & Kidney",
    description:
      "Panels that measure how well your liver and kidneys are working, including enzymes, proteins, electrolytes and filtration markers such as creatinine and eGFR.",
    icon: null,
  },
  {
    name: "Thyroid",
    description:
      "Tests for thyroid hormones and thyroid antibodies. The thyroid controls metabolism, so imbalances can affect energy, weight, mood, heart rate and fertility.",
    icon: null,
  },
  {
    name: "Infectious Diseases",
    description:
      "Screening and diagnostic tests for viral, bacterial and parasitic infections, including hepatitis, HIV, tuberculosis and sexually transmitted infections. All results are handled confidentially.",
    icon: null,
  },
  {
    name: "Allergy & Immunity",
    description:
      "Blood tests for allergies to foods, dust, pollen and pets, along with markers of autoimmune conditions such as celiac disease and rheumatoid arthritis.",
    icon: null,
  },
  {
    name: "Women's Health",
    description:
      "Tests focused on women's health across every life stage, including cervical screening, hormonal conditions such as PCOS, menopause and ovarian markers.",
    icon: null,
  },
  {
    name: "General Health",
    description:
      "Everyday blood and urine tests that give a broad picture of your health, such as a complete blood count, metabolic panels, inflammation markers and blood group.",
    icon: null,
  },
];
