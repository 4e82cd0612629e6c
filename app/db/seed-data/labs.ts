export type SeedLab = {
  name: string;
  description: string;
  address: string;
  contactPhone: string;
  contactEmail: string;
  isActive: boolean;
};

// All lab names, phone numbers and e-mail domains below are fictional demo data.
// Abu Dhabi city numbers use the 02 area code; Al Ain numbers use 03.
export const seedLabs: SeedLab[] = [
  {
    name: "Corniche Diagnostics Lab",
    description:
      "A full-service clinical laboratory on the Corniche offering routine blood work, hormone testing and walk-in sample collection seven days a week.",
    address: "Office 402, Corniche Tower, Corniche Road West, Al Khalidiyah, Abu Dhabi",
    contactPhone: "+971 2 614 2280",
    contactEmail: "info@cornichediagnostics.ae",
    isActive: true,
  },
  {
    name: "Reem Island Clinical Laboratory",
    description:
      "Modern laboratory serving Al Reem Island residents with same-day routine results and home sample collection across the island.",
    address: "Ground Floor, Sky Tower Podium, Shams Abu Dhabi, Al Reem Island, Abu Dhabi",
    contactPhone: "+971 2 643 7150",
    contactEmail: "contact@reemclinicallab.ae",
    isActive: true,
  },
  {
    name: "Saadiyat Precision Diagnostics",
    description:
      "Specialist laboratory focused on advanced cardiac, metabolic and endocrine testing, with results reviewed by consultant pathologists.",
    address: "Unit 12, Saadiyat Grove Medical Pavilion, Saadiyat Island, Abu Dhabi",
    contactPhone: "+971 2 678 9034",
    contactEmail: "hello@saadiyatprecision.ae",
    isActive: true,
  },
  {
    name: "Khalifa City Family Lab",
    description:
      "Family-friendly community laboratory with paediatric phlebotomists and a dedicated area for children and expectant mothers.",
    address: "Villa 27, Street 14, Khalifa City A, Abu Dhabi",
    contactPhone: "+971 2 556 3418",
    contactEmail: "care@khalifacityfamilylab.ae",
    isActive: true,
  },
  {
    name: "Mussafah Occupational Health Lab",
    description:
      "Occupational health laboratory supporting companies in Mussafah and ICAD with pre-employment panels, drug screens and corporate wellness days.",
    address: "Plot 41, Sector M-10, Mussafah Industrial Area, Abu Dhabi",
    contactPhone: "+971 2 551 0962",
    contactEmail: "corporate@mussafahohlab.ae",
    isActive: true,
  },
  {
    name: "Al Bateen Pathology Centre",
    description:
      "Consultant-led pathology centre offering histopathology, cytology and a broad menu of clinical chemistry and immunology tests.",
    address: "Building 9, Al Bateen Street, Al Bateen, Abu Dhabi",
    contactPhone: "+971 2 666 4721",
    contactEmail: "reception@albateenpathology.ae",
    isActive: true,
  },
  {
    name: "Yas Bay Wellness Lab",
    description:
      "Wellness-focused laboratory offering health check-up packages, sports performance panels and early-morning appointments for busy professionals.",
    address: "Retail Unit 3, Yas Bay Waterfront, Yas Island, Abu Dhabi",
    contactPhone: "+971 2 565 8843",
    contactEmail: "bookings@yasbaywellness.ae",
    isActive: true,
  },
  {
    name: "MBZ City Diagnostic Centre",
    description:
      "Large diagnostic centre in Mohammed Bin Zayed City with an on-site collection clinic, free parking and an extended evening schedule.",
    address: "Shop 5, Zone 18, Mohammed Bin Zayed City, Abu Dhabi",
    contactPhone: "+971 2 559 2176",
    contactEmail: "info@mbzcitydiagnostics.ae",
    isActive: true,
  },
  {
    name: "Al Ain Oasis Laboratory",
    description:
      "Serving the Garden City with routine and specialised testing, home collection across Al Ain and results in Arabic and English.",
    address: "Building 3, Khalifa bin Zayed the First Street, Al Jimi, Al Ain",
    contactPhone: "+971 3 761 4390",
    contactEmail: "info@alainoasislab.ae",
    isActive: true,
  },
  {
    name: "Khalidiyah Medical Laboratory",
    description:
      "Long-established neighbourhood laboratory known for fast turnaround on routine panels and friendly, experienced phlebotomists.",
    address: "Mezzanine Floor, Khalidiyah Residence, 30th Street, Al Khalidiyah, Abu Dhabi",
    contactPhone: "+971 2 627 5518",
    contactEmail: "lab@khalidiyahmedlab.ae",
    isActive: true,
  },
  {
    name: "Mangrove Genomics Lab",
    description:
      "Molecular and genetic testing laboratory offering carrier screening, pharmacogenomics and hereditary cancer panels with genetic counselling support.",
    address: "Level 6, Mangrove Place Business Centre, Eastern Mangroves, Abu Dhabi",
    contactPhone: "+971 2 691 3305",
    contactEmail: "genomics@mangrovegenomics.ae",
    isActive: true,
  },
  {
    name: "Al Dhafra Regional Laboratory",
    description:
      "Regional laboratory serving Madinat Zayed and the wider Al Dhafra region, with courier links to Abu Dhabi city for specialised tests.",
    address: "Health Services Complex, Hamdan bin Zayed Street, Madinat Zayed, Al Dhafra",
    contactPhone: "+971 2 884 1627",
    contactEmail: "info@dhafraregionallab.ae",
    isActive: true,
  },
  {
    name: "Ruwais Coastal Lab",
    description:
      "Community laboratory for Ruwais residents and industrial workforces, offering routine testing, occupational screening and home visits.",
    address: "Unit 7, Ruwais Mall Medical Wing, Ruwais, Al Dhafra",
    contactPhone: "+971 2 877 2054",
    contactEmail: "hello@ruwaiscoastallab.ae",
    isActive: true,
  },
  {
    name: "Shakhbout City Health Lab",
    description:
      "Neighbourhood laboratory with a focus on diabetes and heart-health monitoring, and a quiet collection room for nervous patients.",
    address: "Villa 112, Street 6, Shakhbout City, Abu Dhabi",
    contactPhone: "+971 2 585 6639",
    contactEmail: "info@shakhboutcitylab.ae",
    isActive: true,
  },
  {
    name: "Al Mushrif Diagnostics",
    description:
      "Boutique diagnostics clinic offering private collection suites, hormone and fertility testing, and detailed result consultations.",
    address: "Villa 8, Al Karamah Street, Al Mushrif, Abu Dhabi",
    contactPhone: "+971 2 447 3812",
    contactEmail: "appointments@almushrifdiagnostics.ae",
    isActive: true,
  },
  {
    name: "Al Zahiyah Clinical Lab",
    description:
      "Central city laboratory near the Tourist Club area, convenient for office workers, with walk-in collection from 7 am.",
    address: "First Floor, Al Zahiyah Plaza, Al Falah Street, Al Zahiyah, Abu Dhabi",
    contactPhone: "+971 2 672 9045",
    contactEmail: "info@alzahiyahlab.ae",
    isActive: true,
  },
  {
    name: "Al Raha Beach Diagnostics",
    description:
      "Waterfront laboratory serving Al Raha Beach and Al Bandar with same-day routine panels and home collection by appointment.",
    address: "Retail Unit 14, Al Bandar Promenade, Al Raha Beach, Abu Dhabi",
    contactPhone: "+971 2 557 4460",
    contactEmail: "contact@alrahabeachdiagnostics.ae",
    isActive: true,
  },
  {
    name: "Maryah Island Precision Lab",
    description:
      "Executive health laboratory in the financial district offering comprehensive check-up packages and lunchtime appointments.",
    address: "Level 2, Galleria Medical Suites, Al Maryah Island, Abu Dhabi",
    contactPhone: "+971 2 658 1190",
    contactEmail: "executive@maryahprecisionlab.ae",
    isActive: true,
  },
  {
    name: "Baniyas Community Laboratory",
    description:
      "Affordable community laboratory serving Baniyas and Al Shamkha with a broad menu of routine tests and Arabic-, English- and Urdu-speaking staff.",
    address: "Shop 21, Baniyas East 9, Baniyas, Abu Dhabi",
    contactPhone: "+971 2 583 7724",
    contactEmail: "info@baniyascommunitylab.ae",
    isActive: true,
  },
  {
    name: "Al Shamkha Family Diagnostics",
    description:
      "Family diagnostics centre with paediatric sample collection, antenatal panels and a dedicated women's clinic.",
    address: "Villa 45, Street 19, Al Shamkha, Abu Dhabi",
    contactPhone: "+971 2 563 2098",
    contactEmail: "family@alshamkhadiagnostics.ae",
    isActive: true,
  },
  {
    name: "Hili Clinical Laboratory",
    description:
      "Al Ain laboratory near Hili with a fast-track lane for fasting tests, so you can have breakfast sooner.",
    address: "Building 17, Hili Street, Hili, Al Ain",
    contactPhone: "+971 3 782 5136",
    contactEmail: "info@hiliclinicallab.ae",
    isActive: true,
  },
  {
    name: "Al Muroor Medical Lab",
    description:
      "Central laboratory on Muroor Road offering routine chemistry, haematology and infectious disease testing for clinics across the city.",
    address: "Building 220, Muroor Road (Fourth Street), Al Muroor, Abu Dhabi",
    contactPhone: "+971 2 644 8307",
    contactEmail: "lab@almuroormedlab.ae",
    isActive: true,
  },
  {
    name: "Pearl Coast Diagnostics",
    description:
      "Former partner laboratory offering routine and wellness testing. Currently not accepting new bookings through the platform.",
    address: "Office 803, Pearl Business Tower, Electra Street, Al Markaziyah, Abu Dhabi",
    contactPhone: "+971 2 631 5572",
    contactEmail: "info@pearlcoastdiagnostics.ae",
    isActive: false,
  },
  {
    name: "Desert Rose Medical Laboratory",
    description:
      "Al Ain laboratory specialising in endocrinology and diabetes monitoring. Partnership paused while the lab relocates to new premises.",
    address: "Unit 4, Al Mutaredh Commercial Building, Al Mutaredh, Al Ain",
    contactPhone: "+971 3 765 2281",
    contactEmail: "contact@desertroselab.ae",
    isActive: false,
  },
];
