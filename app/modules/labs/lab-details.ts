// Client-safe helpers of the lab pages: opening hours as rows and as schema.org data, the map link.
import { WEEKDAY_NAMES, weekdays, type OpeningHours, type Weekday } from "~/modules/slots/collection-types";

export type OpeningHoursRow = { weekday: Weekday; day: string; hours: string; open: boolean };

const isAllDay = (open: string, close: string) => open === "00:00" && (close === "24:00" || close === "23:59");

/** One row per weekday, Sunday first (the week of the UAE calendar): "07:00 – 22:00", "Open 24 hours" or "Closed". */
export function openingHoursRows(hours: OpeningHours | null): OpeningHoursRow[] {
  if (!hours) return [];
  return weekdays.map((weekday) => {
    const day = hours[weekday];
    return {
      weekday,
      day: WEEKDAY_NAMES[weekday],
      open: !!day,
      hours: !day ? "Closed" : isAllDay(day.open, day.close) ? "Open 24 hours" : `${day.open} – ${day.close}`,
    };
  });
}

/** schema.org openingHoursSpecification entries (local Asia/Dubai times, as the lab publishes them). */
export function openingHoursSpecification(hours: OpeningHours | null) {
  if (!hours) return [];
  return weekdays.flatMap((weekday) => {
    const day = hours[weekday];
    if (!day) return [];
    return [
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${WEEKDAY_NAMES[weekday]}`,
        opens: day.open,
        closes: day.close === "24:00" ? "23:59" : day.close,
      },
    ];
  });
}

/** A map of the lab's position on OpenStreetMap, or null without coordinates. */
export function mapUrl(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  const lat = latitude.toFixed(5);
  const lon = longitude.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=16/${lat}/${lon}`;
}

/** "Results in 24 hours", "Results in 3 days"; null when the lab gave no time. */
export function resultHoursText(hours: number | null): string | null {
  if (hours === null) return null;
  if (hours >= 48 && hours % 24 === 0) return `Results in ${hours / 24} days`;
  return hours === 1 ? "Results in 1 hour" : `Results in ${hours} hours`;
}

type LabForStructuredData = {
  name: string;
  description: string | null;
  area: string | null;
  address: string | null;
  contactPhone: string | null;
  contactEmail: string | null;
  logoUrl: string | null;
  latitude: number | null;
  longitude: number | null;
  openingHours: OpeningHours | null;
  homeCollectionAreas: string[];
  homeCollectionFeeFils: number | null;
};

/** schema.org MedicalClinic data of a lab page (a LocalBusiness: address, geo, opening hours, telephone). */
export function labJsonLd(lab: LabForStructuredData, url: string, image: string | null) {
  const hours = openingHoursSpecification(lab.openingHours);
  return {
    "@context": "https://schema.org",
    "@type": "MedicalClinic",
    "@id": `${url}#lab`,
    name: lab.name,
    url,
    ...(lab.description ? { description: lab.description } : {}),
    ...(image ? { image, logo: image } : {}),
    ...(lab.contactPhone ? { telephone: lab.contactPhone } : {}),
    ...(lab.contactEmail ? { email: lab.contactEmail } : {}),
    address: {
      "@type": "PostalAddress",
      ...(lab.address ? { streetAddress: lab.address } : {}),
      addressLocality: lab.area ?? "Abu Dhabi",
      addressRegion: "Abu Dhabi",
      addressCountry: "AE",
    },
    ...(lab.latitude !== null && lab.longitude !== null
      ? { geo: { "@type": "GeoCoordinates", latitude: lab.latitude, longitude: lab.longitude } }
      : {}),
    ...(hours.length > 0 ? { openingHoursSpecification: hours } : {}),
    ...(lab.homeCollectionFeeFils !== null && lab.homeCollectionAreas.length > 0
      ? { areaServed: lab.homeCollectionAreas.map((name) => ({ "@type": "Place", name: `${name}, Abu Dhabi` })) }
      : {}),
    medicalSpecialty: "https://schema.org/Pathology",
    isAcceptingNewPatients: true,
  };
}
