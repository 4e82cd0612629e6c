// Fixed copy of the home page (spec section 1 and the home screen).

export const HOME_CATEGORY_NAMES = [
  "Heart Health",
  "Diabetes & Metabolism",
  "Genetic Testing",
  "Hormone Panels",
  "Brain & Neurology",
  "Vitamin & Mineral",
  "Prenatal & Fertility",
  "Executive Health",
] as const;

export type HomeCategoryName = (typeof HOME_CATEGORY_NAMES)[number];

export const CATEGORY_BLURBS: Record<(typeof HOME_CATEGORY_NAMES)[number], string> = {
  "Heart Health": "Cholesterol, lipid and cardiac markers to understand your heart risk.",
  "Diabetes & Metabolism": "HbA1c, glucose and insulin tests for screening and monitoring.",
  "Genetic Testing": "DNA tests for inherited risks, carrier status and medicine response.",
  "Hormone Panels": "Thyroid, reproductive and adrenal hormones, timed correctly.",
  "Brain & Neurology": "Markers and vitamin levels linked to nerve and brain health.",
  "Vitamin & Mineral": "Vitamin D, B12, iron and more, common gaps in the UAE.",
  "Prenatal & Fertility": "Fertility hormones and pregnancy screening for both partners.",
  "Executive Health": "Comprehensive check-up packages for busy professionals.",
};

export const MARKETING_STATS = [
  { value: "10,000+", label: "Patients served" },
  { value: "2,000+", label: "Lab tests" },
  { value: "20+", label: "Partner labs" },
  { value: "Up to 50%", label: "Savings" },
] as const;

/** The tests of the 'Most Popular Tests' card, shown with their catalogue prices when they exist. */
export const POPULAR_TEST_NAMES = [
  "Complete Blood Count (CBC)",
  "Vitamin D (25-OH)",
  "HbA1c (Glycated Haemoglobin)",
  "Lipid Profile",
] as const;

export const HOW_IT_WORKS = [
  { title: "Search", text: "Find the test or health package you need and compare prices from partner labs." },
  { title: "Book Appointment", text: "Pick a date and time that suits you, at a lab or with home collection." },
  { title: "Get Tested", text: "A licensed professional collects your sample at the lab or at your home." },
  { title: "View Results", text: "Receive your results digitally, usually within 24-48 hours." },
] as const;

export const BENEFITS = [
  { title: "Compare Prices", text: "See prices from 20+ partner labs side by side and save up to 50%." },
  { title: "Home Collection", text: "A nurse comes to your home or office anywhere in Abu Dhabi." },
  { title: "Digital Results", text: "Secure results online, ready to share with your doctor." },
  { title: "Accredited Labs", text: "Every partner lab is licensed by the Department of Health Abu Dhabi." },
  { title: "Fast Turnaround", text: "Most results arrive within 24-48 hours; complex tests in 3-7 days." },
  { title: "Rated 4.8 by Patients", text: "An average of 4.8 out of 5 from 500+ reviews." },
] as const;

export const TESTIMONIALS = [
  {
    name: "Fatima A.",
    location: "Khalifa City",
    quote: "Booked a vitamin panel in two minutes and the nurse came to my home the next morning. Results were on my phone the same evening.",
  },
  {
    name: "Rahul M.",
    location: "Al Reem Island",
    quote: "I compared three labs for my annual check-up and saved almost half compared with walking in. Very clear prices.",
  },
  {
    name: "Sarah K.",
    location: "Yas Island",
    quote: "The preparation instructions were simple and the reminder before my fasting test really helped.",
  },
  {
    name: "Omar H.",
    location: "Al Mushrif",
    quote: "Home collection for my parents made everything easier. Friendly staff and quick digital results.",
  },
  {
    name: "Maria L.",
    location: "Saadiyat",
    quote: "Booked a fertility panel discreetly online and received the report in PDF to share with my doctor.",
  },
] as const;
